import { isAscii } from '../../ascii.js';
import { CHANGE_ADVERBS } from './change-words.js';
import type { FoldedText } from './folded-text.js';
import { alternatives, type RuleGroups } from './rule-support.js';
import { endsWithDottedAcronym } from './sentence-periods.js';

const SPECIAL_TOKENS = /<\|[^|>]{0,40}\|>|\[\/?INST\]|<<\/?SYS>>|<\/?s>/giu;
// ZWJ and ZWNJ (U+200C/D) are not here: inside a word or an emoji sequence they are part
// of it ("👨‍👩‍👧", Persian and Indic words); STRAY_JOINERS drops them anywhere else.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
// A joiner joins nothing at an edge or beside a space; a variation selector selects nothing
// at the start or after a space.
const STRAY_JOINERS = /[\u200c\u200d]+(?=\s|$)|(?<=^|\s)[\u200c\u200d\ufe00-\ufe0f]+/gu;
const UNSAFE =
  /\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|your)\s+(?:instructions|prompts?|rules)\b|^\s*(?:system|assistant|user|developer)\s*:|#{2,}|```|<\/?[a-z][^>]*>/iu;
const EDGE_START = /^[\s"'`«»“”‘’*_~(\[{¡¿.,;:-]+/u;
const EDGE_END = /[\s"'`«»“”‘’*_~)\]}.,;:!?…-]+$/u;
// Scripts written without spaces between words ("我住在东京", "私は東京に住んでいます").
const UNSPACED_LETTERS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/gu;
/** Statements longer than this are not "as short as possible" facts: skipped. */
export const MAX_STATEMENT_CHARS = 160;

/**
 * Makes a statement safe and tidy as prompt text: no special tokens, control or
 * invisible characters, collapsed whitespace, no edge punctuation, first letter upper
 * case, English "i" as "I". Returns null when the result is unusable or looks like an
 * attempt to steer the model (`steersModel`).
 */
export function tidyStatement(raw: string, language: 'en' | 'es'): string | null {
  let text = tidyValue(raw);
  if (language === 'en') text = text.replace(/(^|[^\p{L}\p{N}'])i(?=$|[^\p{L}\p{N}])/gu, '$1I');
  if (text.length === 0 || text.length > MAX_STATEMENT_CHARS || UNSAFE.test(text)) return null;
  if (wordCount(text) < 2) return null;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** True when a tidied statement (`tidyValue`) looks like an attempt to steer the model. */
export function steersModel(tidied: string): boolean {
  return UNSAFE.test(tidied);
}

/** The same cleaning for a value, without the casing and length rules of a statement. */
export function tidyValue(raw: string): string {
  const text = raw.replace(SPECIAL_TOKENS, ' ').replace(INVISIBLE, ' ').replace(STRAY_JOINERS, '').replace(/\s+/gu, ' ');
  return withoutEdges(text).replace(/["“”«»`]/gu, '').replace(STRAY_JOINERS, '').trim();
}

function withoutEdges(text: string): string {
  const body = text.replace(EDGE_START, '');
  const edge = EDGE_END.exec(body);
  if (edge === null) return body;
  const kept = body.slice(0, edge.index);
  // "the U.S.", "9 a.m.": the last period is part of the acronym, not punctuation at the edge.
  return edge[0].startsWith('.') && endsWithDottedAcronym(kept) ? `${kept}.` : kept;
}

/**
 * About how many words `text` holds: its space-separated words, where a run of letters of
 * a script written without spaces counts one word per two letters (Chinese words are one
 * to three characters long). Only a rough size: a statement needs two, and a long one is
 * rambling.
 */
export function wordCount(text: string): number {
  const words = text.split(/\s+/u).filter((word) => word.length > 0);
  if (isAscii(text)) return words.length;
  let count = 0;
  for (const word of words) {
    const unspaced = word.match(UNSPACED_LETTERS)?.length ?? 0;
    count += unspaced === 0 ? 1 : Math.max(1, Math.ceil(unspaced / 2));
  }
  return count;
}

// Words that say the value is new, not what it is.
const CHANGE_ONLY = new RegExp(`^(?:${alternatives([...CHANGE_ADVERBS.en, ...CHANGE_ADVERBS.es])}\\s+)+$`, 'u');

/**
 * `statement` (the start of `body` through its value) without each group of `names` that
 * holds only words saying the value is new ("now", "ahora", "en realidad"): "my boss is
 * now Marta" is stored as "My boss is Marta", "mi jefe ahora es Marta" as "Mi jefe es Marta".
 */
export function withoutChangeWords(body: FoldedText, groups: RuleGroups, statement: string, names: readonly string[]): string {
  let kept = statement;
  // From the last group back, so that the earlier offsets still hold.
  for (const name of [...names].reverse()) {
    const adverbs = groups.get(name);
    if (adverbs === null || !CHANGE_ONLY.test(adverbs.folded)) continue;
    const start = adverbs.base - body.base;
    kept = kept.slice(0, start) + kept.slice(start + adverbs.original.length);
  }
  return kept;
}
