import type { BpeEncoder } from './bpe-encoder.js';

/**
 * The longest head of `text` that ends on a token boundary of its own encoding (or on
 * the last whole character before it) and counts ≤ maxTokens. Always a prefix of
 * `text`; never ends inside a UTF-8 character or a surrogate pair.
 */
export function truncateHead(encoder: BpeEncoder, text: string, maxTokens: number): string {
  const limit = Math.floor(maxTokens);
  if (!(limit > 0)) return '';
  const tokens = encoder.encode(text);
  if (tokens.length <= limit) return text;
  let keep = limit;
  while (keep > 0) {
    const head = text.slice(0, wholeCharacterPrefixLength(text, encoder.decode(tokens.slice(0, keep))));
    // A token prefix re-encoded alone may merge differently; verify and back off.
    const counted = encoder.encode(head).length;
    if (counted <= limit) return head;
    keep -= counted - limit;
  }
  return '';
}

/**
 * Length of the longest prefix of `text` that `decoded` reproduces exactly. A token
 * prefix that ends inside a multi-byte character decodes to U+FFFD there, so the
 * comparison stops before that character; a dangling high surrogate is dropped too.
 */
function wholeCharacterPrefixLength(text: string, decoded: string): number {
  const max = Math.min(text.length, decoded.length);
  let length = 0;
  while (length < max && text.charCodeAt(length) === decoded.charCodeAt(length)) length += 1;
  if (length > 0 && length < text.length) {
    const last = text.charCodeAt(length - 1);
    if (last >= 0xd800 && last <= 0xdbff) length -= 1;
  }
  return length;
}
