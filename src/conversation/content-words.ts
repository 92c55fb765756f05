import { STOP_WORDS } from './stopwords.js';
import { foldText, foldedWords } from './text-normalise.js';

// Only the head of a text is read: a pasted document must not cost more.
const SCAN_CHARS = 4000;

// Two-character words written in capitals, or a capital and a digit: CI, UI, DB, QA, PR, S3.
const SHORT_ACRONYM = /(?<![\p{L}\p{N}])[A-Z][A-Z0-9](?![\p{L}\p{N}])/gu;

/**
 * The distinct content words of a text (folded, no stop words, at least 3 characters, or
 * 2 when the text writes them as an acronym: "CI", "S3"), in order of first appearance:
 * what summaries are indexed by and questions search with. Without the acronyms "What did
 * we decide about CI?" would search for nothing but "decide".
 */
export function contentWords(text: string): string[] {
  const head = text.slice(0, SCAN_CHARS);
  const acronyms = shortAcronyms(head);
  return [...new Set(foldedWords(foldText(head)).filter((word) => (word.length > 2 || acronyms?.has(word) === true) && !STOP_WORDS.has(word)))];
}

// The folded forms of the text's short acronyms, or null when it has none (most texts).
function shortAcronyms(text: string): Set<string> | null {
  const found = text.match(SHORT_ACRONYM);
  return found === null ? null : new Set(found.map((word) => word.toLowerCase()));
}
