import { isAscii } from '../ascii.js';

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_WORD = /[^\p{L}\p{N}]+/u;

/**
 * Lowercases and strips diacritics ("Reunión" → "reunion", "cumpleaños" → "cumpleanos")
 * without locale-dependent APIs, so the same text folds the same way on every machine.
 */
export function foldText(text: string): string {
  // ASCII has no diacritics to strip: skip the Unicode normalisation (this runs on every message).
  if (isAscii(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Splits folded text into words; apostrophes and punctuation separate words ("don't" → "don", "t"). */
export function foldedWords(text: string): string[] {
  return asciiFoldedWords(text) ?? foldText(text).split(NON_WORD).filter((word) => word.length > 0);
}

// `foldedWords` of an ASCII text, null for any other. In ASCII the letters and digits
// are exactly a–z, A–Z and 0–9 and folding is lowercasing, so a scan of char codes gives
// the same words as the Unicode split, at a fraction of its cost (most turns are ASCII).
function asciiFoldedWords(text: string): string[] | null {
  const lower = text.toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    // The original, not the lowercased text: the Kelvin sign lowercases to an ASCII "k".
    const code = text.charCodeAt(i);
    if (code > 0x7f) return null;
    const wordChar = (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(lower.slice(start));
  return words;
}
