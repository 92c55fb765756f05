import type { ResponseCache } from '../cache/response-cache.js';
import type { SummaryArchiveCache } from '../compiler/summary-retrieval.js';
import { linesOfSession, scrubLogLines } from '../discardable/scrub-log-lines.js';
import { AppError, NotFoundError, messageOf } from '../errors.js';
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
  /** Lines about the session blanked in the log files (see scrubLogLines). */
  logLines: number;
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
 * Error records of a session that has no row (a discardable record may name any session)
 * are erased too. Returns null when there was neither (the log files are the caller's).
 */
export function eraseSessionRows(deps: EraseDeps, sessionId: string, scope: TxScope): Omit<ErasedSession, 'logLines'> | null {
  const erased = deps.store.eraseSession(sessionId, scope);
  const errors = deleteSessionErrors(deps.db, sessionId);
  if (erased === null) return errors === 0 ? null : { turns: 0, summaries: 0, errors, cachedAnswers: 0 };
  const cachedAnswers = deps.cache?.invalidateAll(scope) ?? 0;
  scope.afterCommit(() => {
    deps.vectors.forget(sessionId);
    deps.summaryArchive.forget(sessionId);
    deps.summarizer.forgetPrepared();
    deps.forget(sessionId);
  });
  return { ...erased, errors, cachedAnswers };
}

const NO_ROWS: Omit<ErasedSession, 'logLines'> = { turns: 0, summaries: 0, errors: 0, cachedAnswers: 0 };

/**
 * The last step of erasing a session, once its rows are erased (`rows`, committed): its
 * lines in the log files of `logsDir` are blanked (scrubLogLines), which would otherwise
 * stay up to 25 h. A session with no rows and no lines is a 404. Log files that cannot
 * all be blanked are a 503 that says the rows are gone and that sending the erase again
 * retries the files.
 */
export function withLogLinesErased(logsDir: string, sessionId: string, rows: Omit<ErasedSession, 'logLines'> | null): ErasedSession {
  let logLines: number;
  try {
    logLines = scrubLogLines(logsDir, linesOfSession(sessionId));
  } catch (error) {
    const done = rows === null ? 'nothing of it was left in the database' : 'it was erased from the database';
    throw new AppError(
      'UNAVAILABLE',
      `session ${sessionId}: ${done}, but its lines in the log files of ${logsDir} could not all be blanked (${messageOf(error)}); send the erase again to retry (they expire within 25 h)`,
      { cause: error, details: { down: ['logs'], sessionId, erased: { ...(rows ?? NO_ROWS), logLines: null } } },
    );
  }
  if (rows === null && logLines === 0) throw new NotFoundError(`no session ${sessionId}`, { sessionId });
  return { ...(rows ?? NO_ROWS), logLines };
}
