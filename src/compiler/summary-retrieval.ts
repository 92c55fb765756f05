import { contentWords } from '../conversation/content-words.js';
import type { ConversationStore, SummaryRow } from '../storage/conversation-store.js';
import type { PastReference } from './past-reference.js';

/** At most this many of the message's words are searched for (the first ones: questions lead with their subject). */
const MAX_TERMS = 10;
const ALL_TIME = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };
// Okapi BM25's usual constants.
const K1 = 1.2;
const B = 0.75;

/** A summary's words as BM25 reads them: how often each occurs, and how many there are. */
export interface DocumentTerms {
  counts: ReadonlyMap<string, number>;
  length: number;
}

/** The terms of a summary's search text (its content words, space-separated). */
export function documentTerms(searchText: string): DocumentTerms {
  const words = searchText.split(' ');
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return { counts, length: words.length };
}

/** Sessions whose archive terms are kept, the most recently searched ones; each holds at most the archive limit (200 by default, ~2 KB each). */
const SESSIONS_CACHED = 16;

/**
 * Archived summaries' terms, by session and summary id, kept between requests. A summary
 * is written once and never changed, so an entry never goes stale; a search of a
 * session's whole archive keeps only the summaries still in it, so the entries of deleted
 * ones go with the next search instead of piling up (one rolled back with its transaction
 * is only loaded again).
 */
export class SummaryTermsCache {
  private readonly sessions = new Map<string, Map<string, DocumentTerms>>();

  constructor(private readonly maxSessions = SESSIONS_CACHED) {}

  /**
   * The terms of these archived summaries, in their order, loading the missing ones
   * (a summary whose text is gone is left out). `whole`: these are all the session's
   * archived summaries, so any other entry of the session is dropped.
   */
  archiveTerms(
    sessionId: string,
    archive: ReadonlyArray<{ id: string }>,
    whole: boolean,
    load: (id: string) => string | undefined,
  ): Array<{ id: string; terms: DocumentTerms }> {
    const known = this.sessions.get(sessionId);
    const kept = whole || known === undefined ? new Map<string, DocumentTerms>() : known;
    const found: Array<{ id: string; terms: DocumentTerms }> = [];
    for (const { id } of archive) {
      let terms = known?.get(id);
      if (terms === undefined) {
        const searchText = load(id);
        if (searchText === undefined) continue;
        terms = documentTerms(searchText);
      }
      kept.set(id, terms);
      found.push({ id, terms });
    }
    // Most recently searched last, so the first one is the one to let go.
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, kept);
    if (this.sessions.size > this.maxSessions) this.sessions.delete(this.sessions.keys().next().value as string);
    return found;
  }

  /** Summaries whose terms are held, over all sessions. */
  get size(): number {
    let size = 0;
    for (const entries of this.sessions.values()) size += entries.size;
    return size;
  }
}

/**
 * Archived summaries that answer a question about the past: within the named day range
 * (if any), ranked by BM25 of the message's content words over the summaries' words
 * (document frequencies from the session's own archive), newest first on ties; with a
 * range but no content words, the newest of the range. Reads the archive only when a
 * message asks about the past, so ordinary turns pay nothing for it.
 */
export function retrieveArchived(
  store: ConversationStore,
  cache: SummaryTermsCache,
  sessionId: string,
  message: string,
  reference: PastReference,
  limit: number,
): SummaryRow[] {
  const terms = contentWords(message).slice(0, MAX_TERMS);
  if (terms.length === 0 && reference.range === null) return [];
  const archive = store.archivedSummaryIds(sessionId, reference.range ?? ALL_TIME);
  const ranked =
    terms.length === 0 ? archive : rankByBm25(terms, cache.archiveTerms(sessionId, archive, reference.range === null, (id) => store.summarySearchText(id)));
  return ranked.slice(0, limit).flatMap(({ id }) => store.findSummary(id) ?? []);
}

/** The documents matching at least one term, best first; ties keep the input order (newest first). */
export function rankByBm25<D extends { terms: DocumentTerms }>(terms: readonly string[], documents: readonly D[]): D[] {
  // One pass reads every (document, term) frequency; idf needs all of them before scoring.
  const width = terms.length;
  const frequencies = new Float64Array(documents.length * width);
  const containing = new Array<number>(width).fill(0);
  const matching: number[] = [];
  let totalLength = 0;
  documents.forEach((document, d) => {
    totalLength += document.terms.length;
    let matches = false;
    for (let t = 0; t < width; t += 1) {
      const frequency = document.terms.counts.get(terms[t] as string) ?? 0;
      if (frequency === 0) continue;
      frequencies[d * width + t] = frequency;
      containing[t] = (containing[t] ?? 0) + 1;
      matches = true;
    }
    if (matches) matching.push(d);
  });
  const averageLength = totalLength / Math.max(1, documents.length);
  const idf = containing.map((count) => Math.log(1 + (documents.length - count + 0.5) / (count + 0.5)));
  const scored = matching.map((d) => {
    const document = documents[d] as D;
    const lengthNorm = K1 * (1 - B + (B * document.terms.length) / averageLength);
    let score = 0;
    for (let t = 0; t < width; t += 1) {
      const frequency = frequencies[d * width + t] ?? 0;
      if (frequency > 0) score += ((idf[t] ?? 0) * frequency * (K1 + 1)) / (frequency + lengthNorm);
    }
    return { document, index: d, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.document);
}
