const ASCII = /^[\x00-\x7f]*$/;

/**
 * Whether `text` is plain ASCII. Most messages are, and ASCII has nothing to decompose
 * and no marks to strip: its Unicode fold is its lower case, which the text folds on the
 * hot path use to skip normalisation.
 */
export function isAscii(text: string): boolean {
  return ASCII.test(text);
}
