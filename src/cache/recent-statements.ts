import { DAY_MS } from '../clock.js';

/**
 * What the user said lately that was no question, across sessions, with when: a cached
 * answer given before a statement that shares its question's words may no longer hold
 * ("¿Qué hotel reservamos?" answered "El Avenida", then "Cancelamos el Avenida y
 * reservamos el Hotel Lis"), though no fact changed. Held in memory only, as when each
 * word's stem (its first four letters) was last said: a check reads the question's words
 * alone, whatever the number of statements (a scan of the statements themselves took
 * ~10 ms a cache hit with a few thousand of them). A daemon started anew knows none of
 * those before it.
 */
export class RecentStatements {
  private lastSaid = new Map<string, number>();

  /** `max`: stems held before those not said for a day (longer than any answer is kept) are let go. */
  constructor(private readonly max: number) {}

  /** Stems held. */
  get size(): number {
    return this.lastSaid.size;
  }

  /** A statement made at `at`, as its folded words. */
  note(at: number, words: readonly string[]): void {
    for (const word of words) {
      if (word.length >= MIN_WORD) this.lastSaid.set(stemKey(word), at);
    }
    if (this.lastSaid.size > this.max) this.forgetBefore(at - DAY_MS);
  }

  /**
   * Whether statements made after `since` hold the question's content words (by stem):
   * the one it has, or at least two of them.
   */
  touchedSince(since: number, questionWords: readonly string[]): boolean {
    let touched = 0;
    for (const word of questionWords) {
      if ((this.lastSaid.get(stemKey(word)) ?? -Infinity) > since) touched++;
    }
    return touched > 0 && touched >= Math.min(2, questionWords.length);
  }

  /** Forgets every statement (no answer is cached any more, or the words were erased). */
  clear(): void {
    this.lastSaid.clear();
  }

  // Stems not said since `cutoff`; all of them if that leaves too many still (a day of
  // distinct words past `max`: a check may then miss a change, as after a restart).
  private forgetBefore(cutoff: number): void {
    for (const [key, at] of this.lastSaid) if (at < cutoff) this.lastSaid.delete(key);
    if (this.lastSaid.size > this.max) this.lastSaid.clear();
  }
}

// Shorter words are function words or initials: no question's content word is told by them.
const MIN_WORD = 3;
const STEM = 4;

function stemKey(word: string): string {
  return word.length <= STEM ? word : word.slice(0, STEM);
}
