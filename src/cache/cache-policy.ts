import { isAscii } from '../ascii.js';
import {
  EMOTION_PHRASES,
  EMOTION_SYMBOLS,
  ENGLISH_MARKERS,
  FILLER_PHRASES,
  FIRST_PERSON,
  LEADING_FILLERS,
  NEGATIONS,
  QUESTION_AUXILIARIES,
  QUESTION_OPENERS,
  QUESTION_SUBJECTS,
  QUESTION_WORDS,
  SECOND_PERSON,
  SPANISH_MARKERS,
  TIME_PHRASES,
  TIME_QUESTION_ENDINGS,
  TRAILING_FILLERS,
} from './policy-lexicon.js';

export type Language = 'en' | 'es';

/**
 * Why a question/answer pair may not be cached, or a message not answered from the cache:
 * - `side-effect`: a side-effecting tool ran after the question (its answer reflects that run);
 * - `emotional`: feelings are answered afresh, never from a cache (spec §4);
 * - `time-dependent`: the answer depends on when it is asked (spec §4);
 * - `too-long`: over MAX_CACHEABLE_CHARS, no short factual question;
 * - `not-a-question`: statements and commands are never cached, because a statement
 *   ("I moved to Lima") may change a fact and a command asks for an action, and neither
 *   has one right answer to reuse. A question has a "?" or "¿", opens with a question
 *   word ("what", "dónde"), an auxiliary and a subject ("do I", "is my"), or a request
 *   for a recorded fact ("remind me", "dime").
 */
export type CacheRefusal = 'side-effect' | 'emotional' | 'time-dependent' | 'too-long' | 'not-a-question';

export interface PolicyContext {
  /** A side-effecting tool ran between the question and its answer. */
  sideEffectSinceQuestion: boolean;
}

/** Factual questions about the user are short; longer messages are never cached nor looked up. */
export const MAX_CACHEABLE_CHARS = 1000;

/**
 * Phrases, matched by looking up the word n-grams of a message that start one: an n-gram
 * grows only while it is the beginning of some phrase (`prefixes`), so most words cost
 * one lookup and build no string.
 */
interface PhraseIndex {
  phrases: ReadonlySet<string>;
  prefixes: ReadonlySet<string>;
}

function phraseIndex(phrases: readonly string[]): PhraseIndex {
  const prefixes = new Set<string>();
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    for (let length = 1; length < words.length; length++) prefixes.add(words.slice(0, length).join(' '));
  }
  return { phrases: new Set(phrases), prefixes };
}

// Compiled once from constant tables: pure data, no I/O. Lookups run on every context call.
const TIME_INDEX = phraseIndex(TIME_PHRASES);
const EMOTION_INDEX = phraseIndex(EMOTION_PHRASES);
const TIME_ENDINGS = new Set(TIME_QUESTION_ENDINGS);
const TIME_ENDING_LENGTHS = [...new Set(TIME_QUESTION_ENDINGS.map((phrase) => phrase.split(' ').length))];

function containsPhrase(words: readonly string[], index: PhraseIndex): boolean {
  for (let start = 0; start < words.length; start++) {
    let gram = words[start] as string;
    for (let next = start + 1; ; next++) {
      if (index.phrases.has(gram)) return true;
      if (next >= words.length || !index.prefixes.has(gram)) break;
      gram = `${gram} ${words[next] as string}`;
    }
  }
  return false;
}

// One Set lookup per distinct phrase length; builds at most that many short strings.
function endsWithPhrase(words: readonly string[], endings: ReadonlySet<string>, lengths: readonly number[]): boolean {
  return lengths.some((length) => length <= words.length && endings.has(words.slice(words.length - length).join(' ')));
}

const APOSTROPHE_IN_WORD = /(\p{L})['’`´](\p{L})/gu;
const MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;

/** Lower-case, accent-free words; "what's" → "whats", "¿Dónde?" → "donde". Deterministic. */
export function foldedQueryWords(text: string): string[] {
  // ASCII has nothing to decompose and no marks to strip (the cache folds each message several times).
  return (isAscii(text) ? text : text.normalize('NFD').replace(MARKS, ''))
    .toLowerCase()
    .replace(APOSTROPHE_IN_WORD, '$1$2')
    .split(NON_WORD)
    .filter((word) => word.length > 0);
}

/**
 * The form a question is cached under: folded words (case, accents, punctuation and
 * spacing ignored) without filler at its head or tail ("hey", "please", "again", "por
 * favor"), so trivial variants hash equal and real rephrasings are left to intent dedup.
 */
export function normaliseQuery(text: string): string {
  return stripFillers(foldedQueryWords(text)).join(' ');
}

function stripFillers(words: string[]): string[] {
  const kept = removePhrases(words, FILLER_PHRASES);
  let start = 0;
  while (start < kept.length && LEADING_FILLERS.has(kept[start] as string)) start++;
  let end = kept.length;
  while (end > start && TRAILING_FILLERS.has(kept[end - 1] as string)) end--;
  return kept.slice(start, end);
}

function removePhrases(words: string[], phrases: readonly string[]): string[] {
  let padded = ` ${words.join(' ')} `;
  for (const phrase of phrases) {
    while (padded.includes(` ${phrase} `)) padded = padded.replace(` ${phrase} `, ' ');
  }
  return padded.split(' ').filter((word) => word.length > 0);
}

/** English unless Spanish punctuation, "ñ", accented words or Spanish function words dominate. */
export function detectLanguage(text: string): Language {
  const head = text.slice(0, MAX_CACHEABLE_CHARS);
  if (/[¿¡ñÑ]/u.test(head)) return 'es';
  let spanish = (head.match(/\p{L}*[áéíóúÁÉÍÓÚ]\p{L}*/gu) ?? []).length;
  let english = 0;
  for (const word of foldedQueryWords(head)) {
    if (SPANISH_MARKERS.has(word)) spanish++;
    if (ENGLISH_MARKERS.has(word)) english++;
  }
  return spanish > english ? 'es' : 'en';
}

/**
 * Null when a question (and later its answer) may be cached, else why not. Applied
 * when an answer is stored and again when a message is looked up, so a time-dependent
 * or emotional message is never answered from the cache whatever is stored.
 */
export function cacheRefusal(question: string, context: PolicyContext): CacheRefusal | null {
  if (context.sideEffectSinceQuestion) return 'side-effect';
  if (question.length > MAX_CACHEABLE_CHARS) return 'too-long';
  const words = foldedQueryWords(question);
  const lower = question.toLowerCase();
  if (containsPhrase(words, EMOTION_INDEX) || EMOTION_SYMBOLS.some((symbol) => lower.includes(symbol))) return 'emotional';
  if (containsPhrase(words, TIME_INDEX)) return 'time-dependent';
  const head = stripFillers(words);
  if (endsWithPhrase(head, TIME_ENDINGS, TIME_ENDING_LENGTHS)) return 'time-dependent';
  if (!looksLikeQuestion(question, head)) return 'not-a-question';
  return null;
}

// `head` is the folded words without filler (`stripFillers`), computed once by the caller.
function looksLikeQuestion(raw: string, head: string[]): boolean {
  const [first, second] = head;
  if (first === undefined) return false;
  if (/[?¿]/u.test(raw)) return true;
  if (QUESTION_WORDS.has(first)) return true;
  if (QUESTION_AUXILIARIES.has(first) && second !== undefined && QUESTION_SUBJECTS.has(second)) return true;
  const opening = ` ${head.slice(0, 4).join(' ')} `;
  return QUESTION_OPENERS.some((phrase) => opening.startsWith(` ${phrase} `));
}

const WORD_TOKEN = /[\p{L}\p{N}]+(?:['’`´][\p{L}\p{N}]+)*/gu;
const SENTENCE_BREAK = /[.!?¿¡:;\n][\s"'“‘(«-]*$/u;

/**
 * The names and numbers of a question, folded: words with a digit, and words capitalised
 * other than at the start of a sentence ("Australia", "Q3", "SQL"; not "I"). Questions
 * that name different things ask different things however alike the rest of their words
 * (a hashing vector hardly tells "Austria" from "Australia"). A name typed in lower
 * case, or first in its sentence, is not seen.
 */
export function dedupSpecifics(text: string): string[] {
  const head = text.slice(0, MAX_CACHEABLE_CHARS);
  const specifics: string[] = [];
  let previousEnd = -1;
  for (const match of head.matchAll(WORD_TOKEN)) {
    const word = match[0];
    const opensSentence = previousEnd < 0 || SENTENCE_BREAK.test(head.slice(previousEnd, match.index));
    previousEnd = match.index + word.length;
    const named = !opensSentence && /^\p{Lu}/u.test(word) && !/^I(?:['’`´]\p{L}+)?$/u.test(word);
    if (named || /\p{N}/u.test(word)) specifics.push(...foldedQueryWords(word));
  }
  return specifics;
}

/** True when every name and number of each question is among the other's words (`dedupSpecifics`). */
export function sameSpecifics(a: string, b: string): boolean {
  const covers = (text: string, specifics: readonly string[]): boolean => {
    if (specifics.length === 0) return true;
    const words = new Set(foldedQueryWords(text.slice(0, MAX_CACHEABLE_CHARS)));
    return specifics.every((word) => words.has(word));
  };
  return covers(b, dedupSpecifics(a)) && covers(a, dedupSpecifics(b));
}

/**
 * Who a question is about and whether it is negated: `1` (I/my/mi…), `2` (you/your/tu…),
 * `n` (not/never/nunca…). Intent dedup merges two questions only when these agree, so
 * "What did you decide?" never gets the answer to "What did I decide?".
 */
export function dedupSignature(text: string): string {
  let first = false;
  let second = false;
  let negated = false;
  for (const word of foldedQueryWords(text.slice(0, MAX_CACHEABLE_CHARS))) {
    first ||= FIRST_PERSON.has(word);
    second ||= SECOND_PERSON.has(word);
    negated ||= NEGATIONS.has(word);
  }
  return `${first ? '1' : ''}${second ? '2' : ''}${negated ? 'n' : ''}`;
}

/**
 * The guards of intent dedup beyond similarity: two questions may share an answer only
 * when they are about the same persons, both negated or neither, and name the same things.
 */
export function mayShareAnswer(a: string, b: string): boolean {
  return dedupSignature(a) === dedupSignature(b) && sameSpecifics(a, b);
}
