import {
  COMPARATIVES,
  CONVERSION_CUES,
  CONVERSION_MARKERS,
  FIRST_PERSON,
  FUNCTION_WORDS,
  FUTURE_PHRASES,
  NEGATIONS,
  NON_CONTENT_WORDS,
  NUMBER_WORDS,
  ONE_WORDS,
  ORDER_MARKERS,
  PAST_PHRASES,
  REPETITION_PHRASES,
  SECOND_PERSON,
} from './dedup-lexicon.js';
import { analyseHead, type HeadAnalysis, type QueryInput } from './query-text.js';
import { matchesWords, wordMatcher } from './word-matcher.js';

// The guards of intent dedup beyond similarity (`mayShareAnswer` in cache-policy.ts). Each
// reads the analysis of a question's first MAX_CACHEABLE_CHARS (a `HeadAnalysis`), or what
// its `DedupProfile` worked out from it once.

/**
 * What the guards read of one question, worked out once: the response cache profiles a
 * cached question when it stores it and keeps the profile in its dedup index, and a
 * message once per lookup, whatever the number of cached questions it is compared with.
 * It keeps the head's folded words, not its analysis (a token list several times their size).
 */
export class DedupProfile {
  /** The head's text: the first MAX_CACHEABLE_CHARS of the question. */
  readonly text: string;
  /** The head's folded words. */
  readonly words: readonly string[];
  /** `words` with numbers written as words read as digits, and "a"/"una" before a word as "1" (see `sameSpecifics`). */
  readonly numberedWords: readonly string[];
  /** Who the question is about, its negation, tense and repetition, as flags (see `dedupSignature`). */
  readonly signature: string;
  /** The head's names and numbers, folded, in order (see `dedupSpecifics`). */
  readonly specifics: readonly string[];
  /** The head's content words, folded, each once (see `sameContentWords`). */
  readonly contentWords: readonly string[];
  /** Whether the question counts or converts, so "in"/"en" order what it names (see `sameOrder`). */
  readonly converts: boolean;

  constructor(question: QueryInput) {
    const head = analyseHead(question);
    this.text = head.text;
    this.words = head.words;
    this.numberedWords = numbered(head.words);
    this.signature = dedupSignature(head);
    this.specifics = dedupSpecifics(head);
    // Numbers written as words are specifics: "two" and "2" compare there, in order.
    this.contentWords = [...new Set(head.core.filter((word) => !NON_CONTENT_WORDS.has(word) && !NUMBER_WORDS.has(word)))];
    this.converts = head.words.some((word) => CONVERSION_CUES.has(word) || NUMBER_WORDS.has(word) || /\p{N}/u.test(word));
  }
}

// The names and numbers of a question, folded, in order: words with a digit, numbers
// written as words (as digits: "two" is "2"), and words capitalised other than at the
// start of a sentence ("Australia", "Q3", "SQL", "C#"; not "I"). Questions that name
// different things ask different things however alike the rest of their words (a hashing
// vector hardly tells "Austria" from "Australia", nor "two bananas" from "a banana"). A
// name typed in lower case, or first in its sentence, is not seen.
function dedupSpecifics(head: HeadAnalysis): string[] {
  return head.tokens
    .filter((token) => token.named || /\p{N}/u.test(token.text) || NUMBER_WORDS.has(token.folded))
    .map((token) => NUMBER_WORDS.get(token.folded) ?? token.folded);
}

// An article before a word counts as "1" for a question that names one ("in one banana"
// is "in a banana"), but not before an operator ("a + a").
function numbered(words: readonly string[]): string[] {
  return words.map((word, at) => {
    if (ONE_WORDS.has(word)) return /^\p{L}/u.test(words[at + 1] ?? '') ? '1' : word;
    return NUMBER_WORDS.get(word) ?? word;
  });
}

/**
 * True when the names and numbers of each question are words of the other, in the same
 * order: "from Lima to Cusco" is not "from Cusco to Lima" (nor is "on 3/5" "on 5/3",
 * one word each), and "two bananas" is not "a banana". A true rephrasing that swaps two
 * names is missed: a miss costs an LLM call, a false merge returns the wrong answer.
 */
export function sameSpecifics(left: DedupProfile, right: DedupProfile): boolean {
  return inOrder(left.specifics, right.numberedWords) && inOrder(right.specifics, left.numberedWords);
}

// Whether `wanted` is a subsequence of `words`.
function inOrder(wanted: readonly string[], words: readonly string[]): boolean {
  let at = 0;
  for (const word of wanted) {
    while (at < words.length && words[at] !== word) at++;
    if (at >= words.length) return false;
    at++;
  }
  return true;
}

/**
 * True when each question's content words are words of the other: "the health benefits
 * of green tea" is not "the health risks of green tea", nor "How do I delete a branch in
 * git remotely?" "…in git?", however alike the rest (a long question's vector hardly moves
 * for one word). Words are alike when they share a stem (see `sameStem`), so "work" is
 * "working"; a true rephrasing with a synonym ("cutting"/"slicing") or a word added
 * ("Do I like tea?", "Do I like tea or coffee?") is missed: a miss costs an LLM call.
 */
export function sameContentWords(left: DedupProfile, right: DedupProfile): boolean {
  return !hasUnmatched(left.contentWords, right.contentWords) && !hasUnmatched(right.contentWords, left.contentWords);
}

function hasUnmatched(words: readonly string[], other: readonly string[]): boolean {
  return words.some((word) => !other.some((candidate) => sameStem(word, candidate)));
}

// A Spanish word for a person marks their gender in its ending: "hermana" is not "hermano",
// nor "abuelas" "abuelos", "jefa" "jefe", "doctora" "doctor". Only words for people, whose
// gender says who is meant: a verb's ending ("corta"/"cortó") is its person or tense.
const PERSON_STEMS: ReadonlySet<string> = new Set([
  'herman', 'prim', 'abuel', 'ti', 'hij', 'niet', 'bisniet', 'sobrin', 'novi', 'espos', 'amig', 'jef', 'companer', 'vecin',
  'suegr', 'cunad', 'yern', 'padrin', 'ahijad', 'chic', 'nin', 'muchach', 'maestr', 'profesor', 'doctor', 'senor', 'director',
  'entrenador', 'ingenier', 'abogad', 'medic', 'enfermer', 'psicolog', 'cociner', 'alumn', 'hermanastr', 'hijastr',
]);
const GENDER_ENDING = /^[aoe]?s?$/u;

function namesOtherGender(stem: string, restA: string, restB: string): boolean {
  if (!PERSON_STEMS.has(stem) || !GENDER_ENDING.test(restA) || !GENDER_ENDING.test(restB)) return false;
  // The same word but for a plural is the same people: "hermano"/"hermanos", "doctor"/"doctores".
  return singular(restA) !== singular(restB);
}

function singular(ending: string): string {
  return ending === 'es' ? '' : ending.replace(/s$/u, '');
}
// What follows a shared stem in two forms of one word: an inflection ("s", "ing", "ed",
// "ción"), never a word of its own ("grand" + "son" / "daughter").
const MAX_ENDING = 4;

// The hashing embedder's stems are a word's first four letters; here as well, when what
// follows is an ending (see MAX_ENDING) and not a gender's, or a whole shorter word
// ("tea"/"teas"), or one but its final "e" ("live"/"living", "use"/"using"); "where" is not "when".
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const short = a.length <= b.length ? a : b;
  let shared = 0;
  while (shared < short.length && a[shared] === b[shared]) shared++;
  // Endings sliced only when short enough to be a gender's: this runs for every pair of content words compared.
  if (a.length - shared <= 2 && b.length - shared <= 2 && namesOtherGender(a.slice(0, shared), a.slice(shared), b.slice(shared))) return false;
  if (shared >= 4) return a.length - shared <= MAX_ENDING && b.length - shared <= MAX_ENDING;
  return (shared === short.length && shared >= 3) || (shared >= 2 && shared === short.length - 1 && short.endsWith('e'));
}

const PAST = wordMatcher(PAST_PHRASES);
const FUTURE = wordMatcher(FUTURE_PHRASES);
const REPETITION = wordMatcher(REPETITION_PHRASES);

// Who a question is about, whether it is negated, its tense, and whether it asks about a
// repetition: `1` (I/my/mi…), `2` (you/your/tu…), `n` (not/never/nunca…), `p` (was/did/
// used to/era/fue…), `f` (will/será…), `r` (again/de nuevo…, but not a recall "…again?").
// Intent dedup merges two questions only when these agree, so "What did you decide?"
// never gets the answer to "What did I decide?", nor "Who was my boss?" that of "Who is
// my boss?". Filler is left out ("…, thank you" names no second person).
function dedupSignature(head: HeadAnalysis): string {
  const core = head.core;
  let first = false;
  let second = false;
  let negated = false;
  for (const word of core) {
    first ||= FIRST_PERSON.has(word);
    second ||= SECOND_PERSON.has(word);
    negated ||= NEGATIONS.has(word);
  }
  const flags: Array<[boolean, string]> = [
    [first, '1'],
    [second, '2'],
    [negated, 'n'],
    [matchesWords(core, PAST), 'p'],
    [matchesWords(core, FUTURE), 'f'],
    [matchesWords(core, REPETITION), 'r'],
  ];
  return flags.map(([set, flag]) => (set ? flag : '')).join('');
}

/**
 * True when the words compared or ordered in each question come in the same order in the
 * other: around "than", "over", "to", "que", "al"… ("Is my sister older than my
 * brother?", "Do I prefer tea over coffee?", "¿Prefiero el té al café?"), and "in"/"en"
 * in a question that counts or converts ("How many pounds in an ounce?") the nearest
 * content word on each side must keep its side, inflections aside ("pounds"/"pound").
 * Words one question lacks constrain nothing.
 */
export function sameOrder(left: DedupProfile, right: DedupProfile): boolean {
  return keepsOrder(left, right.words) && keepsOrder(right, left.words);
}

function keepsOrder(profile: DedupProfile, other: readonly string[]): boolean {
  const source = profile.words;
  for (let at = 0; at < source.length; at++) {
    if (!ordersAround(source, at, profile.converts)) continue;
    const before = contentWord(source, at, -1);
    const after = contentWord(source, at, 1);
    if (before === null || after === null || sameStem(before, after)) continue;
    const first = other.findIndex((word) => sameStem(word, before));
    const second = other.findIndex((word) => sameStem(word, after));
    if (first >= 0 && second >= 0 && first > second) return false;
  }
  return true;
}

function ordersAround(words: readonly string[], at: number, converts: boolean): boolean {
  const word = words[at] as string;
  if (word === 'que') return words.slice(Math.max(0, at - 3), at).some((before) => COMPARATIVES.has(before));
  return ORDER_MARKERS.has(word) || (converts && CONVERSION_MARKERS.has(word));
}

function contentWord(words: readonly string[], from: number, step: 1 | -1): string | null {
  for (let at = from + step; at >= 0 && at < words.length; at += step) {
    const word = words[at] as string;
    if (!FUNCTION_WORDS.has(word) && !ORDER_MARKERS.has(word) && !CONVERSION_MARKERS.has(word)) return word;
  }
  return null;
}
