import { bufferToVector, cosine } from '../embeddings/vector.js';
import type { FactRow } from '../storage/facts-repo.js';
import { storedValue } from './fact-statement.js';
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
 * Whether a stored fact has `value` as its value: the value its statement reads as, word
 * for word ("I prefer tabs over spaces" has "tabs", not "spaces"; "I live in New York"
 * has "New York", not "York"). A statement that no longer reads as one value of its
 * subject falls back to holding `value` anywhere as whole words.
 */
export function hasValue(row: Pick<FactRow, 'fact' | 'subject'>, value: string): boolean {
  const own = storedValue(row.fact, row.subject);
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
): boolean {
  if (statement.value !== null) return hasValue(row, statement.value);
  if (sameContent(row.fact, statement.text)) return true;
  if (stored === null || stored.length !== statement.vector.length) return false;
  return cosine(stored, statement.vector) > RESTATEMENT_SIMILARITY && addsNothingTo(contentStems(row.fact), statement.text);
}
