import { questionSubject } from './about-the-user.js';
import { asksHolderOfPost, asksStateNow, asksStatus } from './current-state.js';
import { DedupProfile, sameContentWords, sameOrder, sameSpecifics } from './dedup-guards.js';
import { QUESTION_AUXILIARIES, QUESTION_OPENERS, QUESTION_SUBJECTS, QUESTION_WORDS, RECALL_TAILS } from './policy-lexicon.js';
import { analyseHead, analyseQuery, MAX_CACHEABLE_CHARS, type QueryInput } from './query-text.js';
import {
  ALTERNATIVES,
  ANTECEDENT_PRONOUNS,
  CLAUSE_SUBJECTS,
  COMPARISON_WORDS,
  CONTINUATIONS,
  CONVERSATION_PHRASES,
  CONVERSATION_STEMS,
  CONVERSATION_WORDS,
  EMOTICONS,
  EMOTION_EMOJI,
  EMOTION_PHRASES,
  EMOTION_STEMS,
  FORMS_OF_BE,
  LIFE_COMPOUNDS,
  NOT_A_NOUN,
  SPAN_PREPOSITIONS,
  SPAN_QUANTITIES,
  SPAN_UNITS,
  TIME_PHRASES,
  TIME_QUESTION_ENDINGS,
  TIME_QUESTIONS_ALONE,
  TIME_STEMS,
} from './refusal-lexicon.js';
import { standsAlone } from './self-contained.js';
import { endingAt, endingPhrases, matchesWords, wordMatcher } from './word-matcher.js';

/**
 * Why a question/answer pair may not be cached, or a message not answered from the cache:
 * - `side-effect`: a side-effecting tool ran after the question (its answer reflects that run);
 * - `emotional`: feelings are answered afresh, never from a cache (spec §4);
 * - `time-dependent`: the answer depends on when it is asked (spec §4);
 * - `conversation-bound`: the question points into its own conversation ("this function",
 *   "that", "it", "which option did we pick?", "eso", "what did I just say?", "summarize our
 *   conversation"), leans on something it named ("Which one is cheaper?", "¿Cuál es más
 *   barato?", "And in Porto?", "Who is he?", "the second option"), or names too little to
 *   stand alone ("Why?", "What is the output?", "¿Cuánto cuesta?"; see `standsAlone`), or
 *   asks about the code or the project at hand ("What's wrong with my code?", "Why is the
 *   build failing?"), so its answer holds for that session only, and the cache serves every session;
 * - `not-about-the-user`: only factual questions about the user are cached (spec §4): their
 *   own things ("What's my editor?") or the user as the subject of a state or a fact
 *   ("Where do I work?", "¿Dónde vivo?"). How-to and advice ("How do I reverse an
 *   array?", "Should I learn Rust?") and general knowledge ("What is Rust?") are answered
 *   for what the conversation is about (a Python script, a JavaScript app), which another
 *   session does not share (see `questionSubject`);
 * - `too-long`: over MAX_CACHEABLE_CHARS, no short factual question;
 * - `not-a-question`: statements and commands are never cached, because a statement
 *   ("I moved to Lima") may change a fact and a command asks for an action, and neither
 *   has one right answer to reuse. A question has a "?" or "¿", opens with a question
 *   word ("what", "dónde"), an auxiliary and a subject ("do I", "is my"), or a request
 *   for a recorded fact ("remind me", "dime").
 */
export type CacheRefusal =
  | 'side-effect'
  | 'emotional'
  | 'time-dependent'
  | 'conversation-bound'
  | 'not-about-the-user'
  | 'too-long'
  | 'not-a-question';

export interface PolicyContext {
  /** A side-effecting tool ran between the question and its answer. */
  sideEffectSinceQuestion: boolean;
}

const TIME = wordMatcher(TIME_PHRASES, TIME_STEMS);
const EMOTION = wordMatcher(EMOTION_PHRASES, EMOTION_STEMS);
const CONVERSATION = wordMatcher(CONVERSATION_PHRASES, CONVERSATION_STEMS);
const TIME_ENDINGS = endingPhrases(TIME_QUESTION_ENDINGS);
const TIME_ALONE = new Set(TIME_QUESTIONS_ALONE);
// Spaced on both sides, to be found as whole words at the start of a question's opening words (see `looksLikeQuestion`).
const SPACED_OPENERS = QUESTION_OPENERS.map((phrase) => ` ${phrase} `);
const ESCAPED = /[.*+?^${}()|[\]\\]/g;
// Case-insensitive through the lower-cased text; no letter or digit may touch an emoticon.
const EMOTICON = new RegExp(`(?<![\\p{L}\\p{N}])(?:${EMOTICONS.map((emoticon) => emoticon.replace(ESCAPED, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`, 'u');

/**
 * Null when a question (and later its answer) may be cached, else why not. Applied
 * when an answer is stored and again when a message is looked up, so a time-dependent,
 * emotional, conversation-bound or general message is never answered from the cache
 * whatever is stored (an answer cached by an older policy included).
 */
export function cacheRefusal(query: QueryInput, context: PolicyContext): CacheRefusal | null {
  const analysis = analyseQuery(query);
  const question = analysis.text;
  if (context.sideEffectSinceQuestion) return 'side-effect';
  if (question.length > MAX_CACHEABLE_CHARS) return 'too-long';
  const words = analysis.words;
  if (matchesWords(words, EMOTION) || speaksOfOwnLife(words) || EMOTION_EMOJI.some((emoji) => question.includes(emoji)) || EMOTICON.test(question.toLowerCase())) {
    return 'emotional';
  }
  if (matchesWords(words, TIME) || spansTimeFromNow(words) || asksStatus(words) || asksHolderOfPost(words)) return 'time-dependent';
  const core = analysis.core;
  // Any "again" at the tail recalls the clock ("Got the time again?"): refusing more is the safe side.
  const ending = RECALL_TAILS.has(core.at(-1) ?? '') ? core.slice(0, -1) : core;
  if (endingAt(ending, TIME_ENDINGS) >= 0 || TIME_ALONE.has(ending.join(' ')) || asksStateNow(ending)) return 'time-dependent';
  if (pointsIntoConversation(words) || leansOnAntecedent(core)) return 'conversation-bound';
  if (!looksLikeQuestion(question, core)) return 'not-a-question';
  // One pass over the words, before the costlier `standsAlone`: most questions an assistant
  // gets are not about the user, and are refused here.
  const subject = questionSubject(core);
  if (subject === 'work') return 'conversation-bound';
  if (subject === 'other') return 'not-about-the-user';
  if (!standsAlone(analysis)) return 'conversation-bound';
  return null;
}

/** Whether a message is no question (a statement or a command), by the test `cacheRefusal` applies. */
export function isStatement(query: QueryInput): boolean {
  const analysis = analyseHead(query);
  return !looksLikeQuestion(analysis.text, analysis.core);
}

/**
 * The guards of intent dedup beyond similarity: two questions may share an answer only
 * when they are about the same persons, both negated or neither, in the same tense, both
 * about a repetition or neither, name the same things in the same order, keep the
 * order of what they compare, and neither swaps a content word for another. The cache
 * gives each question's `DedupProfile`, worked out once; a text (the dedup eval's pairs)
 * is profiled here.
 */
export function mayShareAnswer(a: QueryInput | DedupProfile, b: QueryInput | DedupProfile): boolean {
  const left = a instanceof DedupProfile ? a : new DedupProfile(a);
  const right = b instanceof DedupProfile ? b : new DedupProfile(b);
  return left.signature === right.signature && sameSpecifics(left, right) && sameOrder(left, right) && sameContentWords(left, right);
}

// One Set lookup per distinct phrase length; builds at most that many short strings.
// "Is my life a failure?", "What do I do with my life?", but not "my life insurance".
function speaksOfOwnLife(words: readonly string[]): boolean {
  return words.some((word, at) => word === 'my' && words[at + 1] === 'life' && !LIFE_COMPOUNDS.has(words[at + 2] ?? ''));
}

// "in two weeks", "within 3 days", "dentro de dos semanas", "hace tres días": up to three quantity words between.
function spansTimeFromNow(words: readonly string[]): boolean {
  for (let at = 0; at < words.length; at++) {
    if (!SPAN_PREPOSITIONS.has(words[at] as string)) continue;
    for (let next = at + 1; next < words.length && next <= at + 4; next++) {
      const word = words[next] as string;
      if (SPAN_UNITS.has(word)) {
        if (next > at + 1) return true;
        break;
      }
      if (!SPAN_QUANTITIES.has(word) && !/^\p{N}+$/u.test(word)) break;
    }
  }
  return false;
}

function pointsIntoConversation(words: readonly string[]): boolean {
  if (matchesWords(words, CONVERSATION)) return true;
  const opensClause = (at: number): boolean => words[at] === 'that' && CLAUSE_SUBJECTS.has(words[at + 1] ?? '');
  return words.some((word, at) => {
    if (word === 'that') return !opensClause(at);
    // "it" announces a clause in "Where is it that I work?" and "Is it true that my…".
    if (word === 'it') return !opensClause(at + 1) && !opensClause(at + 2);
    return CONVERSATION_WORDS.has(word);
  });
}

// "Which one is cheaper?", "the blue ones", "Which is better?", "¿Cuál es más barato?", "And
// in Porto?": a noun or an alternative the question leaves for the conversation to supply.
// Sure signs only, so "Which one of Lisbon or Porto is warmer?" stays cacheable; anything
// else the words can't tell is refused by the conversation words above.
function leansOnAntecedent(core: readonly string[]): boolean {
  if (CONTINUATIONS.has(core[0] ?? '')) {
    // "And also, where is my dog?" asks in full; "And in Porto?" leaves its question to the one before.
    let start = 1;
    while (CONTINUATIONS.has(core[start] ?? '') || core[start] === 'also' || core[start] === 'tambien') start++;
    if (!looksLikeQuestion('', core.slice(start))) return true;
  }
  return core.some((word, at) => {
    if (word === 'one' || word === 'ones') return !nounFollows(core, at + 1, word === 'ones');
    if (word === 'which' || word === 'cual' || word === 'cuales') return comparesNothing(core, at + 1);
    return false;
  });
}

// "ones" may be "one's" folded: "Which one's cheaper?".
function nounFollows(words: readonly string[], at: number, contracted: boolean): boolean {
  const next = words[at];
  if (next === undefined || NOT_A_NOUN.has(next)) return false;
  if (next === 'of') return words[at + 1] !== undefined && !ANTECEDENT_PRONOUNS.has(words[at + 1] as string);
  return !(contracted && comparative(next));
}

// "which"/"cuál" alone, or before "is"/"es" and a comparison, unless the alternatives follow.
function comparesNothing(words: readonly string[], at: number): boolean {
  const next = words[at];
  if (next === undefined) return true;
  // Without "is"/"es" a noun follows "which" ("Which number…?"), and "-er" says nothing.
  if (!FORMS_OF_BE.has(next)) return false;
  const compared = at + 1;
  const word = words[compared];
  if (word === undefined) return true;
  if (!COMPARISON_WORDS.has(word) && !comparative(word)) return false;
  return !words.slice(compared + 1).some((after) => ALTERNATIVES.has(after));
}

function comparative(word: string): boolean {
  return word.length > 4 && /(?:er|est)$/u.test(word);
}

// `core` is the folded words without filler (`questionCore`), computed once by the caller.
function looksLikeQuestion(raw: string, core: readonly string[]): boolean {
  const [first, second] = core;
  if (first === undefined) return false;
  if (/[?¿]/u.test(raw)) return true;
  if (QUESTION_WORDS.has(first)) return true;
  if (QUESTION_AUXILIARIES.has(first) && second !== undefined && QUESTION_SUBJECTS.has(second)) return true;
  const opening = ` ${core.slice(0, 4).join(' ')} `;
  return SPACED_OPENERS.some((phrase) => opening.startsWith(phrase));
}
