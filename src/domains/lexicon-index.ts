import { DOMAINS, type Domain } from './domain.js';
import type { DomainLexicon } from './domain-lexicon.js';
import { foldedWords } from './fold-text.js';

interface LexiconTerm {
  readonly domain: Domain;
  readonly weight: number;
  /** Words after the first one; the last may be a stem. */
  readonly rest: readonly string[];
  readonly lastIsStem: boolean;
  /** Distinct id so a term that occurs twice in a text counts once. */
  readonly id: number;
}

/** A lexicon compiled for lookup by first word: exact words in one map, stems in another. */
export interface LexiconIndex {
  readonly exact: ReadonlyMap<string, readonly LexiconTerm[]>;
  readonly stems: ReadonlyMap<string, readonly LexiconTerm[]>;
  readonly shortestStem: number;
  readonly longestStem: number;
  /** Words already looked up, with the terms they may start (see `termsOf`). */
  readonly termsOfWord: Map<string, WordTerms>;
}

/** The terms a word may start: exact terms (their other words must follow) and stems it begins with. */
export interface WordTerms {
  readonly exact: readonly LexiconTerm[];
  readonly stems: readonly LexiconTerm[];
}

function push(map: Map<string, LexiconTerm[]>, key: string, term: LexiconTerm): void {
  const list = map.get(key);
  if (list) list.push(term);
  else map.set(key, [term]);
}

/** Compiles a lexicon; pure, so callers may build it once and keep it. */
export function buildLexiconIndex(lexicon: DomainLexicon): LexiconIndex {
  const exact = new Map<string, LexiconTerm[]>();
  const stems = new Map<string, LexiconTerm[]>();
  let id = 0;
  for (const domain of DOMAINS) {
    for (const [weightText, terms] of Object.entries(lexicon[domain])) {
      const weight = Number(weightText);
      for (const raw of terms) {
        const lastIsStem = raw.endsWith('*');
        const words = foldedWords(raw);
        const [first, ...rest] = words;
        if (first === undefined) continue;
        const term: LexiconTerm = { domain, weight, rest, lastIsStem, id: id++ };
        push(lastIsStem && rest.length === 0 ? stems : exact, first, term);
      }
    }
  }
  const stemLengths = [...stems.keys()].map((stem) => stem.length);
  return {
    exact,
    stems,
    shortestStem: stemLengths.length > 0 ? Math.min(...stemLengths) : 1,
    longestStem: stemLengths.length > 0 ? Math.max(...stemLengths) : 0,
    termsOfWord: new Map(),
  };
}

function restMatches(term: LexiconTerm, words: readonly string[], start: number): boolean {
  for (let i = 0; i < term.rest.length; i++) {
    const expected = term.rest[i];
    const actual = words[start + i];
    if (expected === undefined || actual === undefined) return false;
    const isLast = i === term.rest.length - 1;
    if (isLast && term.lastIsStem ? !actual.startsWith(expected) : actual !== expected) return false;
  }
  return true;
}

/** Sums the weights of the distinct lexicon terms found in `words` (already folded). */
export function scoreWords(index: LexiconIndex, words: readonly string[]): Record<Domain, number> {
  const scores: Record<Domain, number> = { work: 0, preferences: 0, decisions: 0, personal: 0, projects: 0 };
  const seen = new Set<number>();
  const credit = (term: LexiconTerm): void => {
    if (seen.has(term.id)) return;
    seen.add(term.id);
    scores[term.domain] += term.weight;
  };
  for (let position = 0; position < words.length; position++) {
    const { exact, stems } = termsOf(index, words[position] ?? '');
    for (const term of exact) {
      if (restMatches(term, words, position + 1)) credit(term);
    }
    for (const term of stems) credit(term);
  }
  return scores;
}

// Words (of at most 64 characters) whose terms were looked up are remembered, per index; cleared when full.
const MAX_REMEMBERED_WORDS = 4096;
const MAX_REMEMBERED_WORD = 64;
const NO_TERMS: WordTerms = { exact: [], stems: [] };

// The terms `word` may start, stem terms shortest stem first: one lookup for a word seen
// before, instead of one in `exact` and a slice and a lookup per stem length (words
// repeat from message to message).
function termsOf(index: LexiconIndex, word: string): WordTerms {
  const remembered = index.termsOfWord;
  const known = remembered.get(word);
  if (known !== undefined) return known;
  let stems: LexiconTerm[] | null = null;
  const longest = Math.min(word.length, index.longestStem);
  for (let length = index.shortestStem; length <= longest; length++) {
    const matched = index.stems.get(word.slice(0, length));
    if (matched !== undefined) (stems ??= []).push(...matched);
  }
  const exact = index.exact.get(word) ?? [];
  // Most words start no term: they share one answer.
  const found = exact.length === 0 && stems === null ? NO_TERMS : { exact, stems: stems ?? [] };
  if (word.length <= MAX_REMEMBERED_WORD) {
    if (remembered.size >= MAX_REMEMBERED_WORDS) remembered.clear();
    remembered.set(word, found);
  }
  return found;
}
