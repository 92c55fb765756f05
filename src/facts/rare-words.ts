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

// The same allergen, food or substance in English and Spanish under one key, so that a fact
// told in one language is named by a message in the other ("I am allergic to peanuts" for
// "¿Puedo comer pad thai con cacahuetes?"): keys as `rareKey` makes them. Words one language
// shares with the other already meet ("penicilina", "gluten", "ibuprofeno"); common words
// ("milk", "huevo") are no rare words at all.
const SAME_THING: Readonly<Record<string, string>> = {
  cacahue: 'peanut', mani: 'peanut', manie: 'peanut', peanut: 'peanut',
  nut: 'nut', nuts: 'nut', nuez: 'nut', nuece: 'nut', walnut: 'nut', almendr: 'almond', almond: 'almond',
  avellan: 'hazelnut', hazelnu: 'hazelnut', anacard: 'cashew', cashew: 'cashew', pistach: 'pistachio',
  // Shellfish and what it names, one key: an allergy to one is asked about by any of them.
  marisco: 'shellfi', shellfi: 'shellfi', gamba: 'shellfi', camaron: 'shellfi', shrimp: 'shellfi', langost: 'shellfi', lobster: 'shellfi',
  molusco: 'shellfi', mollusc: 'shellfi', mollusk: 'shellfi', mejillo: 'shellfi', mussel: 'shellfi', crab: 'shellfi', cangrej: 'shellfi',
  lactosa: 'lactose', lactose: 'lactose', sesamo: 'sesame', sesame: 'sesame', mostaza: 'mustard', mustard: 'mustard',
  apio: 'celery', celery: 'celery', trigo: 'wheat', wheat: 'wheat', altramu: 'lupin', lupin: 'lupin',
  sulfito: 'sulphit', sulphit: 'sulphit', sulfite: 'sulphit', fresa: 'strawbe', strawbe: 'strawbe', polen: 'pollen', pollen: 'pollen',
  abeja: 'bee', bee: 'bee', bees: 'bee', avispa: 'wasp', prawn: 'shellfi', wasp: 'wasp', acaro: 'mite', mite: 'mite', kiwi: 'kiwi', melocot: 'peach', durazno: 'peach', peach: 'peach',
  // Places whose names differ: "¿Cuándo vamos a Japón?" asks about "We decided to go to Japan in October".
  // Keys as `rareKey` makes them: "Londres" is "londre", "Athens" "athen".
  japon: 'japan', japan: 'japan', londre: 'london', london: 'london', lisboa: 'lisbon', lisbon: 'lisbon', sevilla: 'seville',
  seville: 'seville', tokio: 'tokyo', tokyo: 'tokyo', kioto: 'kyoto', kyoto: 'kyoto', ginebra: 'geneva', geneva: 'geneva',
  venecia: 'venice', venice: 'venice', praga: 'prague', prague: 'prague', atena: 'athens', athen: 'athens',
  viena: 'vienna', vienna: 'vienna', brusela: 'brussel', brussel: 'brussel',
};

function rareKey(word: string): string {
  const key = (word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word).slice(0, RARE_KEY_LENGTH);
  return SAME_THING[key] ?? key;
}
