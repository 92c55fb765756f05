import { contentWords } from '../conversation/content-words.js';
import type { ArchiveBounds, ArchivedId, ConversationStore, SummaryRow } from '../storage/conversation-store.js';
import type { TxScope } from '../storage/transaction.js';
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

/** Sessions whose archive is kept, the most recently searched ones; each holds at most the archive limit (200 by default, ~2 KB each). */
const SESSIONS_CACHED = 16;

/** How the cache reads a session's archive from the database (the conversation store). */
export interface ArchiveSource {
  archiveBounds(sessionId: string): ArchiveBounds;
  /** Archived summaries numbered after `seq`, newest first. */
  archivedSummaryIdsAfter(sessionId: string, seq: number): ArchivedId[];
  archivedSummaryIds(sessionId: string, range: { from: number; to: number }): ArchivedId[];
}

interface SessionArchive {
  terms: Map<string, DocumentTerms>;
  /** The whole archive, newest first, as last committed; null until a commit. */
  list: { ids: ArchivedId[]; bounds: ArchiveBounds } | null;
  /** The last whole-archive search's list and its terms: the same list gets the same terms. */
  searched: { archive: ReadonlyArray<{ id: string }>; found: Array<{ id: string; terms: DocumentTerms }> } | null;
}

/**
 * Archived summaries kept between requests, by session: their terms by summary id, and
 * the list of ids of each session's whole archive. A summary is written once and never
 * changed, so a terms entry never goes stale; a search of a session's whole archive keeps
 * only the summaries still in it, so the entries of deleted ones go with the next search
 * instead of piling up (one rolled back with its transaction is only loaded again).
 *
 * The list is kept only once the request that read it commits, so it mirrors a committed
 * state. Later, a summary numbered at most the kept highest number can only have left the
 * archive (numbers only grow, and a summary is archived after all the older ones), so the
 * archive is the kept list's entries still there plus those archived since. Deletions go
 * oldest first, so the kept list less its oldest entries is tried first, and accepted only
 * if the count, the lowest and highest numbers and the newest id all agree with the
 * database: any other deletion leaves a lower number behind than that list's lowest.
 */
export class SummaryArchiveCache {
  private readonly sessions = new Map<string, SessionArchive>();

  constructor(private readonly maxSessions = SESSIONS_CACHED) {}

  /**
   * The session's whole archive, newest first: the kept list when the database's bounds
   * show it unchanged, else the kept list brought up to date with the summaries archived
   * since (one small read), else read whole. The result is kept after `scope` commits.
   */
  wholeArchive(sessionId: string, source: ArchiveSource, scope: TxScope): ArchivedId[] {
    const bounds = source.archiveBounds(sessionId);
    const kept = this.sessions.get(sessionId)?.list ?? null;
    if (kept !== null && sameBounds(kept.bounds, bounds)) return kept.ids;
    const ids = (kept === null ? null : updatedList(kept.ids, bounds, source.archivedSummaryIdsAfter(sessionId, kept.bounds.maxSeq))) ??
      source.archivedSummaryIds(sessionId, ALL_TIME);
    scope.afterCommit(() => {
      this.entry(sessionId).list = { ids, bounds };
    });
    return ids;
  }

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
    const entry = this.entry(sessionId);
    if (whole && entry.searched?.archive === archive) return entry.searched.found;
    const known = entry.terms;
    const kept = whole ? new Map<string, DocumentTerms>() : known;
    const found: Array<{ id: string; terms: DocumentTerms }> = [];
    for (const { id } of archive) {
      let terms = known.get(id);
      if (terms === undefined) {
        const searchText = load(id);
        if (searchText === undefined) continue;
        terms = documentTerms(searchText);
      }
      kept.set(id, terms);
      found.push({ id, terms });
    }
    entry.terms = kept;
    if (whole) entry.searched = { archive, found };
    return found;
  }

  /** Summaries whose terms are held, over all sessions. */
  get size(): number {
    let size = 0;
    for (const entry of this.sessions.values()) size += entry.terms.size;
    return size;
  }

  // The session's entry, made the most recently used (the first one is the one to let go).
  private entry(sessionId: string): SessionArchive {
    const entry = this.sessions.get(sessionId) ?? { terms: new Map<string, DocumentTerms>(), list: null, searched: null };
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, entry);
    if (this.sessions.size > this.maxSessions) this.sessions.delete(this.sessions.keys().next().value as string);
    return entry;
  }
}

function sameBounds(a: ArchiveBounds, b: ArchiveBounds): boolean {
  return a.count === b.count && a.minSeq === b.minSeq && a.maxSeq === b.maxSeq && a.maxId === b.maxId;
}

// The kept list less its oldest entries plus the newer ones, or null when that is not
// the archive the bounds describe (then it is read whole).
function updatedList(kept: readonly ArchivedId[], bounds: ArchiveBounds, newer: readonly ArchivedId[]): ArchivedId[] | null {
  const keep = bounds.count - newer.length;
  if (keep < 0 || keep > kept.length) return null;
  const ids = [...newer, ...kept.slice(0, keep)];
  const listed: ArchiveBounds = { count: ids.length, minSeq: ids.at(-1)?.seq ?? 0, maxSeq: ids[0]?.seq ?? 0, maxId: ids[0]?.id ?? null };
  return sameBounds(listed, bounds) ? ids : null;
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
  cache: SummaryArchiveCache,
  scope: TxScope,
  sessionId: string,
  message: string,
  reference: PastReference,
  limit: number,
): SummaryRow[] {
  const terms = contentWords(message).slice(0, MAX_TERMS);
  if (terms.length === 0 && reference.range === null) return [];
  const archive = reference.range === null ? cache.wholeArchive(sessionId, store, scope) : store.archivedSummaryIds(sessionId, reference.range);
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
