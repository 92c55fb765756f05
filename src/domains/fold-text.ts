const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_WORD = /[^\p{L}\p{N}]+/u;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Lowercases and strips diacritics ("Reunión" → "reunion", "cumpleaños" → "cumpleanos")
 * without locale-dependent APIs, so the same text folds the same way on every machine.
 */
export function foldText(text: string): string {
  // ASCII has no diacritics to strip: skip the Unicode normalisation (this runs on every message).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Splits folded text into words; apostrophes and punctuation separate words ("don't" → "don", "t"). */
export function foldedWords(text: string): string[] {
  return foldText(text).split(NON_WORD).filter((word) => word.length > 0);
}
