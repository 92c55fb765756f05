import type { FoldedText } from './folded-text.js';

// Titles stand before a name, and these connectives before what they introduce: their
// period never ends a sentence ("la Dra. Silva", "Go vs. Rust", "e.g. Vim").
const BEFORE_A_NAME: ReadonlySet<string> = new Set([
  'dr', 'dra', 'dres', 'mr', 'mrs', 'ms', 'mx', 'prof', 'profa', 'sr', 'sra', 'srta', 'sres', 'st', 'sto', 'sta', 'lic',
  'ing', 'arq', 'ud', 'uds', 'vs', 'e.g', 'i.e', 'p.ej', 'cf',
]);
// Abbreviations that often end a sentence too: what follows decides ("Acme Inc. in Lisbon"
// goes on, "Acme Inc. I live in Lisbon" is two sentences).
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'inc', 'ltd', 'co', 'corp', 'cia', 'etc', 'approx', 'aprox', 'jr', 'bros', 'dept', 'dpto', 'univ', 'inst', 'blvd', 'rd', 'ave',
]);
// Abbreviations that stand before a place's name ("Mt. Hood", "Av. Corrientes", "Pza.
// Mayor") but may end a sentence too ("6 ft. I live…"): a capitalised name goes on.
const BEFORE_A_PLACE: ReadonlySet<string> = new Set(['mt', 'ft', 'av', 'avda', 'pza']);
// "No." is mostly the word, also before a lower-case word ("oh no. the dog…"): only a
// number makes it the sign ("no. 5").
const NUMBER_SIGNS: ReadonlySet<string> = new Set(['no', 'nro', 'num']);
// Folded: "u.s", "a.m", "ee.uu", "s.a".
const DOTTED_ACRONYM = /^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u;
const ENDS_WITH_DOTTED_ACRONYM = /(?:^|[^\p{L}\p{N}.])(?:\p{L}{1,2}\. ?)+\p{L}{1,2}$/u;
// Folded: "t", "j.k", "r.r" (upper case in the original).
const INITIALS = /^(?:\p{L}\.)*\p{L}$/u;
// A spaced dotted acronym, read on the original: "EE. UU.", "U. S.", "S. A.".
const SPACED_ACRONYM_PART = /^\p{Lu}{1,2}$/u;
const SPACED_ACRONYM_NEXT = /^ \p{Lu}{1,2}\./u;
const SPACED_ACRONYM_BEFORE = /(?:^|[^\p{L}\p{N}.])\p{Lu}{1,2}\. $/u;
// First-person words open a sentence even typed in lower case ("…the U.S. i live in Austin").
const OPENS_SENTENCE: ReadonlySet<string> = new Set([
  'i', "i'm", "i've", "i'd", "i'll", 'im', 'ive', 'my', 'we', "we're", "we've", 'our', 'yo', 'mi', 'mis',
]);
// Capitalised words that open sentences and are no surname after an initial ("vitamin D. It's hard…").
const NOT_A_NAME: ReadonlySet<string> = new Set([
  ...OPENS_SENTENCE,
  'me', 'us', 'you', "you're", 'your', 'he', "he's", 'his', 'she', "she's", 'her', 'it', "it's", 'its', 'they', "they're",
  'their', 'the', 'a', 'an', 'this', 'that', 'these', 'those', 'there', "there's", 'here', 'some', 'any', 'every', 'all',
  'no', 'not', 'and', 'but', 'so', 'or', 'then', 'also', 'now', 'just', 'still', 'anyway', 'actually', 'well', 'oh', 'ok',
  'okay', 'yes', 'yeah', 'hi', 'hello', 'hey', 'thanks', 'please', 'sorry', 'what', 'when', 'where', 'why', 'how', 'who',
  'which', 'do', 'does', 'did', "don't", 'is', 'are', 'was', 'were', 'am', 'have', 'has', 'had', 'can', 'could', 'will',
  'would', 'should', 'may', 'might', 'in', 'on', 'at', 'for', 'to', 'from', 'with', 'after', 'before', 'since', 'if', 'as',
  'nos', 'tu', 'te', 'el', 'la', 'los', 'las', 'lo', 'un', 'una', 'es', 'son', 'esta', 'este', 'eso', 'esto', 'y',
  'pero', 'que', 'si', 'en', 'con', 'por', 'para', 'hola', 'gracias', 'tambien', 'ahora', 'ya', 'hoy', 'cuando', 'donde',
  'como', 'porque', 'vivo', 'trabajo', 'soy', 'estoy', 'tengo',
]);
// Longer words are no abbreviation ("approx" is the longest).
const MAX_WORD = 6;
// The next word is read this far: the longest word it is compared with ("actually").
const MAX_NEXT_WORD = 10;
const WORD_CHAR = /[\p{L}']/u;
const ABBREVIATION_CHAR = /[\p{L}.]/u;
const SPACE = /\s/u;
const DIGIT = /\p{N}/u;
const UPPER_FIRST = /^\p{Lu}/u;

/** See `periodRole`. */
export type PeriodRole = 'continues' | 'ends' | 'ends-acronym';

type Next = { kind: 'end' | 'upper' | 'lower' | 'digit' | 'other'; word: string };

/**
 * What the period at folded index `at` (followed by a space or the end) does: `continues`
 * the sentence after a title, an initial before a name, or an abbreviation or dotted
 * acronym the sentence goes on after ("Acme Inc. in Lisbon", "the U.S. last year");
 * `ends` it; or ends it and is also the last period of a dotted acronym (`ends-acronym`:
 * "the U.S. My wife…"), to be kept in the sentence's text.
 */
export function periodRole(text: FoldedText, at: number): PeriodRole {
  let start = at;
  while (start > 0 && at - start <= MAX_WORD && ABBREVIATION_CHAR.test(text.scan.charAt(start - 1))) start--;
  if (at - start > MAX_WORD) return 'ends';
  while (text.scan.charAt(start) === '.') start++;
  const word = text.scan.slice(start, at);
  if (BEFORE_A_NAME.has(word)) return 'continues';
  // "I" is the pronoun ("Neither do I. I prefer…"), no initial.
  const initials = word !== 'i' && INITIALS.test(word) && isUpperAt(text, start);
  const spaced = spacedAcronymPart(text, start, at);
  if (spaced === 'inner') return 'continues';
  const acronym = spaced === 'last' || DOTTED_ACRONYM.test(word);
  const sign = NUMBER_SIGNS.has(word);
  const place = BEFORE_A_PLACE.has(word);
  const abbreviation = acronym || place || ABBREVIATIONS.has(word);
  // Most periods follow a plain word: decided without reading on.
  if (!initials && !sign && !abbreviation) return 'ends';
  const next = nextWord(text, at + 1);
  if ((initials || place) && next.kind === 'upper' && !NOT_A_NAME.has(next.word)) return 'continues';
  if (sign) return next.kind === 'digit' ? 'continues' : 'ends';
  if (!abbreviation) return 'ends';
  if (next.kind !== 'upper' && next.kind !== 'other' && !OPENS_SENTENCE.has(next.word)) return 'continues';
  return acronym ? 'ends-acronym' : 'ends';
}

/**
 * True when `text` ends with a dotted acronym short of its last period ("the U.S",
 * "9 a.m"): a period after it is the acronym's, kept when edge punctuation is dropped.
 */
export function endsWithDottedAcronym(text: string): boolean {
  return ENDS_WITH_DOTTED_ACRONYM.test(text);
}

// Where a word of one or two capitals before a period stands in a spaced dotted acronym:
// before another such part ("EE." of "EE. UU."), its last part ("UU."), or in none.
function spacedAcronymPart(text: FoldedText, start: number, at: number): 'inner' | 'last' | null {
  const from = text.origin?.[start] ?? start;
  const to = text.origin?.[at] ?? at;
  if (!SPACED_ACRONYM_PART.test(text.original.slice(from, to))) return null;
  if (SPACED_ACRONYM_NEXT.test(text.original.slice(to + 1, to + 5))) return 'inner';
  return SPACED_ACRONYM_BEFORE.test(text.original.slice(Math.max(0, from - 5), from)) ? 'last' : null;
}

function nextWord(text: FoldedText, from: number): Next {
  let start = from;
  while (start < text.scan.length && SPACE.test(text.scan.charAt(start))) start++;
  if (start >= text.scan.length) return { kind: 'end', word: '' };
  let end = start;
  while (end < text.scan.length && end - start < MAX_NEXT_WORD && WORD_CHAR.test(text.scan.charAt(end))) end++;
  const word = text.scan.slice(start, end);
  const first = text.scan.charAt(start);
  if (DIGIT.test(first)) return { kind: 'digit', word };
  if (word.length === 0 || first === "'") return { kind: 'other', word };
  return { kind: isUpperAt(text, start) ? 'upper' : 'lower', word };
}

function isUpperAt(text: FoldedText, index: number): boolean {
  const from = text.origin?.[index] ?? index;
  return UPPER_FIRST.test(text.original.slice(from, from + 2));
}
