import { STOP_WORDS } from './stopwords.js';
import { foldText, foldedWords } from './text-normalise.js';

// Only the head of a text is read: a pasted document must not cost more.
const SCAN_CHARS = 4000;

/**
 * The distinct content words of a text (folded, no stop words, at least 3 characters),
 * in order of first appearance: what summaries are indexed by and questions search with.
 */
export function contentWords(text: string): string[] {
  return [...new Set(foldedWords(foldText(text.slice(0, SCAN_CHARS))).filter((word) => word.length > 2 && !STOP_WORDS.has(word)))];
}
