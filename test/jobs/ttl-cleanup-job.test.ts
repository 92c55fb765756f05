import { readFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/clock.js';
import { runJob } from '../../src/jobs/run-job.js';
import { ttlCleanupJob } from '../../src/jobs/ttl-cleanup-job.js';
import { insertError } from '../../src/storage/errors-repo.js';
import { recentJobRuns, recordJobEnd, recordJobStart } from '../../src/storage/job-runs-repo.js';
import { truncateWal } from '../../src/storage/secure-delete.js';
import { jobFixture, type JobFixture } from './job-fixture.js';

let f: JobFixture;
beforeEach(() => {
  f = jobFixture();
});
afterEach(() => f.close());

const WARNING = 'WAL not truncated: another connection holds a read or write transaction; retried next run';

function cleanup(): ReturnType<typeof runJob> {
  return runJob(ttlCleanupJob, f.deps, 'schedule', new AbortController().signal);
}

function busyTimeout(): number {
  return Number(f.database.sqlite.pragma('busy_timeout', { simple: true }));
}

describe('the TTL cleanup beside another process holding a transaction', () => {
  it('does not wait for the reader: the checkpoint reports busy, the warning says why, the busy timeout is back', async () => {
    expect(busyTimeout()).toBe(5000);
    // A checkpoint that waited for the reader would sit in this busy timeout, far past the
    // test's own: the test then fails by timing out, with no threshold of ours to tune.
    f.database.sqlite.pragma('busy_timeout = 600000');
    insertError(f.database.db, { sessionId: 's', code: 'OLD', message: 'expired', createdAt: f.clock.now() - 25 * HOUR_MS });
    // What `sqlite3 data/memoryd.db` with `BEGIN; SELECT …` does: a read transaction held open.
    const reader = new BetterSqlite3(f.database.path);
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM errors').get();
      const outcome = await cleanup();
      expect(outcome).toMatchObject({ error: null, counts: { errors: 1 } });
      expect(f.logs.filter((line) => line.msg === WARNING)).toHaveLength(1);
      expect(busyTimeout()).toBe(600000);
      reader.exec('COMMIT');
    } finally {
      reader.close();
    }
    await cleanup();
    expect(f.logs.filter((line) => line.msg === WARNING)).toHaveLength(1);
  });

  it('restores the busy timeout when the checkpoint itself fails', () => {
    // A checkpoint inside a write transaction of its own connection fails with SQLITE_LOCKED.
    f.database.sqlite.exec('BEGIN');
    insertError(f.database.db, { sessionId: 's', code: 'X', message: 'x', createdAt: f.clock.now() });
    try {
      expect(() => truncateWal(f.database.sqlite)).toThrow(/locked/);
      expect(busyTimeout()).toBe(5000);
    } finally {
      f.database.sqlite.exec('ROLLBACK');
    }
  });
});

describe('job run history', () => {
  function addRun(job: string, hoursAgo: number, error: string | null): number {
    const at = f.clock.now() - hoursAgo * HOUR_MS;
    const id = recordJobStart(f.database.db, job, 'schedule', at);
    recordJobEnd(f.database.db, id, { at: at + 1000, counts: {}, error });
    return id;
  }

  it('keeps 24 h of runs; each job keeps its latest run, whose error message goes at 24 h', async () => {
    addRun('decay', 48, 'an old failure');
    addRun('decay', 25, 'decay failed: SECRET-ERROR-TEXT');
    addRun('ttl-cleanup', 30, null);
    addRun('other', 23, 'a recent failure');

    const outcome = await cleanup();
    expect(outcome.error).toBeNull();
    expect(outcome.counts.jobRuns).toBe(2);
    expect(recentJobRuns(f.database.db, 'decay', 10).map((run) => [run.status, run.error])).toEqual([['error', null]]);
    expect(recentJobRuns(f.database.db, 'other', 10).map((run) => run.error)).toEqual(['a recent failure']);
    // The run that just pruned is ttl-cleanup's latest now.
    expect(recentJobRuns(f.database.db, 'ttl-cleanup', 10).map((run) => run.startedAt)).toEqual([f.clock.now()]);
    // Zeroed and checkpointed: the message is in no file of the database either.
    for (const file of [f.database.path, `${f.database.path}-wal`]) expect(readFileSync(file).includes('SECRET-ERROR-TEXT'), file).toBe(false);

    expect((await cleanup()).counts.jobRuns).toBe(0);
  });
});
