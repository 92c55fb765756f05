import type { Domain } from '../domains/domain.js';
import { sparseVector, type SparseVector } from '../embeddings/vector.js';
import type { FactConfidence } from './extraction/index.js';
import type { FactStatus } from './fact-record.js';
import { contentStems, phraseWords, subjectStems } from './fact-words.js';
import { isStandingInstruction } from './standing-instruction.js';

/** A live fact as selection needs it, with everything costly precomputed once. */
export interface IndexedFact {
  id: string;
  fact: string;
  domain: Domain;
  subject: string | null;
  confidence: FactConfidence;
  status: FactStatus;
  tokenCount: number;
  createdAt: number;
  lastConfirmedAt: number;
  /** null when the fact has no vector of the current embedder yet. */
  vector: Float32Array | null;
  /** The vector's sparse form (null when it has none, or is dense): what selection reads for every fact. */
  terms: SparseVector | null;
  /** Content stems of the statement (the mention rule). */
  stems: string[];
  /** Stems of the subject key without its category word (naming). */
  subjectStems: string[];
  /** Stems of the value when known (naming). */
  valueStems: string[];
  /** Folded words of the statement (value containment). */
  words: string[];
  /** It says how to answer from now on (`isStandingInstruction`): relevant to every message. */
  standing: boolean;
}

/** The fields the index derives from a fact's text. */
type DerivedField = 'terms' | 'stems' | 'subjectStems' | 'valueStems' | 'words' | 'standing';

/** What the index is built from: a fact's stored fields, and its value when known. */
export type IndexInput = Omit<IndexedFact, DerivedField> & { value: string | null };

export function indexedFact(input: IndexInput): IndexedFact {
  return shaped(input, {
    terms: input.vector === null ? null : sparseVector(input.vector),
    stems: contentStems(input.fact),
    subjectStems: subjectStems(input.subject),
    valueStems: input.value === null ? [] : contentStems(input.value),
    words: phraseWords(input.fact),
    standing: isStandingInstruction(input.fact),
  });
}

// One literal shape for every entry: selection reads these fields for every fact on
// every call, and objects of one hidden class keep those reads monomorphic.
function shaped(
  base: Omit<IndexedFact, DerivedField>,
  derived: Pick<IndexedFact, DerivedField>,
): IndexedFact {
  return {
    id: base.id,
    fact: base.fact,
    domain: base.domain,
    subject: base.subject,
    confidence: base.confidence,
    status: base.status,
    tokenCount: base.tokenCount,
    createdAt: base.createdAt,
    lastConfirmedAt: base.lastConfirmedAt,
    vector: base.vector,
    terms: derived.terms,
    stems: derived.stems,
    subjectStems: derived.subjectStems,
    valueStems: derived.valueStems,
    words: derived.words,
    standing: derived.standing,
  };
}

/**
 * The in-memory mirror of the live facts that selection reads on every context call.
 * Only after-commit callbacks change it, so a rolled-back request leaves it untouched.
 */
export class FactIndex {
  private readonly byId = new Map<string, IndexedFact>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): IndexedFact | undefined {
    return this.byId.get(id);
  }

  /** Every fact, in no particular order (callers that rank break ties by id). */
  values(): IterableIterator<IndexedFact> {
    return this.byId.values();
  }

  put(fact: IndexedFact): void {
    this.byId.set(fact.id, fact);
  }

  /** Updates the fields a re-confirmation or an edit changes, keeping the precomputed rest. */
  patch(id: string, changes: Partial<Pick<IndexedFact, 'status' | 'confidence' | 'lastConfirmedAt' | 'domain' | 'vector'>>): void {
    const current = this.byId.get(id);
    if (current) this.byId.set(id, shaped({ ...current, ...changes }, current));
  }

  remove(id: string): void {
    this.byId.delete(id);
  }

  replaceAll(facts: readonly IndexedFact[]): void {
    this.byId.clear();
    for (const fact of facts) this.byId.set(fact.id, fact);
  }
}
