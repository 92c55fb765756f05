import { setNewest } from '../bounded-map.js';
import { bufferToVector, cosine } from '../embeddings/vector.js';
import type { FactRow } from '../storage/facts-repo.js';
import { readStatement, storedValue, type StatementKey } from './fact-statement.js';
import { contentStems, containsPhrase, phraseWords } from './fact-words.js';

/** Above this cosine, two statements of the same domain say the same thing (spec §1.1, §4). */
export const RESTATEMENT_SIMILARITY = 0.85;

/** Whether a stored statement holds `value` as whole words ("I work at Acme" holds "Acme"). */
export function holdsValue(statement: string, value: string): boolean {
  return containsPhrase(phraseWords(statement), phraseWords(value));
}

/** Whether two statements have the same content words, whatever their order or function words. */
export function sameContent(a: string, b: string): boolean {
  const left = contentStems(a).sort();
  const right = contentStems(b).sort();
  return left.length > 0 && left.length === right.length && left.every((stem, i) => stem === right[i]);
}

/** The row's vector when it was made by `embedderId`, else null (never compare across embedders). */
export function rowVector(row: FactRow, embedderId: string, dims: number): Float32Array | null {
  if (row.embedding === null || row.embedderId !== embedderId) return null;
  return bufferToVector(row.embedding, dims);
}

/**
 * `storedValue` of stored facts, with the readings of the 256 statements read last
 * remembered: a restated fact's rows are matched again on every message that restates it,
 * and reading a statement runs every extraction rule, most of that message's write
 * transaction. A reading depends on the statement's text alone (the rules are
 * deterministic: no clock, no configuration), so a remembered one is exactly a fresh one;
 * the row's subject is compared on every call, never remembered.
 */
export class StoredValues {
  private readonly readings = new Map<string, StatementKey>();

  constructor(private readonly capacity = 256) {}

  /** The value `row`'s statement reads as, when it still reads as the row's subject. */
  of(row: Pick<FactRow, 'fact' | 'subject'>): string | null {
    return storedValue(row.fact, row.subject, (statement) => this.read(statement));
  }

  private read(statement: string): StatementKey {
    const reading = this.readings.get(statement) ?? readStatement(statement);
    setNewest(this.readings, statement, reading, this.capacity);
    return reading;
  }
}

/**
 * Whether a stored fact has `value` as its value: the value its statement reads as, word
 * for word ("I prefer tabs over spaces" has "tabs", not "spaces"; "I live in New York"
 * has "New York", not "York"). A statement that no longer reads as one value of its
 * subject falls back to holding `value` anywhere as whole words.
 */
export function hasValue(row: Pick<FactRow, 'fact' | 'subject'>, value: string, storedValues: StoredValues): boolean {
  const own = storedValues.of(row);
  if (own === null) return holdsValue(row.fact, value);
  const left = phraseWords(own);
  const right = phraseWords(value);
  return left.length > 0 && left.length === right.length && left.every((word, i) => word === right[i]);
}

/**
 * Whether `statement` says nothing the stored fact does not: each of its content stems is
 * one of the fact's. A differing day, number or name is news, however similar the rest.
 */
export function addsNothingTo(factStems: readonly string[], statement: string): boolean {
  const known = new Set(factStems);
  return contentStems(statement).every((each) => known.has(each));
}

/**
 * Whether a new statement restates a stored fact of the same subject. With a value, the
 * fact's own value decides ("my editor is Vim" vs "my editor is Helix"), however similar
 * the wording; without one, the same content words, or a cosine above 0.85 when the new
 * statement adds no content word ("…on Saturday" does not restate "…on Friday").
 */
export function restates(
  row: FactRow,
  statement: { text: string; value: string | null; vector: Float32Array },
  stored: Float32Array | null,
  storedValues: StoredValues,
): boolean {
  if (statement.value !== null) return hasValue(row, statement.value, storedValues);
  if (sameContent(row.fact, statement.text)) return true;
  if (stored === null || stored.length !== statement.vector.length) return false;
  return cosine(stored, statement.vector) > RESTATEMENT_SIMILARITY && addsNothingTo(contentStems(row.fact), statement.text);
}
