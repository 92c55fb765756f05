import type { Tokenizer } from './tokenizer.js';

// Texts up to this many characters per allowed token are counted whole first. Longer
// ones fit only if their tokens average more characters than this (runs of one
// repeated symbol), so they are not worth an O(n) count.
const WHOLE_TEXT_CHARS_PER_TOKEN = 64;

/**
 * A long suffix of `text` that starts on a character boundary and counts ≤ maxTokens:
 * the whole text when it fits (checked outright unless it is over 64 characters per
 * token), otherwise found by galloping back from the end, then bisecting, so it costs
 * O(m log m) for a suffix of m characters, whatever the text's length. The search
 * assumes longer suffixes never count less; BPE counts can dip by a token where a cut
 * splits a word ("canción" is 4 tokens, "the canción" 3), so it may miss a slightly
 * longer suffix that fits, never return one that does not. Never starts inside a
 * surrogate pair. For the pressure path only.
 */
export function truncateTail(tokenizer: Tokenizer, text: string, maxTokens: number): string {
  const limit = Math.floor(maxTokens);
  if (!(limit > 0)) return '';
  if (text.length <= limit * WHOLE_TEXT_CHARS_PER_TOKEN && tokenizer.count(text) <= limit) return text;
  const starts = codePointStarts(text);
  const last = starts.length - 1;
  const fits = (index: number): boolean => tokenizer.count(text.slice(starts[index])) <= limit;
  // Invariant: the suffix from starts[high] fits; the one from starts[low] does not (or low = -1 = none tried).
  let high = last;
  let step = Math.max(1, limit);
  let low = -1;
  for (;;) {
    const probe = high - step;
    if (probe <= 0) {
      if (fits(0)) return text;
      low = 0;
      break;
    }
    if (!fits(probe)) {
      low = probe;
      break;
    }
    high = probe;
    step *= 2;
  }
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (fits(mid)) high = mid;
    else low = mid;
  }
  return text.slice(starts[high]);
}

// Start offsets of every code point, plus text.length.
function codePointStarts(text: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const isLowAfterHigh = code >= 0xdc00 && code <= 0xdfff && i > 0 && isHigh(text.charCodeAt(i - 1));
    if (!isLowAfterHigh) starts.push(i);
  }
  starts.push(text.length);
  return starts;
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
