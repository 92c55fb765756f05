import { sharesContentWords } from './dedup-guards.js';

/**
 * What the user said lately that was no question, across sessions, with when: a cached
 * answer given before a statement that shares its question's words may no longer hold
 * ("¿Qué hotel reservamos?" answered "El Avenida", then "Cancelamos el Avenida y
 * reservamos el Hotel Lis"), though no fact changed. Held in memory only, the newest
 * `max` statements (a daemon started anew knows none of those before it).
 */
export class RecentStatements {
  private entries: Array<{ at: number; words: readonly string[] }> = [];

  constructor(private readonly max: number) {}

  /** A statement made at `at`, as its folded words. */
  note(at: number, words: readonly string[]): void {
    this.entries.push({ at, words });
    // Trimmed in batches: one copy per `max` statements, not one per statement.
    if (this.entries.length >= 2 * this.max) this.entries = this.entries.slice(-this.max);
  }

  /**
   * Whether a statement made after `since` shares the question's content words: all of
   * them when it has one, else at least two (see `sharesContentWords`).
   */
  touchedSince(since: number, questionWords: readonly string[]): boolean {
    for (let at = this.entries.length - 1; at >= 0; at--) {
      const entry = this.entries[at] as { at: number; words: readonly string[] };
      if (entry.at <= since) return false;
      if (sharesContentWords(questionWords, entry.words)) return true;
    }
    return false;
  }
}
