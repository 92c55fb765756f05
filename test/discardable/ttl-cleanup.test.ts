import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, ManualClock, MINUTE_MS } from '../../src/clock.js';
import { loadConfig } from '../../src/config/config.js';
import { expireLogFiles } from '../../src/discardable/expire-log-files.js';
import { logFileName } from '../../src/discardable/log-files.js';
import type { JobDeps } from '../../src/jobs/job.js';
import { jobRegistry } from '../../src/jobs/registry.js';
import { runJob } from '../../src/jobs/run-job.js';
import { ttlCleanupJob } from '../../src/jobs/ttl-cleanup-job.js';
import { openDatabase } from '../../src/storage/database.js';
import { recentJobRuns } from '../../src/storage/job-runs-repo.js';
import { insertError, countErrors } from '../../src/storage/errors-repo.js';
import { countResponses, upsertResponse } from '../../src/storage/response-cache-repo.js';
import { countToolResults, upsertToolResult } from '../../src/storage/tool-cache-repo.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const config = loadConfig({ MEMORYD_DATA_DIR: temp.dir }, { cwd: temp.dir });
const database = openDatabase(config.dbPath);
const now = Date.UTC(2026, 10, 22, 9, 30);
const clock = new ManualClock(now);
const deps: JobDeps = { config, database, clock, logger: pino({ level: 'silent' }) };

afterAll(() => {
  database.close();
  temp.remove();
});

beforeEach(() => {
  rmSync(config.logsDir, { recursive: true, force: true });
});

// A file under the logs dir whose last write was at `mtime` (by the test's clock).
function logFile(name: string, mtime: number): string {
  mkdirSync(config.logsDir, { recursive: true });
  const path = join(config.logsDir, name);
  writeFileSync(path, '{"msg":"x"}\n');
  utimesSync(path, new Date(mtime), new Date(mtime));
  return name;
}

describe('expireLogFiles', () => {
  it('deletes a log file only when its hour and its last write are both over 24 h old', () => {
    const dayAgo = now - 24 * HOUR_MS;
    const expired = logFile(logFileName(now - 26 * HOUR_MS), now - 25 * HOUR_MS - 1);
    const exactlyAtTtl = logFile(logFileName(now - 25 * HOUR_MS - 30 * MINUTE_MS), dayAgo);
    const appendedLate = logFile(logFileName(now - 30 * HOUR_MS), now - 2 * HOUR_MS);
    const hourTooRecent = logFile(logFileName(now - 24 * HOUR_MS), now - 40 * HOUR_MS);
    const current = logFile(logFileName(now), now - 48 * HOUR_MS);
    const foreign = [logFile('notes.txt', now - 72 * HOUR_MS), logFile('memoryd-2026.log', now - 72 * HOUR_MS), logFile('memoryd-20261101T1.ndjson', 0)];
    const linkName = logFileName(now - 60 * HOUR_MS);
    symlinkSync(join(temp.dir, 'elsewhere'), join(config.logsDir, linkName));
    const dirName = logFileName(now - 50 * HOUR_MS);
    mkdirSync(join(config.logsDir, dirName));

    expect(expireLogFiles(config.logsDir, now, { ttlMs: 24 * HOUR_MS })).toEqual([expired, exactlyAtTtl].sort());
    expect(readdirSync(config.logsDir).sort()).toEqual([appendedLate, hourTooRecent, current, ...foreign, linkName, dirName].sort());
  });

  it('never deletes the file the logger is writing, and accepts a missing dir', () => {
    const writing = logFile(logFileName(now - 48 * HOUR_MS), now - 48 * HOUR_MS);
    expect(expireLogFiles(config.logsDir, now, { ttlMs: 24 * HOUR_MS, currentFile: join(config.logsDir, writing) })).toEqual([]);
    expect(existsSync(join(config.logsDir, writing))).toBe(true);
    expect(expireLogFiles(join(temp.dir, 'no-logs-here'), now, { ttlMs: 24 * HOUR_MS })).toEqual([]);
  });
});

describe('the ttl-cleanup job', () => {
  it('is registered, hourly by config, and runs at start', () => {
    expect(jobRegistry().map((job) => job.name)).toContain('ttl-cleanup');
    expect(ttlCleanupJob.schedule(config)).toBe(config.cleanupSchedule);
    expect(ttlCleanupJob.runAtStartup).toBe(true);
  });

  it('deletes old log files, expired cache rows and errors older than 24 h, and keeps the rest', async () => {
    const old = logFile(logFileName(now - 30 * HOUR_MS), now - 30 * HOUR_MS);
    const recent = logFile(logFileName(now - HOUR_MS), now - HOUR_MS);
    const db = database.db;
    const answer = { query: 'q', language: 'en' as const, response: 'r', sessionId: 's', embedding: null, embedderId: null };
    upsertResponse(db, { ...answer, key: 'expired', createdAt: now - 25 * HOUR_MS, expiresAt: now - HOUR_MS });
    upsertResponse(db, { ...answer, key: 'live', createdAt: now - HOUR_MS, expiresAt: now + 23 * HOUR_MS });
    upsertToolResult(db, { key: 't:expired', toolName: 't', result: '1', createdAt: now - 2 * HOUR_MS, expiresAt: now - HOUR_MS });
    upsertToolResult(db, { key: 't:live', toolName: 't', result: '1', createdAt: now - 10 * MINUTE_MS, expiresAt: now + 50 * MINUTE_MS });
    insertError(db, { sessionId: 's', code: 'OLD', message: 'm', createdAt: now - 24 * HOUR_MS });
    insertError(db, { sessionId: 's', code: 'NEW', message: 'm', createdAt: now - 23 * HOUR_MS });

    const outcome = await runJob(ttlCleanupJob, deps, 'manual', new AbortController().signal);
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toEqual({ logFiles: 1, responseCache: 1, toolCache: 1, errors: 1, jobRuns: 0 });
    expect(existsSync(join(config.logsDir, old))).toBe(false);
    expect(existsSync(join(config.logsDir, recent))).toBe(true);
    expect([countResponses(db), countToolResults(db), countErrors(db)]).toEqual([1, 1, 1]);
    expect((await runJob(ttlCleanupJob, deps, 'manual', new AbortController().signal)).counts).toEqual({
      logFiles: 0,
      responseCache: 0,
      toolCache: 0,
      errors: 0,
      jobRuns: 0,
    });
  });

  it('deletes the expired rows when the logs dir cannot be read (a file where it was), and still fails the run naming the logs', async () => {
    writeFileSync(config.logsDir, 'not a folder');
    const db = database.db;
    const counts = (): number[] => [countResponses(db), countToolResults(db), countErrors(db)];
    const before = counts();
    const answer = { query: 'q', language: 'en' as const, response: 'r', sessionId: 's', embedding: null, embedderId: null };
    upsertResponse(db, { ...answer, key: 'expired', createdAt: now - 25 * HOUR_MS, expiresAt: now - HOUR_MS });
    upsertToolResult(db, { key: 't:expired', toolName: 't', result: '1', createdAt: now - 2 * HOUR_MS, expiresAt: now - HOUR_MS });
    insertError(db, { sessionId: 's', code: 'OLD', message: 'm', createdAt: now - 25 * HOUR_MS });

    const outcome = await runJob(ttlCleanupJob, deps, 'schedule', new AbortController().signal);
    expect(outcome.error).toBe(
      `the log files in ${config.logsDir} could not be expired (ENOTDIR: not a directory, scandir '${config.logsDir}'); ` +
        "the database's expired rows were deleted (responseCache=1 toolCache=1 errors=1 jobRuns=0)",
    );
    expect(counts()).toEqual(before);
    expect(recentJobRuns(db, 'ttl-cleanup', 1)).toMatchObject([{ status: 'error' }]);
  });

  it('does nothing once aborted', async () => {
    const kept = logFile(logFileName(now - 40 * HOUR_MS), now - 40 * HOUR_MS);
    const abort = new AbortController();
    abort.abort();
    const outcome = await runJob(ttlCleanupJob, deps, 'manual', abort.signal);
    expect(outcome.error).not.toBeNull();
    expect(existsSync(join(config.logsDir, kept))).toBe(true);
  });
});
