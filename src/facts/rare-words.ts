import { foldedWords } from '../domains/fold-text.js';
import { COMMON_STEMS } from './common-words.js';
import { stem } from './fact-words.js';

// A fact's rare words, read when the index holds it, and a message's, read when facts are
// selected for it: both sides of `namesRareWord` (fact-selector-names.ts).

// Shorter words are initials, units or numbers ("kg", "30"): they name nothing on their own.
const MIN_RARE_WORD = 3;
// Rare words meet on this many first letters, past a plural "s": "penicillin" and
// "penicilina" do; "cello" and "cellophane", one stem, do not.
const RARE_KEY_LENGTH = 7;
const HAS_LETTER = /\p{L}/u;

/**
 * The keys of the rare words among `words` (folded): the content words (their stem in
 * `stems`, the text's `contentStems`) that are not common ones (`COMMON_ENGLISH_WORDS`,
 * `COMMON_SPANISH_WORDS`), numbers or initials. "Penicillin" in "Is penicillin safe for
 * me?", not "safe"; "Lisbon", "Kubernetes", "Leo".
 */
export function rareWordKeys(words: readonly string[], stems: ReadonlySet<string>): Set<string> {
  const keys = new Set<string>();
  for (const word of words) {
    if (word.length < MIN_RARE_WORD || !HAS_LETTER.test(word)) continue;
    const each = stem(word);
    if (stems.has(each) && !COMMON_STEMS.has(each)) keys.add(rareKey(word));
  }
  return keys;
}

/** `rareWordKeys` of a message's head, read only when one of its stems is not a common word's (most messages have none). */
export function messageRareWords(head: string, stems: ReadonlySet<string>): ReadonlySet<string> {
  for (const each of stems) if (each.length >= MIN_RARE_WORD && !COMMON_STEMS.has(each)) return rareWordKeys(foldedWords(head), stems);
  return NO_WORDS;
}

const NO_WORDS: ReadonlySet<string> = new Set();

function rareKey(word: string): string {
  return (word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word).slice(0, RARE_KEY_LENGTH);
}
