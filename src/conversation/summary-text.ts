import { DEFAULT_ELISION_MARKER } from '../layout/index.js';
import { STOP_WORDS } from './stopwords.js';
import { dateRelativeWords } from './summary-dates.js';
import { valueBeforeNaming, withoutSecretValues } from './summary-secrets.js';
import { foldText } from './text-normalise.js';

/** A turn of a closed segment, as the summarizer reads it. */
export interface SummaryTurn {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  turnNumber: number;
  /**
   * When the turn was said (UTC epoch ms): relative time words ("yesterday", "ayer") are
   * shown as the date they point to. Without it they are shown as written.
   */
  at?: number;
}

/** A word or number of a sentence. */
export interface Token {
  surface: string;
  /** Folded form, for matching phrases ("we'll" → "well", "decidí" → "decidi"). */
  key: string;
  /** Crude stem of the key, for counting ("empowering" ≡ "empower", "movies" ≡ "movie"). */
  stem: string;
  number: boolean;
  /** A proper name, acronym or code-like word ("Caroline", "LGBTQ", "k8s") by its own shape. */
  proper: boolean;
  /** Capitalised at the start of a sentence: proper only if it is elsewhere. */
  initialCapital: boolean;
  stop: boolean;
  /** Punctuation or a symbol separates it from the previous token: phrases do not cross it. */
  breakBefore: boolean;
  /** Chinese or Japanese: one character is a syllable or a word, so two make a word. */
  dense: boolean;
  /**
   * The head of a longer run (a hash, base64, a long identifier, a script written without
   * spaces that no word list splits): never a keyword, only what a summary keeps when the
   * segment holds nothing else.
   */
  clipped: boolean;
  /** A name used to address someone ("Hey Mel!", "Thanks, Caroline."): not a topic. */
  vocative: boolean;
  /**
   * The words a summary shows instead of this one: a relative time word as its date
   * ("yesterday" → "on 2026-03-14"; the other words of its phrase show none).
   */
  dated?: string[];
}

/** One sentence of one turn. */
export interface Sentence {
  /** Index of the turn in the segment. */
  turn: number;
  role: SummaryTurn['role'];
  question: boolean;
  tokens: Token[];
}

/** Bounds that keep the summarizer fast on huge turns (it runs on the request path). */
export interface TextLimits {
  /** Characters read from the head of a user or assistant turn. */
  maxTurnChars: number;
  /** Characters read from the head of a tool turn: tool output is often large JSON. */
  maxToolChars: number;
  /** Sentences read per turn. */
  maxSentencesPerTurn: number;
}

export const DEFAULT_TEXT_LIMITS: TextLimits = { maxTurnChars: 4000, maxToolChars: 600, maxSentencesPerTurn: 60 };

// Longer "words" are hashes, base64, identifiers or unsplit text: cut to this head.
const MAX_TOKEN_CHARS = 40;
const CLIPPED_HEAD = new RegExp(`^[\\s\\S]{${MAX_TOKEN_CHARS}}`, 'u');
// Marks inside a word: Devanagari and Thai vowel signs, Arabic vowels.
// A number keeps its currency or unit written after it, spaced or not ("1200 €", "15 °C",
// "18°"), as one token without the space ("1200€", "15°C"): a summary that said "1200"
// and "12 y 18 C" lost what the numbers were.
const TOKEN_PATTERN = /[$€£]?\p{N}+(?:[.,:/-]\p{N}+)*(?:%|\p{L}+|[ \u00a0]?(?:[€£$%]|°[CFcf]?)(?![\p{L}\p{N}]))?|\p{L}[\p{L}\p{M}\p{N}]*(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
const SPACE_BEFORE_UNIT = /[ \u00a0](?=[€£$%°])/u;

function isUnitAfterSpace(token: string): boolean {
  const code = token.charCodeAt(token.length - 1);
  // "1200 €" and "18 °" end with the unit; "18 °C" with the letter after the degree sign.
  return !(code >= 0x30 && code <= 0x39) && (token.includes(' ') || token.includes('\u00a0'));
}
// Scripts written without spaces between words: their runs are split by ICU's word
// dictionaries (Intl.Segmenter), not taken whole.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
// Japanese written in hiragana alone is grammar: particles and endings (の, に, ました).
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;

// Fenced code blocks (``` or ~~~, an unclosed one running to the end).
const CODE_BLOCK = /(?:^|\n)[ \t]*(```|~~~)[^\n]*\n[\s\S]*?(?:\n[ \t]*\1[ \t]*(?=\n|$)|$)/gu;
// A turn's head is read past its code blocks, up to this many times the text limit.
const CODE_SCAN_FACTOR = 4;

function withoutCodeBlocks(text: string): string {
  return text.includes('```') || text.includes('~~~') ? text.replace(CODE_BLOCK, '\n') : text;
}

// The opening line of a fenced block, and its info string (```python).
const CODE_FENCE = /(?:^|\n)[ \t]*(?:```|~~~)[ \t]*([^\n]*)\n/u;
const LANGUAGE_NAME = /^[A-Za-z][\w+#.-]{0,19}$/u;

/**
 * Whether the segment's turns paste fenced code (read as far as `splitSentences` reads
 * them), and the language the first block names ('' when it names none); null when none
 * does. The code itself never makes a summary, but a segment that says nothing else is
 * still summarised as having pasted it, rather than vanishing without a trace.
 */
export function pastedCodeLanguage(turns: readonly SummaryTurn[], limits: TextLimits = DEFAULT_TEXT_LIMITS): string | null {
  for (const turn of turns) {
    if (turn.role === 'tool') continue;
    const fence = CODE_FENCE.exec(turn.content.slice(0, limits.maxTurnChars * CODE_SCAN_FACTOR));
    if (fence === null) continue;
    const info = (fence[1] ?? '').trim().split(/\s+/u)[0] ?? '';
    return LANGUAGE_NAME.test(info) ? info.toLowerCase() : '';
  }
  return null;
}

/**
 * Splits each turn's head into sentences of tokens, in order (fenced code blocks left out,
 * secret values masked: see `withoutSecretValues`). A piece of a word that a cut left
 * ("sum" of "summary": where the head read ends, or where the session cut a long tool
 * output, at its elision marker) is left out: it is no word the turn said.
 */
export function splitSentences(turns: readonly SummaryTurn[], limits: TextLimits = DEFAULT_TEXT_LIMITS): Sentence[] {
  const sentences: Sentence[] = [];
  turns.forEach((turn, index) => {
    const { text, cutInWord } = turnHead(turn, limits);
    // NFC so that the rendered JSON is already what `toChunk` would make of it.
    const pieces = text.normalize('NFC').split(/(?<=[.!?…])\s+|(?<=[。！？])\s*|\n+|(?=[¿¡])/u);
    let count = 0;
    let named = false;
    pieces.forEach((piece, p) => {
      const trimmed = piece.trim();
      if (trimmed.length === 0 || trimmed === ELIDED || count >= limits.maxSentencesPerTurn) return;
      const said = withoutSecretValues(trimmed, named, valueBeforeNaming(trimmed, pieces[p + 1]?.trim()));
      named = said.namesCredential;
      const tokens = tokenize(said.text);
      const cutAfter = p === pieces.length - 1 ? cutInWord : pieces[p + 1]?.trim() === ELIDED && WORD_CHAR.test(piece.at(-1) ?? '');
      if (cutAfter) tokens.pop();
      if (pieces[p - 1]?.trim() === ELIDED && WORD_CHAR.test(piece[0] ?? '')) tokens.shift();
      if (tokens.length === 0) return;
      if (turn.at !== undefined) dateRelativeWords(tokens, turn.at);
      count += 1;
      sentences.push({ turn: index, role: turn.role, question: /[?？]\s*["')\]」』]*$/u.test(said.text) || said.text.startsWith('¿'), tokens });
    });
  });
  return sentences;
}

// What the session keeps of a long tool output is its head and tail around this marker.
const ELIDED = DEFAULT_ELISION_MARKER.trim();
const WORD_CHAR = /[\p{L}\p{N}]/u;

// A turn's head as read: at most the limit's characters, and whether the cut fell inside a word.
function turnHead(turn: SummaryTurn, limits: TextLimits): { text: string; cutInWord: boolean } {
  if (turn.role === 'tool') return headOf(turn.content, limits.maxToolChars);
  // What a person wrote, not the code they pasted: identifiers would make the topic
  // ("const user, res, req"). The scan stays bounded however long the block.
  const scanned = headOf(turn.content, limits.maxTurnChars * CODE_SCAN_FACTOR);
  const prose = withoutCodeBlocks(scanned.text);
  const head = headOf(prose, limits.maxTurnChars);
  return { text: head.text, cutInWord: head.cutInWord || (scanned.cutInWord && head.text.length === prose.length) };
}

function headOf(text: string, limit: number): { text: string; cutInWord: boolean } {
  if (text.length <= limit) return { text, cutInWord: false };
  return { text: text.slice(0, limit), cutInWord: WORD_CHAR.test(text[limit - 1] ?? '') && WORD_CHAR.test(text[limit] ?? '') };
}

/** The tokens of one sentence. */
export function tokenize(sentence: string): Token[] {
  const tokens: Token[] = [];
  let end = 0;
  for (const match of sentence.matchAll(TOKEN_PATTERN)) {
    // Only a number's token may hold the space before its unit: no other is rewritten.
    const surface = match[0].length > 2 && isUnitAfterSpace(match[0]) ? match[0].replace(SPACE_BEFORE_UNIT, '') : match[0];
    const gap = sentence.slice(end, match.index);
    end = match.index + match[0].length;
    const words = ASCII_WORD.test(surface) || !UNSPACED_SCRIPT.test(surface) ? [surface] : unspacedWords(surface);
    words.forEach((word, i) => tokens.push(makeToken(word, tokens.length === 0, i === 0 && /\S/u.test(gap))));
  }
  markVocatives(tokens, /^[\s,]*[!.?]/u.test(sentence.slice(end)) || sentence.slice(end).trim() === '');
  return tokens;
}

// Stateless, like a compiled regex: built on first use, then shared.
let wordSegmenter: Intl.Segmenter | undefined;

// The root locale, not the machine's: the same words whatever its language settings.
function unspacedWords(run: string): string[] {
  wordSegmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  const words: string[] = [];
  for (const piece of wordSegmenter.segment(run)) if (piece.isWordLike === true) words.push(piece.segment);
  return words;
}

// Greetings and thanks are followed by the addressee's name.
const ADDRESS_WORDS = new Set(['hey', 'hi', 'hello', 'thanks', 'thank', 'wow', 'oh', 'yeah', 'dear', 'hola', 'gracias', 'oye', 'querido', 'querida']);

function markVocatives(tokens: Token[], endsAfterLast: boolean): void {
  tokens.forEach((token, i) => {
    if ((!token.proper && !token.initialCapital) || token.clipped) return;
    const previous = tokens[i - 1];
    const afterGreeting = previous !== undefined && ADDRESS_WORDS.has(previous.key);
    const trailing = i === tokens.length - 1 && i > 0 && token.breakBefore && endsAfterLast;
    if (afterGreeting || trailing) token.vocative = true;
  });
}

/** Whether a word is Japanese hiragana alone: grammar (particles, endings), never a topic. */
export function isHiraganaOnly(word: string): boolean {
  return !ASCII_WORD.test(word) && HIRAGANA_ONLY.test(word);
}

/** Joins token surfaces back into text. */
export function joinTokens(tokens: readonly Token[]): string {
  return tokens.map((token) => token.surface).join(' ');
}

/** The words a summary shows of tokens: their surfaces, a relative time word as its date. */
export function shownWords(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) => token.dated ?? [token.surface]);
}

/** Whether a token is of a script written without spaces, whose phrases no stop list shows. */
export function isUnspaced(token: Token): boolean {
  return !ASCII_WORD.test(token.surface) && UNSPACED_SCRIPT.test(token.surface);
}

function makeToken(whole: string, sentenceStart: boolean, breakBefore: boolean): Token {
  const head = whole.length > MAX_TOKEN_CHARS ? (CLIPPED_HEAD.exec(whole)?.[0] ?? whole) : whole;
  const clipped = head.length < whole.length;
  const ascii = ASCII_WORD.test(head);
  const shape = ascii ? asciiShape(head) : unicodeShape(head);
  const { number, letters, codeLike, capital } = shape;
  const key = number ? head.toLowerCase() : foldText(head).replace(/['’]/gu, '');
  const base = number ? key : baseForm(key);
  const acronym = letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
  return {
    // The ellipsis tells the reader the word goes on.
    surface: clipped ? `${head}…` : head,
    key,
    stem: number ? key : stripFinalE(base),
    number,
    proper: key !== 'i' && (acronym || codeLike || (capital && !sentenceStart)),
    initialCapital: capital && sentenceStart,
    stop: !number && (STOP_WORDS.has(key) || (base !== key && !key.endsWith('s') && STOP_WORDS.has(base)) || isHiraganaOnly(head)),
    breakBefore,
    dense: !ascii && DENSE_SCRIPT.test(head),
    clipped,
    vocative: false,
  };
}

interface TokenShape {
  number: boolean;
  letters: string;
  codeLike: boolean;
  capital: boolean;
}

const ASCII_WORD = /^[\x21-\x7e]*$/;

// The same answers as unicodeShape for ASCII words, with character codes instead of
// Unicode property regexes (this runs for every word of every summarised turn).
function asciiShape(surface: string): TokenShape {
  let letters = '';
  let digits = false;
  for (let i = 0; i < surface.length; i += 1) {
    const code = surface.charCodeAt(i);
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) letters += surface[i];
    else if (code >= 48 && code <= 57) digits = true;
  }
  const first = surface.charCodeAt(0);
  const second = surface.charCodeAt(1);
  const number = isAsciiDigit(first) || (first === 36 && isAsciiDigit(second));
  return { number, letters, codeLike: !number && digits, capital: first >= 65 && first <= 90 };
}

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether a word is a number as a token is one: a digit first, or a currency sign and a digit ("$40"). */
export function startsWithNumber(surface: string): boolean {
  return NUMBER_START.test(surface);
}

const NUMBER_START = /^[$€£]?\p{N}/u;

/**
 * Whether `surface`, a number, is a bare one ("250", "8", "3.5"; not "5pm", "$40", "10%",
 * "2023" or "7:45") after a function word, another number or nothing (`previous`): what it
 * counts was cut off ("Entre 250", "a girl around 8"). A summary's cut never ends on one.
 */
export function isUncountedNumber(surface: string, previous: { stop: boolean; number: boolean } | undefined): boolean {
  if (!/^\d+(?:[.,]\d+)?$/u.test(surface) || /^(?:1[89]|20)\d\d$/u.test(surface)) return false;
  return previous === undefined || previous.stop || previous.number;
}

function unicodeShape(surface: string): TokenShape {
  const number = NUMBER_START.test(surface);
  return {
    number,
    letters: surface.replace(/[^\p{L}]/gu, ''),
    codeLike: !number && /\p{N}/u.test(surface),
    capital: /^\p{Lu}/u.test(surface),
  };
}

// Strips one inflection: -ing, -ed or a plural -s. Good enough to group a word's forms
// inside one segment; never shown.
function baseForm(key: string): string {
  if (key.length > 5 && key.endsWith('ing')) return key.slice(0, -3);
  if (key.length > 4 && key.endsWith('ed')) return key.slice(0, -2);
  if (key.length > 3 && key.endsWith('s') && !key.endsWith('ss')) return key.slice(0, -1);
  return key;
}

// "movie"/"movi(es)", "canción"/"cancione(s)", "love"/"lov(ed)" meet without their final e.
function stripFinalE(base: string): string {
  return base.length > 3 && base.endsWith('e') ? base.slice(0, -1) : base;
}
