import { isAscii } from '../ascii.js';

const PLAIN_ASCII = /^[\t\n\r\x20-\x26\x28-\x5f\x61-\x7e]*$/;
// The contraction pattern of foldText for lower-cased ASCII: its letters are a–z, its apostrophes ' and `.
const ASCII_CONTRACTION = /([a-z])\s*['`]\s*(s|t|m|d|re|ve|ll)\b/g;

/**
 * Lower-cases and strips accents so phrase matching is accent- and case-insensitive
 * ("Cambiá" ≡ "cambia", "PROPÓSITO" ≡ "proposito"). Contractions lose their apostrophe,
 * whether written "let's", "let’s" or the tokenised "let ' s", so all match "lets".
 */
export function foldText(text: string): string {
  // Printable ASCII without quote characters has nothing to decompose or join: the
  // result is exactly its lower case, without the Unicode work (this runs per word).
  if (PLAIN_ASCII.test(text)) return text.toLowerCase();
  // Other ASCII ("I'm", "don't": most messages with a contraction) has nothing to
  // decompose either; only its contractions are joined, as below.
  if (isAscii(text)) return text.toLowerCase().replace(ASCII_CONTRACTION, '$1$2');
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\p{L})\s*['’`´]\s*(s|t|m|d|re|ve|ll)\b/gu, '$1$2');
}

/** The words of already-folded text: runs of letters and digits. */
export function foldedWords(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}
