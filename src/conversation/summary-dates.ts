import { localDay, weekStart } from '../local-days.js';
import type { Token } from './summary-text.js';

// Relative time words, as folded token keys, and the day they name counted from the day
// of the turn that says them. A summary is read weeks later: "yesterday" must say which day.
type Span = 'day' | 'morning' | 'afternoon' | 'evening' | 'night' | 'week';

interface RelativePhrase {
  keys: readonly string[];
  language: 'en' | 'es';
  /** Days from the turn's day; for a week, weeks from the turn's week. */
  offset: number;
  span: Span;
  /** Possessive ("yesterday's meeting"): the date stands before a noun. */
  possessive?: boolean;
}

const phrase = (words: string, language: 'en' | 'es', offset: number, span: Span = 'day', possessive = false): RelativePhrase => ({
  keys: words.split(' '),
  language,
  offset,
  span,
  possessive,
});

// Longest first where one phrase starts another ("the day before yesterday", "yesterday").
const PHRASES: readonly RelativePhrase[] = [
  phrase('the day before yesterday', 'en', -2),
  phrase('the day after tomorrow', 'en', 2),
  phrase('yesterday', 'en', -1),
  phrase('yesterdays', 'en', -1, 'day', true),
  phrase('today', 'en', 0),
  phrase('todays', 'en', 0, 'day', true),
  phrase('tomorrow', 'en', 1),
  phrase('tomorrows', 'en', 1, 'day', true),
  phrase('tonight', 'en', 0, 'night'),
  phrase('last night', 'en', -1, 'night'),
  phrase('this morning', 'en', 0, 'morning'),
  phrase('this afternoon', 'en', 0, 'afternoon'),
  phrase('this evening', 'en', 0, 'evening'),
  phrase('last week', 'en', -1, 'week'),
  phrase('this week', 'en', 0, 'week'),
  phrase('next week', 'en', 1, 'week'),
  phrase('antes de ayer', 'es', -2),
  phrase('anteayer', 'es', -2),
  phrase('antier', 'es', -2),
  phrase('pasado manana', 'es', 2),
  phrase('ayer', 'es', -1),
  phrase('anoche', 'es', -1, 'night'),
  phrase('hoy', 'es', 0),
  phrase('esta manana', 'es', 0, 'morning'),
  phrase('esta tarde', 'es', 0, 'afternoon'),
  phrase('esta noche', 'es', 0, 'night'),
  phrase('manana', 'es', 1),
  phrase('la semana pasada', 'es', -1, 'week'),
  phrase('la semana anterior', 'es', -1, 'week'),
  phrase('esta semana', 'es', 0, 'week'),
  phrase('la semana que viene', 'es', 1, 'week'),
  phrase('la proxima semana', 'es', 1, 'week'),
  phrase('la semana proxima', 'es', 1, 'week'),
];

const FIRST_KEYS = new Set(PHRASES.map((relative) => relative.keys[0]));
const FIGURATIVE_BEFORE = new Set(['like', 'fuera']);

// "N days ago" / "hace N días".
const AGO_NUMBERS: Readonly<Record<string, number>> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, un: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6 };

// After these the date needs no preposition of its own: "since yesterday" → "since 2026-03-14".
const EN_PREPOSITIONS = new Set(['on', 'since', 'until', 'till', 'by', 'from', 'for', 'before', 'after', 'of', 'as', 'than', 'at', 'through', 'to', 'in', 'during', 'over']);
// Before these the date is the subject: "Today is the deadline" → "2026-03-15 is the deadline".
const EN_SUBJECT_VERBS = new Set(['is', 'was', 'will', 'has', 'had', 'would', 'should', 'looks', 'seems', 'sounds', 'isnt', 'wasnt', 'wont']);
// "la mañana", "esta mañana", "por la mañana", "cada mañana": the morning, not tomorrow.
const MORNING_BEFORE = new Set(['la', 'esta', 'una', 'cada', 'toda', 'esa', 'aquella', 'manana', 'buena', 'buenas', 'media']);
const SPANISH_NAMES: Readonly<Record<Exclude<Span, 'day' | 'week'>, string>> = { morning: 'la mañana', afternoon: 'la tarde', evening: 'la tarde', night: 'la noche' };

/**
 * Gives the relative time words of one sentence ("yesterday", "ayer", "last week", "hoy",
 * "3 days ago") the absolute date they point to, counted from `at`, the time of the turn
 * that says them: the last token of the phrase has in `dated` the words a summary shows
 * instead ("On 2026-03-14", "el 2026-03-14", "the week of 2026-03-09"), the others show
 * none (`dated` empty), and a keyword made of it shows the date. Words keep their weight:
 * dating a turn changes how it reads, not which statement is the most topical. Days are
 * local days of the daemon's time zone, as a question's "yesterday" is read
 * (src/compiler/past-reference.ts); weeks start on Monday.
 */
export function dateRelativeWords(tokens: Token[], at: number): void {
  for (let i = 0; i < tokens.length; i += 1) {
    const match = matchAt(tokens, i);
    if (match === null) continue;
    const { length, relative } = match;
    const previous = tokens[i - 1];
    const next = tokens[i + length];
    const words = relative.language === 'en' ? englishWords(relative, at, previous, next) : spanishWords(relative, at);
    if (relative.language === 'es' && previous !== undefined && (previous.key === 'de' || previous.key === 'a') && words[0] === 'el') {
      // "de el" / "a el" contract: "la reunión de ayer" → "la reunión del 2026-03-14".
      previous.dated = [];
      words[0] = `${previous.surface}l`;
    }
    const first = tokens[i] as Token;
    const last = tokens[i + length - 1] as Token;
    if (/^\p{Lu}/u.test(first.surface) && words[0] !== undefined) words[0] = capitalise(words[0]);
    // The phrase shows its date where it ends, so a statement cut inside it shows none of it.
    for (let j = 0; j < length - 1; j += 1) (tokens[i + j] as Token).dated = [];
    last.dated = words;
    // A keyword or phrase made of it shows the date too.
    last.surface = words.find((word) => /^\d/u.test(word)) ?? last.surface;
    i += length - 1;
  }
}

function matchAt(tokens: readonly Token[], at: number): { length: number; relative: RelativePhrase } | null {
  // Runs for every word of every dated turn: most words start no phrase.
  const key = tokens[at]?.key ?? '';
  const opensPhrase = FIRST_KEYS.has(key);
  if (!opensPhrase && key !== 'hace' && !tokens[at]?.number && AGO_NUMBERS[key] === undefined) return null;
  // "feels like yesterday", "como si fuera ayer": a figure of speech, not a day.
  if (FIGURATIVE_BEFORE.has(tokens[at - 1]?.key ?? '') || FIGURATIVE_BEFORE.has(tokens[at - 2]?.key ?? '')) return null;
  // A number ("3 days ago") opens no listed phrase: only the "ago" forms.
  if (!opensPhrase) return agoAt(tokens, at);
  for (const relative of PHRASES) {
    if (!relative.keys.every((key, j) => tokens[at + j]?.key === key)) continue;
    if (relative.keys[0] === 'manana' && relative.keys.length === 1 && !meansTomorrow(tokens, at)) continue;
    return { length: relative.keys.length, relative };
  }
  return agoAt(tokens, at);
}

// "mañana" is tomorrow unless it is the morning: "la mañana", "por la mañana", "cada mañana".
function meansTomorrow(tokens: readonly Token[], at: number): boolean {
  const previous = tokens[at - 1]?.key;
  return previous === undefined || !MORNING_BEFORE.has(previous);
}

function agoAt(tokens: readonly Token[], at: number): { length: number; relative: RelativePhrase } | null {
  const count = (token: Token | undefined): number | null => {
    if (token === undefined) return null;
    if (/^\d{1,2}$/u.test(token.key)) return Number(token.key);
    return AGO_NUMBERS[token.key] ?? null;
  };
  const english = count(tokens[at]);
  if (english !== null && /^days?$/u.test(tokens[at + 1]?.key ?? '') && tokens[at + 2]?.key === 'ago') {
    return { length: 3, relative: { keys: [], language: 'en', offset: -english, span: 'day' } };
  }
  const spanish = count(tokens[at + 1]);
  if (tokens[at]?.key === 'hace' && spanish !== null && /^dias?$/u.test(tokens[at + 2]?.key ?? '')) {
    return { length: 3, relative: { keys: [], language: 'es', offset: -spanish, span: 'day' } };
  }
  return null;
}

function englishWords(relative: RelativePhrase, at: number, previous: Token | undefined, next: Token | undefined): string[] {
  const bare = previous !== undefined && EN_PREPOSITIONS.has(previous.key);
  if (relative.span === 'week') {
    const week = ['the', 'week', 'of', isoDay(weekStart(at, relative.offset))];
    return bare ? week : ['in', ...week];
  }
  const day = isoDay(localDay(at, relative.offset));
  if (relative.possessive === true) return ['the', day];
  if (relative.span !== 'day') return [...(bare ? [] : ['on']), 'the', relative.span, 'of', day];
  if (bare || (next !== undefined && EN_SUBJECT_VERBS.has(next.key))) return [day];
  return ['on', day];
}

function spanishWords(relative: RelativePhrase, at: number): string[] {
  if (relative.span === 'week') return ['la', 'semana', 'del', isoDay(weekStart(at, relative.offset))];
  const day = isoDay(localDay(at, relative.offset));
  if (relative.span !== 'day') return [...SPANISH_NAMES[relative.span].split(' '), 'del', day];
  return ['el', day];
}

function isoDay(day: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
