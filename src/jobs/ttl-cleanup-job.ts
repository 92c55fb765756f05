import { expireLogFiles } from '../discardable/expire-log-files.js';
import { DISCARDABLE_TTL_MS } from '../discardable/ttl.js';
import { deleteErrorsUpTo } from '../storage/errors-repo.js';
import { pruneJobRunsUpTo } from '../storage/job-runs-repo.js';
import { deleteExpiredResponses } from '../storage/response-cache-repo.js';
import { truncateWal, withSecureDelete } from '../storage/secure-delete.js';
import { deleteExpiredToolResults } from '../storage/tool-cache-repo.js';
import type { Job } from './job.js';

/**
 * Hourly expiry of the discardable tier and the caches (spec §1.3, §4): log files whose
 * newest line is over 24 h old, `errors` rows over 24 h old, job runs started 24 h
 * ago or earlier (each job's latest run stays, without its error message), and cache rows past
 * their `expiresAt` (24 h answers, 1 h tool results). Deleted rows are zeroed and the
 * WAL is truncated, so what expired is gone from disk, not only from queries; while
 * another process holds a transaction the truncation is skipped, not waited for. Also
 * runs at start, to expire what aged while the daemon was down.
 */
export const ttlCleanupJob: Job = {
  name: 'ttl-cleanup',
  description: 'deletes logs, errors and job runs older than 24 h and expired response and tool cache entries',
  schedule: (config) => config.cleanupSchedule,
  runAtStartup: true,
  run: async (deps, signal) => {
    signal.throwIfAborted();
    const now = deps.clock.now();
    const logFiles = expireLogFiles(deps.config.logsDir, now, { ttlMs: DISCARDABLE_TTL_MS }).length;
    signal.throwIfAborted();
    const { db, sqlite } = deps.database;
    const rows = withSecureDelete(sqlite, () =>
      sqlite.transaction(() => ({
        responseCache: deleteExpiredResponses(db, now),
        toolCache: deleteExpiredToolResults(db, now),
        errors: deleteErrorsUpTo(db, now - DISCARDABLE_TTL_MS),
        jobRuns: pruneJobRunsUpTo(db, now - DISCARDABLE_TTL_MS),
      }))(),
    );
    const checkpoint = truncateWal(sqlite);
    if (checkpoint.busy !== 0) {
      deps.logger
        .child({ part: 'jobs', job: 'ttl-cleanup' })
        .warn({ checkpoint }, 'WAL not truncated: another connection holds a read or write transaction; retried next run');
    }
    return { logFiles, ...rows };
  },
};
