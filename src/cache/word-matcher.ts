/**
 * Phrases and stems, matched against the folded words of a message. A phrase is found by
 * looking up the word n-grams that start one: an n-gram grows only while it is the
 * beginning of some phrase (`prefixes`), so most words cost one lookup and build no
 * string. A stem matches every word that starts with it; it is looked up once per stem
 * length.
 */
export interface WordMatcher {
  readonly phrases: ReadonlySet<string>;
  readonly prefixes: ReadonlySet<string>;
  readonly stems: ReadonlySet<string>;
  readonly stemLengths: readonly number[];
}

/** Compile once from constant tables: pure data, no I/O; the lookups run on every context call. */
export function wordMatcher(phrases: readonly string[], stems: readonly string[] = []): WordMatcher {
  const prefixes = new Set<string>();
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    for (let length = 1; length < words.length; length++) prefixes.add(words.slice(0, length).join(' '));
  }
  return { phrases: new Set(phrases), prefixes, stems: new Set(stems), stemLengths: [...new Set(stems.map((stem) => stem.length))] };
}

/** Whether any phrase occurs as whole words, or any word starts with a stem. */
export function matchesWords(words: readonly string[], matcher: WordMatcher): boolean {
  for (let start = 0; start < words.length; start++) {
    const word = words[start] as string;
    if (matcher.stemLengths.some((length) => word.length >= length && matcher.stems.has(word.slice(0, length)))) return true;
    let gram = word;
    for (let next = start + 1; ; next++) {
      if (matcher.phrases.has(gram)) return true;
      if (next >= words.length || !matcher.prefixes.has(gram)) break;
      gram = `${gram} ${words[next] as string}`;
    }
  }
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
}

/** Compile once from a constant table. */
export function endingPhrases(phrases: readonly string[]): EndingPhrases {
  return { phrases: new Set(phrases), lengths: [...new Set(phrases.map((phrase) => phrase.split(' ').length))] };
}

/** Where the phrase of `endings` that `words` end with starts (the first length that matches wins), or -1. */
export function endingAt(words: readonly string[], endings: EndingPhrases): number {
  for (const length of endings.lengths) {
    if (length <= words.length && endings.phrases.has(words.slice(words.length - length).join(' '))) return words.length - length;
  }
  return -1;
}
