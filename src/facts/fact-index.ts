import type { Domain } from '../domains/domain.js';
import { foldText } from '../domains/fold-text.js';
import { SparseVectorIndex } from '../embeddings/sparse-vector-index.js';
import { cosine } from '../embeddings/vector.js';
import type { FactConfidence } from './extraction/index.js';
import type { FactStatus } from './fact-record.js';
import { twinKey } from './fact-statement.js';
import { contentStems, phraseWords, subjectStems, withoutFirstPerson } from './fact-words.js';
import { isPrivateDetail } from './extraction/subject-key.js';
import { polarityOf, type Polarity } from './polarity.js';
import { rareWordKeys } from './rare-words.js';
import { isInstructionSubject, isStandingInstruction } from './standing-instruction.js';

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
  /** Content stems of the statement (the mention rule). */
  stems: string[];
  /** Those of them that are not the first person's: what a message speaks of it by (`speaksOf`). */
  spokenStems: string[];
  /** Stems of the subject key without its category word (naming). */
  subjectStems: string[];
  /** Stems of the value when known (naming). */
  valueStems: string[];
  /** With a known value, the statement's other stems: what a question for the value names ("where do I live?"). */
  predicateStems: string[];
  /** Folded words of the statement (value containment). */
  words: string[];
  /** What the statement says against what it names ("I don't eat pork", "I hate cilantro"): a mention must say the same (`polarityOf`). */
  polarity: Polarity[];
  /** Keys of the statement's rare words (`rareWordKeys`): a message naming one may justify it alone (`namesRareWord`). */
  rareWords: string[];
  /** It says how to answer from now on (`isStandingInstruction`, or an instruction's subject: `isInstructionSubject`): relevant to every message. */
  standing: boolean;
  /** What its statement shares with its twins (`twinKey`): the API never keeps two live. */
  twinKey: string;
  /**
   * A contact or identity detail (`isPrivateDetail`) or a health matter (`isHealthMatter`):
   * in a prompt only when the message justifies it, never to fill the facts of its domain.
   */
  sensitive: boolean;
}

// The fields the index derives from a fact's text.
type DerivedField = 'stems' | 'spokenStems' | 'subjectStems' | 'valueStems' | 'predicateStems' | 'words' | 'polarity' | 'rareWords' | 'standing' | 'twinKey' | 'sensitive';

/** What the index is built from: a fact's stored fields, and its value when known. */
export type IndexInput = Omit<IndexedFact, DerivedField> & { value: string | null };

export function indexedFact(input: IndexInput): IndexedFact {
  const stems = contentStems(input.fact);
  const valueStems = input.value === null ? [] : contentStems(input.value);
  const words = phraseWords(input.fact);
  return shaped(input, {
    stems,
    spokenStems: withoutFirstPerson(stems),
    subjectStems: subjectStems(input.subject),
    valueStems,
    predicateStems: valueStems.length === 0 ? [] : stems.filter((each) => !valueStems.includes(each)),
    words,
    polarity: polarityOf(foldText(input.fact)),
    rareWords: [...rareWordKeys(words, new Set(stems))],
    standing: isStandingInstruction(input.fact) || isInstructionSubject(input.subject),
    twinKey: twinKey(input.fact),
    sensitive: (input.subject !== null && isPrivateDetail(input.subject, input.value)) || isHealthMatter(words),
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
    stems: derived.stems,
    spokenStems: derived.spokenStems,
    subjectStems: derived.subjectStems,
    valueStems: derived.valueStems,
    predicateStems: derived.predicateStems,
    words: derived.words,
    polarity: derived.polarity,
    rareWords: derived.rareWords,
    standing: derived.standing,
    twinKey: derived.twinKey,
    sensitive: derived.sensitive,
  };
}

/** The cosine of `message` with a fact, computed on the spot; 0 without a vector of its length. */
export function factSimilarity(message: Float32Array, fact: IndexedFact): number {
  return fact.vector !== null && fact.vector.length === message.length ? cosine(message, fact.vector) : 0;
}

/**
 * The in-memory mirror of the live facts that selection reads on every context call.
 * Only after-commit callbacks change it, so a rolled-back request leaves it untouched.
 */
export class FactIndex {
  private readonly byId = new Map<string, IndexedFact>();
  // The sparse forms of the facts' hashing vectors by dimension: selection compares every
  // message with every live fact. A model's dense vectors are compared one by one.
  private readonly vectors = new SparseVectorIndex<string>();
  // The ids of the facts holding each content stem: a text mentions only facts it shares a stem with.
  private readonly byStem = new Map<string, Set<string>>();

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

  /** The facts holding at least one of `stems` (those a text with them may mention), in no particular order. */
  sharingStems(stems: Iterable<string>): IndexedFact[] {
    const ids = new Set<string>();
    for (const each of stems) {
      const holders = this.byStem.get(each);
      if (holders !== undefined) for (const id of holders) ids.add(id);
    }
    return [...ids].map((id) => this.byId.get(id) as IndexedFact);
  }

  put(fact: IndexedFact): void {
    this.unindexStems(fact.id);
    this.byId.set(fact.id, fact);
    this.indexVector(fact);
    for (const each of fact.stems) {
      const holders = this.byStem.get(each);
      if (holders === undefined) this.byStem.set(each, new Set([fact.id]));
      else holders.add(fact.id);
    }
  }

  /** Updates the fields a re-confirmation or an edit changes, keeping the precomputed rest. */
  patch(id: string, changes: Partial<Pick<IndexedFact, 'status' | 'confidence' | 'lastConfirmedAt' | 'domain' | 'vector'>>): void {
    const current = this.byId.get(id);
    if (!current) return;
    const next = shaped({ ...current, ...changes }, current);
    this.byId.set(id, next);
    if (next.vector !== current.vector) this.indexVector(next);
  }

  remove(id: string): void {
    this.unindexStems(id);
    this.byId.delete(id);
    this.vectors.delete(id);
  }

  replaceAll(facts: readonly IndexedFact[]): void {
    this.byId.clear();
    this.vectors.clear();
    this.byStem.clear();
    for (const fact of facts) this.put(fact);
  }

  /**
   * The cosine of `message` with each fact, 0 for a fact without a vector of its length,
   * read from the index of their sparse vectors. Read it before the index changes.
   */
  similarities(message: Float32Array): (fact: IndexedFact) => number {
    const indexed = this.vectors.cosines(message);
    return (fact) => indexed(fact.id) ?? factSimilarity(message, fact);
  }

  // Forgets the stems of the fact stored under `id`, if any (a put may change its statement).
  private unindexStems(id: string): void {
    const current = this.byId.get(id);
    if (current === undefined) return;
    for (const each of current.stems) {
      const holders = this.byStem.get(each);
      if (holders === undefined) continue;
      holders.delete(id);
      if (holders.size === 0) this.byStem.delete(each);
    }
  }

  private indexVector(fact: IndexedFact): void {
    if (fact.vector === null) this.vectors.delete(fact.id);
    else this.vectors.set(fact.id, fact.vector);
  }
}

// Words of a health matter: a diagnosis, a condition, a treatment ("I was diagnosed with…",
// "I'm in therapy", "estoy embarazada"). An allergy is not among them: it is what a meal,
// a recipe or a prescription must know, and stays in its domain's prompts.
const HEALTH_WORDS = new Set([
  'diagnosed', 'diagnosis', 'hiv', 'cancer', 'tumor', 'tumour', 'chemo', 'chemotherapy', 'diabetes', 'diabetic', 'insulin',
  'depressed', 'anxiety', 'bipolar', 'schizophrenia', 'adhd', 'ptsd', 'autism', 'autistic', 'epilepsy', 'epileptic', 'asthma',
  'hepatitis', 'pregnant', 'pregnancy', 'miscarriage', 'abortion', 'disorder', 'therapy', 'psychologist', 'psychiatrist',
  'antidepressant', 'antidepressants', 'medication', 'medications', 'prescription', 'rehab', 'sobriety',
  'diagnostico', 'diagnosticado', 'diagnosticada', 'diagnosticaron', 'vih', 'sida', 'diabetico', 'diabetica', 'insulina',
  'depresion', 'ansiedad', 'trastorno', 'asma', 'embarazada', 'embarazo', 'aborto', 'terapia', 'psiquiatra', 'psicologo',
  'psicologa', 'medicacion', 'medicamentos', 'pastillas', 'antidepresivos', 'quimioterapia', 'quimio',
]);

/** Whether a statement's folded words speak of a health matter (`HEALTH_WORDS`). */
export function isHealthMatter(words: readonly string[]): boolean {
  return words.some((word) => HEALTH_WORDS.has(word));
}
