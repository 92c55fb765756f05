import type { BpeEncoder } from './bpe-encoder.js';

/**
 * A prefix of `text` that counts ≤ maxTokens and that one more code point would take
 * over maxTokens: found from the first maxTokens tokens of the whole text, then checked
 * and adjusted by counting the prefix itself (a cut re-encoded alone may merge
 * differently). Never ends between the two halves of a surrogate pair; a lone surrogate
 * of the text is a code point like any other and is kept as it is.
 */
export function truncateHead(encoder: BpeEncoder, text: string, maxTokens: number): string {
  const limit = Math.floor(maxTokens);
  if (!(limit > 0)) return '';
  const tokens = encoder.encode(text);
  if (tokens.length <= limit) return text;
  let keep = limit;
  let end = 0;
  for (;;) {
    end = prefixWithinBytes(text, encoder.byteLength(tokens.slice(0, keep)));
    const counted = encoder.count(text.slice(0, end));
    if (counted <= limit || keep === 0) break;
    keep = Math.max(0, keep - (counted - limit));
  }
  // The token prefix may stop inside a character, or short of a merge the cut allows.
  while (end < text.length) {
    const next = codePointEnd(text, end);
    if (encoder.count(text.slice(0, next)) > limit) break;
    end = next;
  }
  return text.slice(0, end);
}

// Length of the longest whole-code-point prefix of `text` whose UTF-8 encoding (lone surrogates as U+FFFD) fits in `bytes`.
function prefixWithinBytes(text: string, bytes: number): number {
  let end = 0;
  let used = 0;
  while (end < text.length) {
    const next = codePointEnd(text, end);
    used += utf8Length(text.codePointAt(end) ?? 0);
    if (used > bytes) break;
    end = next;
  }
  return end;
}

// Where the code point starting at `start` ends: a well-formed surrogate pair is one code point.
function codePointEnd(text: string, start: number): number {
  const code = text.codePointAt(start) ?? 0;
  return start + (code > 0xffff ? 2 : 1);
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  // Lone surrogates are encoded as U+FFFD: 3 bytes, like the rest of the BMP.
  return codePoint <= 0xffff ? 3 : 4;
}
