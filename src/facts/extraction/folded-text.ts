import { isAscii } from '../../ascii.js';

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const SINGLE_QUOTES = new Set(['\u2018', '\u2019', '\u201b', '\u00b4']);
const DOUBLE_QUOTES = new Set(['\u201c', '\u201d', '\u201e', '\u00ab', '\u00bb']);
// Zero-width joiners (ZWJ, ZWNJ) and variation selectors shape how a word or an emoji
// sequence is drawn, never what it says: the original keeps them (statements are cut from
// it), the folded form drops them so that "pass\u200dword" still reads as "password".
function isJoinerOrSelector(code: number): boolean {
  return code === 0x200c || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f);
}
/** Replaces masked characters: no lexicon or rule matches it. */
export const MASK = '#';
/**
 * Stands where a cleaned message held a model control token ("<|endoftext|>", "[INST]"): a
 * private-use character, which folding keeps and no rule matches. What the token stood in
 * is unknown (maybe the very value), so a clause holding it states nothing.
 */
export const CONTROL_TOKEN_MARK = '\uE000';

/**
 * A piece of a message in three aligned forms: the original text, its folded form
 * (lowercase, no diacritics, one kind of apostrophe and of double quote, no zero-width
 * joiners nor variation selectors) and the scan form (folded, with quoted text masked so
 * no signal inside quotes can fire).
 * `origin[i]` is the index in `original` of folded character i (plus a final sentinel),
 * null when that index is i itself (ASCII text folds character for character);
 * `base` is where `original` starts in the whole message.
 */
export interface FoldedText {
  readonly original: string;
  readonly base: number;
  readonly folded: string;
  readonly scan: string;
  readonly origin: readonly number[] | null;
}

function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch;
  if (SINGLE_QUOTES.has(ch)) return "'";
  if (DOUBLE_QUOTES.has(ch)) return '"';
  if (isJoinerOrSelector(code)) return '';
  return ch.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Folds text keeping, for every folded character, where it came from. */
export function foldMessage(original: string): FoldedText {
  // Most messages are ASCII: the per-character walk and its origin table cost more than
  // the rest of the extraction, and toLowerCase folds ASCII exactly as foldChar does.
  if (isAscii(original)) {
    const folded = original.toLowerCase();
    return { original, base: 0, folded, scan: maskQuotes(folded), origin: null };
  }
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const ch of original) {
    const out = foldChar(ch);
    for (let i = 0; i < out.length; i++) origin.push(index);
    folded += out;
    index += ch.length;
  }
  origin.push(original.length);
  return { original, base: 0, folded, scan: maskQuotes(folded), origin };
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

/**
 * Masks text between double quotes, between backticks and between single quotes used as
 * quotes (not apostrophes: "don't", "kids'"). An unclosed quote masks nothing.
 */
export function maskQuotes(folded: string): string {
  // Code units, not code points: the scan form must stay index-aligned with `folded`.
  // Spans are found first and masked after: the scan never reads inside a closed span,
  // so text without a quoted span is returned as it is, without a copy.
  const spans: number[] = [];
  let openDouble = -1;
  let openSingle = -1;
  let openTick = -1;
  for (let i = 0; i < folded.length; i++) {
    const code = folded.charCodeAt(i);
    if (code === 0x22) {
      if (openDouble < 0) {
        openDouble = i;
      } else {
        spans.push(openDouble, i);
        openDouble = -1;
      }
    } else if (code === 0x60) {
      if (openTick < 0) {
        openTick = i;
      } else {
        spans.push(openTick, i);
        openTick = -1;
      }
    } else if (code === 0x27) {
      const before = folded[i - 1];
      const after = folded[i + 1];
      if (openSingle < 0 && !isWordChar(before) && isWordChar(after)) openSingle = i;
      else if (openSingle >= 0 && isWordChar(before) && !isWordChar(after)) {
        spans.push(openSingle, i);
        openSingle = -1;
      }
    }
  }
  return spans.length === 0 ? folded : masked(folded, spans);
}

function masked(folded: string, spans: readonly number[]): string {
  const chars = folded.split('');
  for (let s = 0; s < spans.length; s += 2) {
    const close = spans[s + 1] as number;
    for (let i = (spans[s] as number) + 1; i < close; i++) chars[i] = MASK;
  }
  return chars.join('');
}

/** The part of `text` between folded indices `start` and `end`, in all three forms. */
export function sliceFolded(text: FoldedText, start: number, end: number): FoldedText {
  const identity = text.origin === null && start >= 0 && start <= end && end <= text.original.length;
  if (identity) {
    return {
      original: text.original.slice(start, end),
      base: text.base + start,
      folded: text.folded.slice(start, end),
      scan: text.scan.slice(start, end),
      origin: null,
    };
  }
  const origin = text.origin ?? identityOrigin(text.original.length);
  const from = origin[start] ?? text.original.length;
  const to = origin[end] ?? text.original.length;
  return {
    original: text.original.slice(from, to),
    base: text.base + from,
    folded: text.folded.slice(start, end),
    scan: text.scan.slice(start, end),
    origin: origin.slice(start, end + 1).map((position) => position - from),
  };
}

function identityOrigin(length: number): number[] {
  const origin: number[] = [];
  for (let i = 0; i <= length; i++) origin.push(i);
  return origin;
}

/** Drops surrounding whitespace, keeping the three forms aligned. */
export function trimFolded(text: FoldedText): FoldedText {
  const blank = /\s/u;
  let start = 0;
  let end = text.folded.length;
  while (start < end && blank.test(text.folded[start] ?? '')) start++;
  while (end > start && blank.test(text.folded[end - 1] ?? '')) end--;
  return start === 0 && end === text.folded.length ? text : sliceFolded(text, start, end);
}

/** The original text of `outer` from its start through the end of `inner`, a slice of it. */
export function originalThrough(outer: FoldedText, inner: FoldedText): string {
  return outer.original.slice(0, Math.max(0, inner.base - outer.base + inner.original.length));
}
