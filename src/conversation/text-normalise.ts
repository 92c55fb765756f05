/**
 * Lower-cases and strips accents so phrase matching is accent- and case-insensitive
 * ("Cambiá" ≡ "cambia", "PROPÓSITO" ≡ "proposito"). Contractions lose their apostrophe,
 * whether written "let's", "let’s" or the tokenised "let ' s", so all match "lets".
 */
export function foldText(text: string): string {
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
