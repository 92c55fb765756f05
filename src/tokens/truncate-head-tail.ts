import type { Tokenizer } from './tokenizer.js';
import { truncateTail } from './truncate-tail.js';

/**
 * Keeps the start and the end of `text` joined by `marker` (e.g. "\n[…]\n"), counting
 * ≤ maxTokens in total; returns `text` unchanged when it already fits, and only a head
 * when the marker leaves no room for both ends. Head and tail never overlap and never
 * split a character. Re-counts the joined result (boundaries may merge differently)
 * and shrinks until it fits, so it is for the pressure path only.
 */
export function truncateHeadTail(tokenizer: Tokenizer, text: string, maxTokens: number, marker: string): string {
  const limit = Math.floor(maxTokens);
  if (!(limit > 0)) return '';
  if (tokenizer.count(text) <= limit) return text;
  let room = limit - tokenizer.count(marker);
  while (room >= 2) {
    const head = tokenizer.truncate(text, Math.ceil(room / 2));
    const tail = truncateTail(tokenizer, text.slice(head.length), Math.floor(room / 2));
    const joined = `${head}${marker}${tail}`;
    const counted = tokenizer.count(joined);
    if (counted <= limit) return joined;
    room -= counted - limit;
  }
  return tokenizer.truncate(text, limit);
}
