import { sharesContentWords } from './dedup-guards.js';

/**
 * What the user said lately that was no question, across sessions, with when: a cached
 * answer given before a statement that shares its question's words may no longer hold
 * ("¿Qué hotel reservamos?" answered "El Avenida", then "Cancelamos el Avenida y
 * reservamos el Hotel Lis"), though no fact changed. Held in memory only, the newest
 * `max` statements (a daemon started anew knows none of those before it).
 */
export class RecentStatements {
  // Each statement's words as one string: a list of strings per statement held ~1 KB of
  // them (thousands of statements, ~10 MB that the daemon's RSS carried).
  private entries: Array<{ at: number; words: string }> = [];

  constructor(private readonly max: number) {}

  /** Statements held. */
  get size(): number {
    return this.entries.length;
  }

  /** A statement made at `at`, as its folded words. */
  note(at: number, words: readonly string[]): void {
    this.entries.push({ at, words: words.join(' ') });
    // Trimmed in batches: one copy per `max` statements, not one per statement.
    if (this.entries.length >= 2 * this.max) this.entries = this.entries.slice(-this.max);
  }

  /**
   * Whether a statement made after `since` shares the question's content words: all of
   * them when it has one, else at least two (see `sharesContentWords`).
   */
  touchedSince(since: number, questionWords: readonly string[]): boolean {
    for (let at = this.entries.length - 1; at >= 0; at--) {
      const entry = this.entries[at] as { at: number; words: string };
      if (entry.at <= since) return false;
      if (sharesContentWords(questionWords, entry.words.split(' '))) return true;
    }
    return false;
  }
}
