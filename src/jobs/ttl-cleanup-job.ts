import { expireLogFiles } from '../discardable/expire-log-files.js';
import { DISCARDABLE_TTL_MS } from '../discardable/ttl.js';
import { AppError, messageOf } from '../errors.js';
import { deleteErrorsUpTo } from '../storage/errors-repo.js';
import { pruneJobRunsUpTo } from '../storage/job-runs-repo.js';
import { deleteExpiredResponses } from '../storage/response-cache-repo.js';
import { truncateWal, withSecureDelete } from '../storage/secure-delete.js';
import { runInTransaction } from '../storage/transaction.js';
import { deleteExpiredToolResults } from '../storage/tool-cache-repo.js';
import type { Job, JobDeps } from './job.js';

/**
 * Hourly expiry of the discardable tier and the caches (spec §1.3, §4): log files whose
 * newest line is over 24 h old, `errors` rows over 24 h old, job runs started 24 h
 * ago or earlier (each job's latest run stays, without its error message), and cache rows past
 * their `expiresAt` (24 h answers, 1 h tool results). Deleted rows are zeroed and the
 * WAL is truncated, so what expired is gone from disk, not only from queries; while
 * another process holds a transaction the truncation is skipped, not waited for. Also
 * runs at start, to expire what aged while the daemon was down.
 *
 * Log files that cannot be expired (a file where the logs dir was) keep no row in the
 * database past its time: the database part runs regardless, and the run then fails
 * naming the logs, so it still counts as an error.
 */
export const ttlCleanupJob: Job = {
  name: 'ttl-cleanup',
  description: 'deletes logs, errors and job runs older than 24 h and expired response and tool cache entries',
  schedule: (config) => config.cleanupSchedule,
  runAtStartup: true,
  run: async (deps, signal) => {
    signal.throwIfAborted();
    const now = deps.clock.now();
    const logs = expireLogs(deps.config.logsDir, now);
    signal.throwIfAborted();
    const rows = expireRows(deps, now);
    if ('error' in logs) throw new LogExpiryError(deps.config.logsDir, logs.error, rows);
    return { logFiles: logs.deleted, ...rows };
  },
};

/** The log files could not be expired; the database's expired rows were (`deleted`, by table). */
export class LogExpiryError extends AppError {
  constructor(logsDir: string, cause: unknown, deleted: Record<string, number>) {
    const counts = Object.entries(deleted)
      .map(([table, count]) => `${table}=${count}`)
      .join(' ');
    super('UNAVAILABLE', `the log files in ${logsDir} could not be expired (${messageOf(cause)}); the database's expired rows were deleted (${counts})`, {
      cause,
      details: { down: ['logs'], deleted },
    });
  }
}

// The number of log files deleted, or why they could not be looked at or deleted.
function expireLogs(dir: string, now: number): { deleted: number } | { error: unknown } {
  try {
    return { deleted: expireLogFiles(dir, now, { ttlMs: DISCARDABLE_TTL_MS }).length };
  } catch (error) {
    return { error };
  }
}

function expireRows(deps: JobDeps, now: number): Record<'responseCache' | 'toolCache' | 'errors' | 'jobRuns', number> {
  const { db, sqlite } = deps.database;
  // Through runInTransaction: a file that cannot take it is on record for the health check.
  const rows = withSecureDelete(sqlite, () =>
    runInTransaction(deps.database, () => ({
      responseCache: deleteExpiredResponses(db, now),
      toolCache: deleteExpiredToolResults(db, now),
      errors: deleteErrorsUpTo(db, now - DISCARDABLE_TTL_MS),
      jobRuns: pruneJobRunsUpTo(db, now - DISCARDABLE_TTL_MS),
    })),
  );
  const checkpoint = truncateWal(sqlite);
  if (checkpoint.busy !== 0) {
    deps.logger
      .child({ part: 'jobs', job: 'ttl-cleanup' })
      .warn({ checkpoint }, 'WAL not truncated: another connection holds a read or write transaction; retried next run');
  }
  return rows;
}
