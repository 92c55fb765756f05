import { isAscii } from '../ascii.js';
import {
  ENGLISH_MARKERS,
  LEADING_FILLER_PHRASES,
  LEADING_FILLERS,
  QUESTION_OPENERS,
  QUESTION_WORDS,
  RECALL_TAILS,
  SPANISH_MARKERS,
  TRAILING_FILLER_PHRASES,
  TRAILING_FILLERS,
} from './policy-lexicon.js';
import { phraseAt } from './word-matcher.js';

export type Language = 'en' | 'es';

/** Factual questions about the user are short; longer messages are never cached nor looked up. */
export const MAX_CACHEABLE_CHARS = 1000;

// Marks are stripped before a text is split (see withoutMarks).
const WORD_CHAR = String.raw`[\p{L}\p{N}]`;
const APOSTROPHE = "['’`´]";

// One word of a question: letters and digits, with apostrophes inside ("what's").
// Symbols that name something else than the bare word stay in it: digits joined by
// . , : / + * ^ × ÷ - ("3/5" is not "5/3", "1.5k" not "15k"), a trailing "+", "#" or "%"
// ("C++", "C#", "50%"), a leading "." or "#" before a letter (".NET", "#general"), a sign
// before a number that follows no operand ("-5"), a factorial ("5!").
// Operators are words of their own, spaced or not, so "3 * 5" is not "3 + 5": a comparison
// anywhere ("==", "<", "≥", "!=", "=>"), any other run between two operands (a number or
// a single letter: "x - y", "7 / 3", "a && b"), and "%" after a number ("10 % of 50"). A
// dash or an asterisk between words ("Lisbon - Porto", "**bold**") stays out.
const OPERAND_END = String.raw`(?:(?<!${WORD_CHAR})(?:\p{N}[\p{N}.,]*|\p{L})|[)\]!%])\s*`;
const OPERAND_START = String.raw`\s*(?:[-−]?\p{N}|\p{L}(?!${WORD_CHAR})|[(\[])`;
// Each lookbehind sits after a lookahead for a symbol, so the text is not scanned back
// from every position (a long run of spaces would cost its square).
const SIGN = String.raw`(?:(?=[-−]\p{N})(?<!${WORD_CHAR})(?<!${OPERAND_END})[-−])`;
const NUMBER = String.raw`${SIGN}?\p{N}${WORD_CHAR}*(?:[.,:/+*^×÷-]\p{N}${WORD_CHAR}*)*(?:!+(?!=))?`;
const COMPARISON = String.raw`(?<!!)-?!*[=<>≤≥≠≈][!=<>≤≥≠≈]*`;
const OPERATOR = String.raw`(?<=${OPERAND_END})[-−+*/×÷%^&|~]+(?=${OPERAND_START})|(?<=\p{N}\s*)%+`;
const TOKEN = new RegExp(
  String.raw`(?:(?<!${WORD_CHAR})[.#](?=\p{L}))?` +
    String.raw`(?:${NUMBER}|${WORD_CHAR}+(?:${APOSTROPHE}${WORD_CHAR}+)*)` +
    String.raw`(?:[+#%]+(?!${WORD_CHAR}))?` +
    String.raw`|(?=[-−!=<>≤≥≠≈+*/×÷%^&|~])(?:${COMPARISON}|${OPERATOR})`,
  'gu',
);
const APOSTROPHES = /['’`´]/g;
const HAS_APOSTROPHE = /['’`´]/;
const MARKS = /\p{M}+/gu;
const ACCENTED_WORD = /[\p{L}\p{M}]*[áéíóúÁÉÍÓÚ][\p{L}\p{M}]*/gu;

function withoutMarks(text: string): string {
  // ASCII has nothing to decompose and no marks to strip (the cache folds each message several times).
  return isAscii(text) ? text : text.normalize('NFD').replace(MARKS, '');
}

function withoutApostrophes(word: string): string {
  return HAS_APOSTROPHE.test(word) ? word.replace(APOSTROPHES, '') : word;
}

/** Lower-case, accent-free words; "what's" → "whats", "¿Dónde?" → "donde", "C#" → "c#". Deterministic. */
export function foldedQueryWords(text: string): string[] {
  const folded = withoutMarks(text).toLowerCase();
  // `match` lists the words without a match object for each; it finds what `matchAll` does, as TOKEN matches no empty string.
  const words = folded.match(TOKEN) ?? [];
  // Most texts hold no apostrophe, and then none of their words does.
  return HAS_APOSTROPHE.test(folded) ? words.map(withoutApostrophes) : words;
}

/** A word of a question, in its case but without accents, and whether it is a name (see `queryTokens`). */
export interface QueryToken {
  text: string;
  /** As `foldedQueryWords` has it. */
  folded: string;
  /** Capitalised other than at the start of a sentence, and not "I". */
  named: boolean;
}

const SENTENCE_BREAK = /[.!?¿¡:;\n][\s"'“‘(«-]*$/u;
const CAPITALISED = /^[.#]?\p{Lu}/u;
const PRONOUN_I = /^I(?:['’`´]\p{L}+)?$/u;

/** The words of `text` as `foldedQueryWords` finds them, with their case (accents are stripped first, as there). */
export function queryTokens(text: string): QueryToken[] {
  const plain = withoutMarks(text);
  const tokens: QueryToken[] = [];
  let previousEnd = -1;
  for (const match of plain.matchAll(TOKEN)) {
    const word = match[0];
    // Most words are lower-case: the text before one is read only when it is capitalised.
    const named = CAPITALISED.test(word) && !PRONOUN_I.test(word) && !opensSentence(plain, previousEnd, match.index);
    previousEnd = match.index + word.length;
    tokens.push({ text: word, folded: withoutApostrophes(word.toLowerCase()), named });
  }
  return tokens;
}

// Whether a word at `start` opens a sentence: it is the first, or a sentence break precedes it.
function opensSentence(text: string, previousEnd: number, start: number): boolean {
  return previousEnd < 0 || SENTENCE_BREAK.test(text.slice(previousEnd, start));
}

/**
 * A question split once, on first need: the cache's policy, key, language and dedup
 * guards all read its words, and the context call consults the cache with every user
 * message. Lazy, so a too-long message is refused before it is split.
 */
export class QueryAnalysis {
  private tokenList: readonly QueryToken[] | undefined;
  private wordList: readonly string[] | undefined;
  private coreWords: readonly string[] | undefined;

  constructor(readonly text: string) {}

  /** `queryTokens(text)`. */
  get tokens(): readonly QueryToken[] {
    return (this.tokenList ??= queryTokens(this.text));
  }

  /** `foldedQueryWords(text)`. */
  get words(): readonly string[] {
    // Split on their own: most messages are refused on their words and never need their tokens.
    // Once the tokens are split, ASCII words are the tokens folded (ASCII lower-cases letter by
    // letter); lower-casing a whole Unicode text may differ from lower-casing each word ("ΑΣ.Β" keeps a medial "σ").
    return (this.wordList ??=
      this.tokenList !== undefined && isAscii(this.text) ? this.tokenList.map((token) => token.folded) : foldedQueryWords(this.text));
  }

  /** `questionCore(words)`; joined by spaces, `normaliseQuery(text)`. */
  get core(): readonly string[] {
    return (this.coreWords ??= questionCore(this.words));
  }
}

/** A text, or its analysis when the caller already has one. */
export type QueryInput = string | QueryAnalysis;

export function analyseQuery(query: QueryInput): QueryAnalysis {
  return typeof query === 'string' ? new QueryAnalysis(query) : query;
}

declare const HEAD: unique symbol;

/**
 * The analysis of a question's first MAX_CACHEABLE_CHARS, what the dedup guards read. A
 * brand the compiler checks: only `analyseHead` makes one, so no guard is handed a whole question.
 */
export type HeadAnalysis = QueryAnalysis & { readonly [HEAD]: true };

/** The analysis of the first MAX_CACHEABLE_CHARS of a question (all a cacheable one has). */
export function analyseHead(query: QueryInput): HeadAnalysis {
  const text = typeof query === 'string' ? query : query.text;
  // A question no longer than its head is its own head: its analysis is shared, not split again.
  const head = text.length > MAX_CACHEABLE_CHARS ? new QueryAnalysis(text.slice(0, MAX_CACHEABLE_CHARS)) : analyseQuery(query);
  return head as HeadAnalysis;
}

/**
 * The form a question is cached under: folded words (case, accents, punctuation and
 * spacing ignored) without filler at its head or tail ("hey", "please", "por favor"), so
 * trivial variants hash equal and real rephrasings are left to intent dedup.
 */
export function normaliseQuery(text: string): string {
  return questionCore(foldedQueryWords(text)).join(' ');
}

const LEADING_PHRASES = LEADING_FILLER_PHRASES.map((phrase) => phrase.split(' '));
const TRAILING_PHRASES = TRAILING_FILLER_PHRASES.map((phrase) => phrase.split(' '));
const OPENER_PHRASES = QUESTION_OPENERS.map((phrase) => phrase.split(' '));

/** The words of a question without the filler at its head and tail (`normaliseQuery`). */
export function questionCore(words: readonly string[]): string[] {
  let start = 0;
  while (start < words.length) {
    const filler = LEADING_FILLERS.has(words[start] as string) ? 1 : phraseAt(words, start, LEADING_PHRASES);
    if (filler === 0) break;
    start += filler;
  }
  const asksToRecall = QUESTION_WORDS.has(words[start] as string) || phraseAt(words, start, OPENER_PHRASES) > 0;
  let end = words.length;
  while (end > start) {
    const last = words[end - 1] as string;
    const phrase = TRAILING_PHRASES.find((filler) => filler.length <= end - start && phraseAt(words, end - filler.length, [filler]) > 0);
    if (phrase) end -= phrase.length;
    else if (TRAILING_FILLERS.has(last) || (asksToRecall && RECALL_TAILS.has(last))) end--;
    else break;
  }
  return words.slice(start, end);
}

/**
 * English unless Spanish punctuation, "ñ", accented words or Spanish function words
 * dominate. An accented name ("Who is José María Pérez?") is no evidence: only words
 * that are not capitalised inside a sentence count for their accents.
 */
export function detectLanguage(query: QueryInput): Language {
  const analysis = analyseHead(query);
  const head = analysis.text;
  if (/[¿¡ñÑ]/u.test(head)) return 'es';
  let spanish = 0;
  let english = 0;
  const names = new Set<string>();
  for (const token of analysis.tokens) {
    if (token.named) names.add(token.folded);
    if (SPANISH_MARKERS.has(token.folded)) spanish++;
    if (ENGLISH_MARKERS.has(token.folded)) english++;
  }
  for (const word of head.match(ACCENTED_WORD) ?? []) {
    if (!names.has(withoutApostrophes(withoutMarks(word).toLowerCase()))) spanish++;
  }
  return spanish > english ? 'es' : 'en';
}
