import { AppError } from '../errors.js';

/**
 * Phrases and stems, matched against the folded words of a message. Phrases are a tree of
 * words: a phrase is found by following the words that start at each word of the message
 * while they continue some phrase, so most words cost one lookup and no string is built.
 * A stem matches every word that starts with it: only the stems that start with the
 * word's first character are tried.
 */
export interface WordMatcher {
  readonly phrases: PhraseTree;
  /** The stems by the UTF-16 code of their first character. */
  readonly stemsByFirst: ReadonlyMap<number, readonly string[]>;
}

/** The phrases that continue with each word, and whether a phrase ends here. */
export interface PhraseTree {
  readonly ends: boolean;
  readonly next: ReadonlyMap<string, PhraseTree>;
}

interface PhraseTreeBuilder {
  ends: boolean;
  next: Map<string, PhraseTreeBuilder>;
}

/**
 * Compile once from constant tables: pure data, no I/O; the lookups run on every context
 * call. A stem has at least one character (an empty one would match every word: a table's
 * mistake, refused when the module loads).
 */
export function wordMatcher(phrases: readonly string[], stems: readonly string[] = []): WordMatcher {
  const root: PhraseTreeBuilder = { ends: false, next: new Map() };
  for (const phrase of phrases) {
    let node = root;
    for (const word of phrase.split(' ')) {
      let child = node.next.get(word);
      if (child === undefined) node.next.set(word, (child = { ends: false, next: new Map() }));
      node = child;
    }
    node.ends = true;
  }
  const stemsByFirst = new Map<number, string[]>();
  for (const stem of stems) {
    if (stem === '') throw new AppError('INTERNAL', 'a word matcher stem is empty: it would match every word');
    const first = stem.charCodeAt(0);
    const sharing = stemsByFirst.get(first);
    if (sharing === undefined) stemsByFirst.set(first, [stem]);
    else sharing.push(stem);
  }
  return { phrases: root, stemsByFirst };
}

/** Whether any phrase occurs as whole words, or any word starts with a stem. */
export function matchesWords(words: readonly string[], matcher: WordMatcher): boolean {
  for (let start = 0; start < words.length; start++) {
    if (startsWithStem(words[start] as string, matcher)) return true;
    let node = matcher.phrases.next.get(words[start] as string);
    for (let next = start + 1; node !== undefined; next++) {
      if (node.ends) return true;
      node = next < words.length ? node.next.get(words[next] as string) : undefined;
    }
  }
  return false;
}

function startsWithStem(word: string, matcher: WordMatcher): boolean {
  const stems = matcher.stemsByFirst.get(word.charCodeAt(0));
  if (stems === undefined) return false;
  for (const stem of stems) if (word.startsWith(stem)) return true;
  return false;
}

/** The length in words of the phrase of `phrases` that `words` starts with at `at`, or 0 (the longest wins). */
export function phraseAt(words: readonly string[], at: number, phrases: readonly (readonly string[])[]): number {
  let longest = 0;
  for (const phrase of phrases) {
    if (phrase.length > longest && phrase.every((word, offset) => words[at + offset] === word)) longest = phrase.length;
  }
  return longest;
}

/** Phrases a question may end with, and their lengths in words (in the order the phrases first have them). */
export interface EndingPhrases {
  readonly phrases: ReadonlySet<string>;
  readonly lengths: readonly number[];
  /** The last word of each phrase: a question ending with another word ends with none of them. */
  readonly lastWords: ReadonlySet<string>;
}

/** Compile once from a constant table. */
export function endingPhrases(phrases: readonly string[]): EndingPhrases {
  const split = phrases.map((phrase) => phrase.split(' '));
  return {
    phrases: new Set(phrases),
    lengths: [...new Set(split.map((words) => words.length))],
    lastWords: new Set(split.map((words) => words.at(-1) as string)),
  };
}

/** Where the phrase of `endings` that `words` end with starts (the first length that matches wins), or -1. */
export function endingAt(words: readonly string[], endings: EndingPhrases): number {
  // Most questions end with no phrase's last word: nothing is joined for them.
  if (!endings.lastWords.has(words.at(-1) ?? '')) return -1;
  for (const length of endings.lengths) {
    if (length <= words.length && endings.phrases.has(words.slice(words.length - length).join(' '))) return words.length - length;
  }
  return -1;
}
