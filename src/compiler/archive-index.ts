import { bestOf, documentTerms, scoreBm25, type DocumentTerms } from './bm25.js';

// An archived summary as the index holds it.
interface IndexedSummary {
  readonly id: string;
  readonly terms: DocumentTerms;
  /** Its place in the archive list of the last sync, newest first (BM25's tie-break). */
  position: number;
  /** The sync that last found it in the archive. */
  mark: number;
}

/**
 * One session's archived summaries as an inverted index: for each word, the summaries
 * holding it and how often. A question about the past then reads only the summaries
 * sharing one of its words instead of looking every word up in every summary.
 *
 * `sync` makes the index hold exactly an archive list (loading what is new, dropping what
 * left); `rank` then gives what `rankByBm25` gives over that list, in the same order
 * with the same scores: the same document count, average length and idf, and each
 * summary's score summed over the message's words in the same order.
 */
export class ArchiveIndex {
  private readonly summaries = new Map<string, IndexedSummary>();
  private readonly postings = new Map<string, Map<IndexedSummary, number>>();
  private syncs = 0;
  /** The list of the last sync: the same list again needs no work. */
  private synced: ReadonlyArray<{ id: string }> | null = null;
  private totalLength = 0;

  /** Summaries held. */
  get size(): number {
    return this.summaries.size;
  }

  /** The terms of a held summary, undefined when not held. */
  termsOf(id: string): DocumentTerms | undefined {
    return this.summaries.get(id)?.terms;
  }

  /** Holds a summary (a no-op when it is held already). */
  add(id: string, terms: DocumentTerms): void {
    if (this.summaries.has(id)) return;
    const summary: IndexedSummary = { id, terms, position: 0, mark: 0 };
    this.summaries.set(id, summary);
    this.synced = null;
    this.totalLength += terms.length;
    for (const [word, count] of terms.counts) {
      let holders = this.postings.get(word);
      if (holders === undefined) {
        holders = new Map();
        this.postings.set(word, holders);
      }
      holders.set(summary, count);
    }
  }

  /**
   * Makes the index hold exactly `archive` (newest first), loading the summaries it lacks;
   * one whose text is gone is left out (and looked for again next time).
   */
  sync(archive: ReadonlyArray<{ id: string }>, load: (id: string) => string | undefined): void {
    if (archive === this.synced) return;
    const mark = ++this.syncs;
    for (let position = 0; position < archive.length; position += 1) {
      const id = (archive[position] as { id: string }).id;
      let summary = this.summaries.get(id);
      if (summary === undefined) {
        const text = load(id);
        if (text === undefined) continue;
        this.add(id, documentTerms(text));
        summary = this.summaries.get(id) as IndexedSummary;
      }
      summary.position = position;
      summary.mark = mark;
    }
    for (const summary of this.summaries.values()) if (summary.mark !== mark) this.remove(summary);
    this.synced = archive;
  }

  /** The synced archive's summaries matching at least one word, best first, ties newest first; the first `limit` (a count ≥ 0) of them. */
  rank(words: readonly string[], limit = Number.POSITIVE_INFINITY): string[] {
    return bestOf(this.score(words), limit).map((entry) => entry.id);
  }

  /** The synced archive's summaries holding at least one word, with their place in it (`index`) and their BM25 score. */
  score(words: readonly string[]): Array<{ id: string; index: number; score: number }> {
    const documents = this.summaries.size;
    const averageLength = this.totalLength / Math.max(1, documents);
    const scores = new Map<IndexedSummary, number>();
    for (const word of words) {
      const holders = this.postings.get(word);
      if (holders === undefined) continue;
      for (const [summary, frequency] of holders) {
        scores.set(summary, (scores.get(summary) ?? 0) + scoreBm25(frequency, holders.size, documents, summary.terms.length, averageLength));
      }
    }
    return [...scores].map(([summary, score]) => ({ id: summary.id, index: summary.position, score }));
  }

  private remove(summary: IndexedSummary): void {
    this.summaries.delete(summary.id);
    this.synced = null;
    this.totalLength -= summary.terms.length;
    for (const word of summary.terms.counts.keys()) {
      const holders = this.postings.get(word);
      holders?.delete(summary);
      if (holders?.size === 0) this.postings.delete(word);
    }
  }
}
