/**
 * Text folding and word splitting for the hashing embedder. Locale-free on purpose:
 * the same text gives the same words on every machine.
 */

import { isAscii } from '../ascii.js';
import { numberWordDigits } from '../number-words.js';

const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+|\p{Extended_Pictographic}/gu;

// Two to ten only: "one"/"uno" are also pronouns, and "zero" or "eleven" and above were
// never read as digits here (stored vectors depend on this rule; see ALGORITHM_VERSION).
const NUMBER_WORDS = numberWordDigits({ one: false, zero: false, max: 10 });

/** Lowercase, compatibility-decomposed, accents removed ("Canción" → "cancion", "ﬁn" → "fin"). */
export function foldText(text: string): string {
  // ASCII has nothing to decompose or strip: its fold is its lower case (every message is embedded).
  if (isAscii(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * The words (letter/digit runs) and pictographs (emoji) of already folded text, with
 * number words written as digits ("three" and "tres" → "3"). Text with neither (only
 * punctuation or symbols) is one word, so "?" and "!!!" still differ.
 */
export function splitWords(folded: string): string[] {
  const words = folded.match(WORD);
  if (words === null) {
    const trimmed = folded.trim();
    return trimmed === '' ? [] : [trimmed];
  }
  return words.map((word) => NUMBER_WORDS.get(word) ?? word);
}

/**
 * Function words of English and Spanish (already folded). They carry little meaning
 * but dominate short sentences, so the embedder gives them a reduced weight.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // English
  'a', 'an', 'the', 'and', 'or', 'but', 'if', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with',
  'from', 'into', 'onto', 'about', 'as', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am',
  'do', 'does', 'did', 'has', 'have', 'had', 'it', 'its', 'this', 'that', 'these', 'those',
  'there', 'here', 'he', 'she', 'they', 'them', 'his', 'her', 'their', 'we', 'us', 'our', 'you',
  'your', 'i', 'me', 'my', 'so', 'than', 'then', 'too', 'very', 'just', 'can', 'will', 'would',
  'should', 'could', 'what', 'which', 'who', 'whom', 'up', 'out', 'over', 's', 't',
  // Spanish
  'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'lo', 'al', 'del', 'de', 'y', 'e', 'o',
  'u', 'en', 'con', 'por', 'para', 'que', 'se', 'su', 'sus', 'es', 'son', 'esta', 'estan',
  'este', 'estos', 'estas', 'eso', 'esto', 'ese', 'esa', 'fue', 'ser', 'era', 'ha', 'han', 'hay',
  'le', 'les', 'mi', 'mis', 'te', 'tu', 'tus', 'nos', 'yo', 'ella', 'ellos', 'ellas',
  'como', 'mas', 'muy', 'pero', 'si', 'sin', 'sobre', 'entre', 'cual', 'quien', 'donde', 'cuando',
]);
