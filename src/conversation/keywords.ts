import type { Sentence, Token } from './summary-text.js';

/** A keyword of a segment with its tf-based weight. */
export interface Keyword {
  /** The stem the keyword's forms share. */
  key: string;
  display: string;
  score: number;
  /** Occurrences, all forms included. */
  count: number;
  proper: boolean;
  number: boolean;
  /** Order of first appearance: the deterministic tie-break. */
  first: number;
}

/** A noun-phrase candidate for `discussed`. */
export interface Phrase {
  keys: string[];
  display: string;
  score: number;
  first: number;
}

const ROLE_WEIGHT = { user: 1, assistant: 0.8, tool: 0.2 } as const;
const PROPER_BOOST = 2;
const NUMBER_BOOST = 1.5;
const MIN_WORD_CHARS = 3;
// Chinese and Japanese words are mostly one or two characters (請求, 服务).
const MIN_DENSE_WORD_CHARS = 2;
const MAX_PHRASE_WORDS = 4;
// Inside a proper name only: "Bank of America", "Universidad de Buenos Aires".
const NAME_CONNECTORS = new Set(['of', 'de', 'del', 'la', 'las', 'los', 'the', 'y', 'and']);
const MONTHS = new Set([
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october',
  'november', 'december', 'jan', 'feb', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct',
  'nov', 'dec', 'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto',
  'septiembre', 'setiembre', 'octubre', 'noviembre', 'diciembre',
]);

/** Whether a keyword can name a topic: numbers and month names cannot ("6", "March"). */
export function isTopical(keyword: Keyword): boolean {
  return !keyword.number && !MONTHS.has(keyword.key);
}

/** Whether a token can be (part of) a keyword. */
export function isContent(token: Token): boolean {
  if (token.clipped) return false;
  if (token.number) return true;
  if (token.stop) return false;
  return token.key.length >= (token.dense ? MIN_DENSE_WORD_CHARS : MIN_WORD_CHARS) || token.proper;
}

/**
 * Keywords by weighted term frequency over stems (a word's forms count together): user
 * words weigh more than assistant words; tool output weighs little and counts a word
 * once per turn; proper names are boosted. Ranked by score, then first appearance.
 */
export function rankKeywords(sentences: readonly Sentence[]): Keyword[] {
  const properKeys = collectProperKeys(sentences);
  const byKey = new Map<string, Keyword>();
  const seenInTool = new Set<string>();
  let order = 0;
  for (const sentence of sentences) {
    const tool = sentence.role === 'tool';
    for (const token of sentence.tokens) {
      if (token.vocative || token.clipped || (!isContent(token) && !properKeys.has(token.stem))) continue;
      // Tool output repeats itself (one record per row): a word counts once per tool turn.
      if (tool && !addNew(seenInTool, `${sentence.turn}:${token.stem}`)) continue;
      const proper = properKeys.has(token.stem);
      const weight = ROLE_WEIGHT[sentence.role] * (proper && !tool ? PROPER_BOOST : 1);
      const known = byKey.get(token.stem);
      if (known) {
        known.score += weight;
        known.count += 1;
      } else {
        byKey.set(token.stem, { key: token.stem, display: displayOf(token, proper), score: weight, count: 1, proper, number: token.number, first: order++ });
      }
    }
  }
  return [...byKey.values()].sort(byScore);
}

/**
 * Noun-phrase candidates: proper-name runs ("New York", "LGBTQ support group" when
 * capitalised), dates ("8 May 2023", "3 de mayo") and runs of 2–4 content words
 * ("staging cluster"), scored by their keywords' weights; numbers and dates are boosted
 * (they are what a summary is most often asked for).
 */
export function candidatePhrases(sentences: readonly Sentence[], keywords: readonly Keyword[]): Phrase[] {
  const scores = new Map(keywords.map((k) => [k.key, k.score]));
  const byDisplay = new Map<string, Phrase>();
  let order = 0;
  for (const sentence of sentences) {
    if (sentence.role === 'tool') continue;
    for (const run of phraseRuns(sentence.tokens)) {
      const keys = run.map((t) => t.stem);
      const dated = run.some((t) => t.number || MONTHS.has(t.key));
      const score = (keys.reduce((sum, key) => sum + (scores.get(key) ?? 0), 0) / Math.sqrt(keys.length)) * (dated ? NUMBER_BOOST : 1);
      const display = run.map((t) => t.surface).join(' ');
      const known = byDisplay.get(display.toLowerCase());
      if (known) known.score += score;
      else byDisplay.set(display.toLowerCase(), { keys, display, score, first: order++ });
    }
  }
  return [...byDisplay.values()].sort(byScore);
}

function phraseRuns(tokens: readonly Token[]): Token[][] {
  const runs: Token[][] = [];
  let current: Token[] = [];
  tokens.forEach((token, i) => {
    if (token.breakBefore && !continuesDate(tokens, i)) current = endRun(current, runs);
    if (token.vocative) return;
    const next = tokens[i + 1];
    const connector = current.length > 0 && NAME_CONNECTORS.has(token.key) && next !== undefined && (next.proper || next.number);
    const dateLink = current.length > 0 && token.key === 'de' && next !== undefined && (MONTHS.has(next.key) || next.number);
    if (isContent(token) || connector || dateLink || isDateMonth(tokens, i)) current.push(token);
    else current = endRun(current, runs);
  });
  endRun(current, runs);
  return runs;
}

// Ends the run being built: adds its phrases to `runs` and returns a fresh, empty run.
function endRun(current: Token[], runs: Token[][]): Token[] {
  while (current.length > 0 && isLinkWord(current[current.length - 1] as Token)) current.pop();
  if (current.length >= 2) runs.push(current.slice(0, MAX_PHRASE_WORDS));
  // A shorter head is often the phrase itself ("LGBTQ support group" of "… yesterday").
  if (current.length > 3) runs.push(current.slice(0, 3));
  runs.push(...nameRuns(current).filter((name) => name.length < current.length));
  return [];
}

// The names inside a run ("Maria Lopez" in "Maria Lopez approved budget").
function nameRuns(run: readonly Token[]): Token[][] {
  const names: Token[][] = [];
  let name: Token[] = [];
  for (const token of run) {
    if (token.proper || token.initialCapital) {
      name.push(token);
      continue;
    }
    if (name.length >= 2) names.push(name.slice(0, MAX_PHRASE_WORDS));
    name = [];
  }
  if (name.length >= 2) names.push(name.slice(0, MAX_PHRASE_WORDS));
  return names;
}

// "May 8, 2023": the comma before the year does not end the date.
function continuesDate(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  const previous = tokens[i - 1];
  return token !== undefined && previous !== undefined && /^\d{4}$/u.test(token.surface) && (previous.number || MONTHS.has(previous.key));
}

function isLinkWord(token: Token): boolean {
  return !isContent(token) && !MONTHS.has(token.key);
}

// "May 8", "8 May": a month next to a number is content even when it is a stop word.
function isDateMonth(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  if (token === undefined || !MONTHS.has(token.key)) return false;
  return tokens[i - 1]?.number === true || tokens[i + 1]?.number === true;
}

// A word capitalised mid-sentence anywhere is a name everywhere, even sentence-initial.
function collectProperKeys(sentences: readonly Sentence[]): Set<string> {
  const keys = new Set<string>();
  for (const sentence of sentences) {
    for (const token of sentence.tokens) if (token.proper && !token.stop && !token.clipped) keys.add(token.stem);
  }
  return keys;
}

function displayOf(token: Token, proper: boolean): string {
  return proper || token.number ? token.surface : token.surface.toLowerCase();
}

function addNew(set: Set<string>, value: string): boolean {
  if (set.has(value)) return false;
  set.add(value);
  return true;
}

function byScore(a: { score: number; first: number }, b: { score: number; first: number }): number {
  return b.score - a.score || a.first - b.first;
}
