import type { ResponseCache } from '../cache/response-cache.js';
import type { SummaryArchiveCache } from '../compiler/summary-retrieval.js';
import { NotFoundError } from '../errors.js';
import type { ConversationStore } from '../storage/conversation-store.js';
import type { Db } from '../storage/database.js';
import { deleteSessionErrors } from '../storage/errors-repo.js';
import type { TxScope } from '../storage/transaction.js';
import type { SegmentSummarizer } from './segment-summarizer.js';
import type { TurnVectors } from './turn-vectors.js';

/** What erasing a session took away. */
export interface ErasedSession {
  turns: number;
  summaries: number;
  errors: number;
  cachedAnswers: number;
}

export interface EraseDeps {
  db: Db;
  store: ConversationStore;
  vectors: TurnVectors;
  summarizer: SegmentSummarizer;
  summaryArchive: SummaryArchiveCache;
  cache: ResponseCache | null;
  /** Lets go of what else the daemon holds of the session in memory (its prompt figures). */
  forget(sessionId: string): void;
}

/**
 * Erases a session, inside the caller's transaction: its row, turns, summaries (active and
 * archived) and error records, and every cached answer (a cached answer is not told apart
 * by the session it came from once another session may be served it; the cache is only
 * a shortcut). What the daemon holds of the session in memory goes once `scope` commits.
 * The facts tier is the user's, not the session's: facts stay (erase them one by one).
 * A session that does not exist is a 404.
 */
export function eraseSession(deps: EraseDeps, sessionId: string, scope: TxScope): ErasedSession {
  const erased = deps.store.eraseSession(sessionId, scope);
  if (erased === null) throw new NotFoundError(`no session ${sessionId}`, { sessionId });
  const errors = deleteSessionErrors(deps.db, sessionId);
  const cachedAnswers = deps.cache?.invalidateAll(scope) ?? 0;
  scope.afterCommit(() => {
    deps.vectors.forget(sessionId);
    deps.summaryArchive.forget(sessionId);
    deps.summarizer.forgetPrepared();
    deps.forget(sessionId);
  });
  return { ...erased, errors, cachedAnswers };
}
