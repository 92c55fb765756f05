const SPECIAL_TOKENS = /<\|[^|>]{0,40}\|>|\[\/?INST\]|<<\/?SYS>>|<\/?s>/giu;
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
const UNSAFE =
  /\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|your)\s+(?:instructions|prompts?|rules)\b|^\s*(?:system|assistant|user|developer)\s*:|#{2,}|```|<\/?[a-z][^>]*>/iu;
const EDGE_PUNCTUATION = /^[\s"'`«»“”‘’*_~(\[{¡¿.,;:-]+|[\s"'`«»“”‘’*_~)\]}.,;:!?…-]+$/gu;
/** Statements longer than this are not "as short as possible" facts: skipped. */
export const MAX_STATEMENT_CHARS = 160;

/**
 * Makes a statement safe and tidy as prompt text: no special tokens, control or
 * invisible characters, collapsed whitespace, no edge punctuation, first letter upper
 * case, English "i" as "I". Returns null when the result is unusable or looks like an
 * attempt to steer the model.
 */
export function tidyStatement(raw: string, language: 'en' | 'es'): string | null {
  let text = tidyValue(raw);
  if (language === 'en') text = text.replace(/(^|[^\p{L}\p{N}'])i(?=$|[^\p{L}\p{N}])/gu, '$1I');
  if (text.length === 0 || text.length > MAX_STATEMENT_CHARS || UNSAFE.test(text)) return null;
  if (text.split(' ').length < 2) return null;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The same cleaning for a value, without the casing and length rules of a statement. */
export function tidyValue(raw: string): string {
  const text = raw.replace(SPECIAL_TOKENS, ' ').replace(INVISIBLE, ' ').replace(/\s+/gu, ' ');
  return text.replace(EDGE_PUNCTUATION, '').replace(/["“”«»`]/gu, '').trim();
}
