import { contentWords } from '../conversation/content-words.js';
import type { ArchiveBounds, ArchivedId, ConversationStore, SummaryRow } from '../storage/conversation-store.js';
import type { TxScope } from '../storage/transaction.js';
import { setNewest } from '../bounded-map.js';
import { ArchiveIndex } from './archive-index.js';
import { documentTerms, rankByBm25, type DocumentTerms } from './bm25.js';
import type { PastReference } from './past-reference.js';

// At most this many of the message's words are searched for (the first ones: questions lead with their subject).
const MAX_TERMS = 10;
const ALL_TIME = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };

// Sessions whose archive is kept, the most recently searched ones; each holds at most the archive limit (200 by default, ~2 KB each).
const SESSIONS_CACHED = 16;

/** How the cache reads a session's archive from the database (the conversation store). */
export interface ArchiveSource {
  archiveBounds(sessionId: string): ArchiveBounds;
  /** Archived summaries numbered after `seq`, newest first. */
  archivedSummaryIdsAfter(sessionId: string, seq: number): ArchivedId[];
  archivedSummaryIds(sessionId: string, range: { from: number; to: number }): ArchivedId[];
}

interface SessionArchive {
  /** The archived summaries' words, as an inverted index of the last whole archive searched. */
  index: ArchiveIndex;
  /** The whole archive, newest first, as last committed; null until a commit. */
  list: { ids: ArchivedId[]; bounds: ArchiveBounds } | null;
}

/**
 * Archived summaries kept between requests, by session: their words in an inverted index,
 * and the list of ids of each session's whole archive. A summary is written once and never
 * changed, so an index entry never goes stale; a search of a session's whole archive keeps
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

  /** Lets go of a session's archive (an erased session). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

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
   * The session's whole archive (`archive`, newest first) ranked by BM25 against `words`:
   * what `rankByBm25` gives over the same summaries (its first `limit`), read from the
   * session's index.
   */
  rankWhole(sessionId: string, archive: ReadonlyArray<{ id: string }>, words: readonly string[], load: (id: string) => string | undefined, limit?: number): string[] {
    const index = this.entry(sessionId).index;
    index.sync(archive, load);
    return index.rank(words, limit);
  }

  /**
   * The terms of some of the session's archived summaries (a day range), in their order,
   * loading the missing ones (a summary whose text is gone is left out).
   */
  archiveTerms(sessionId: string, archive: ReadonlyArray<{ id: string }>, load: (id: string) => string | undefined): Array<{ id: string; terms: DocumentTerms }> {
    const index = this.entry(sessionId).index;
    const found: Array<{ id: string; terms: DocumentTerms }> = [];
    for (const { id } of archive) {
      let terms = index.termsOf(id);
      if (terms === undefined) {
        const searchText = load(id);
        if (searchText === undefined) continue;
        terms = documentTerms(searchText);
        index.add(id, terms);
      }
      found.push({ id, terms });
    }
    return found;
  }

  /** Summaries whose terms are held, over all sessions. */
  get size(): number {
    let size = 0;
    for (const entry of this.sessions.values()) size += entry.index.size;
    return size;
  }

  // The session's entry, made the most recently used (the first one is the one to let go).
  private entry(sessionId: string): SessionArchive {
    const entry = this.sessions.get(sessionId) ?? { index: new ArchiveIndex(), list: null };
    setNewest(this.sessions, sessionId, entry, this.maxSessions);
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

// Words that ask about the conversation rather than name what it was about ("what did we
// talk about…", "¿qué comentamos…?"); most such words are stop words already. With a day
// named, they tell a question about the day as a whole ("what did we talk about
// yesterday?") from one about a matter. Without one they are searched for as before: in
// "why did Caroline choose the agency?" the word is the matter's.
const ASKING_WORDS: ReadonlySet<string> = new Set([
  'talk', 'talked', 'talking', 'discuss', 'discussed', 'discussing', 'mention', 'mentioned', 'choose', 'pick',
  'picked', 'settle', 'settled', 'conclude', 'concluded', 'remind', 'recall', 'recalled', 'earlier', 'previously',
  'ago', 'hablado', 'hable', 'dijimos', 'dije', 'dijiste', 'dicho', 'decidido', 'acordamos', 'acordado', 'quedamos',
  'quedado', 'escogimos', 'comentamos', 'comente', 'comentaste', 'mencionaste', 'mencione', 'conte', 'contaste',
  'recuerdas', 'acuerdas', 'conversamos', 'conversado', 'charlamos', 'anteriormente',
]);

/**
 * Archived summaries that answer a question about the past, ranked by BM25 of the
 * message's content words over the summaries' words (document frequencies from the
 * session's own archive), newest first on ties. Each must earn its place, since it takes
 * one from an active summary: one that holds none of the message's words never comes back.
 * A named day range ("yesterday") bounds the search; its words, and the words that only
 * ask ("talk", "comentamos"), are not searched for then. A range and no other word asks
 * for the day as a whole: its newest summaries. When no summary of the range holds one of
 * the words, nothing comes back (the day was misremembered or the matter never came up
 * then). Reads the archive only when a message asks about the past, so ordinary turns pay
 * nothing for it.
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
  const when = new Set(reference.rangePhrase === null ? [] : contentWords(reference.rangePhrase));
  const terms = contentWords(message)
    .filter((word) => !when.has(word) && (reference.range === null || !ASKING_WORDS.has(word)))
    .slice(0, MAX_TERMS);
  if (terms.length === 0 && reference.range === null) return [];
  const load = (id: string): string | undefined => store.summarySearchText(id);
  // A day named bounds the search, and when none of its summaries holds the words nothing is
  // recalled: searching the whole archive then, for a day misremembered, cost ~45 µs a
  // context call on the benchmark's replay.
  const days = reference.range === null ? null : store.archivedSummaryIds(sessionId, reference.range);
  const ranked =
    days === null
      ? cache.rankWhole(sessionId, cache.wholeArchive(sessionId, store, scope), terms, load, limit)
      : terms.length === 0
        ? days.map(({ id }) => id)
        : rankByBm25(terms, cache.archiveTerms(sessionId, days, load)).map(({ id }) => id);
  return ranked.slice(0, limit).flatMap((id) => store.findSummary(id) ?? []);
}
