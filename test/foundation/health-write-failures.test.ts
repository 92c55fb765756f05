import { describe, expect, it } from 'vitest';
import { degradedHealthResponseSchema } from '../../src/api/schemas/health.js';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { createDecayJob } from '../../src/jobs/decay-job.js';
import { runJob } from '../../src/jobs/run-job.js';
import { lastWriteFailure, RollbackWith, runInTransaction } from '../../src/storage/transaction.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { apiError } from '../helpers/serve-routes.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

// A message that needs new 1 KiB pages (its text overflows onto its own), yet fits the token cap.
const LONG_MESSAGE = `Please keep this note about the kitchen renovation: ${'tiles, cabinets and the worktop. '.repeat(200)}`;

async function started(): Promise<TestDaemon> {
  const daemon = await startTestDaemon();
  defer(() => daemon.stop());
  return daemon;
}

// SQLite's own limit on the file, on the daemon's connection: past it every write that
// needs a new page fails with SQLITE_FULL, exactly as on a full disk.
// VACUUM first, so that no free page is left to take.
function fillDisk(daemon: TestDaemon): void {
  const { sqlite } = daemon.daemon.context.database;
  sqlite.exec('VACUUM');
  sqlite.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true }))}`);
}

function freeDisk(daemon: TestDaemon): void {
  daemon.daemon.context.database.sqlite.pragma('max_page_count = 1073741823');
}

type ErrorAnswer = { error?: { code: string; message: string; details: Record<string, unknown> } };

async function contextCall(daemon: TestDaemon, message: string): Promise<{ status: number; body: ErrorAnswer }> {
  const response = await daemon.client.raw('POST', sessionPath('full', '/context'), JSON.stringify({ message }));
  return { status: response.status, body: JSON.parse(response.body) as ErrorAnswer };
}

describe('GET /v1/health once writes fail with a storage error', () => {
  it('answers 503 naming the database and the error, as the failed write did', async () => {
    const daemon = await started();
    expect((await contextCall(daemon, 'A first message, written while there is room.')).status).toBe(200);
    fillDisk(daemon);

    // No space is no bug of memoryd's: a 503 the client may retry, naming the file and the cause, never a 500.
    const write = await contextCall(daemon, LONG_MESSAGE);
    expect(write).toEqual({
      status: 503,
      body: {
        error: {
          code: 'UNAVAILABLE',
          message: `memoryd cannot write to the database ${daemon.config.dbPath}: SQLITE_FULL (database or disk is full); nothing was written, retry once there is space`,
          details: { down: ['db'], path: daemon.config.dbPath, cause: 'SQLITE_FULL' },
        },
      },
    });
    expect((await daemon.client.session('full')).lastTurnNumber).toBe(1);

    const health = await daemon.client.raw('GET', '/v1/health');
    expect(health.status).toBe(503);
    const body: unknown = JSON.parse(health.body);
    expect(degradedHealthResponseSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      status: 'degraded',
      db: 'error',
      dbError: expect.stringContaining(daemon.config.dbPath),
      error: { code: 'UNAVAILABLE', details: { down: ['db'] } },
    });
    expect((body as { dbError: string }).dbError).toMatch(/SQLITE_FULL/);
    // The error's own message says it too, for a client that reads only that.
    expect((body as { error: { message: string } }).error.message).toMatch(/^memoryd is degraded: the latest write .*SQLITE_FULL/);
  });

  it('answers ok again once a write commits', async () => {
    const daemon = await started();
    fillDisk(daemon);
    expect((await contextCall(daemon, LONG_MESSAGE)).status).toBe(503);
    expect((await daemon.client.raw('GET', '/v1/health')).status).toBe(503);

    freeDisk(daemon);
    expect((await contextCall(daemon, LONG_MESSAGE)).status).toBe(200);
    const health = await daemon.client.health();
    expect(health).toMatchObject({ status: 'ok', db: 'ok' });
    expect(health).not.toHaveProperty('dbError');
  });

  it('answers 503 once a job\'s write fails (a full disk at start), as for a request\'s', async () => {
    const daemon = await started();
    fillDisk(daemon);
    const { config, database, clock, log } = daemon.daemon.context;
    const deps = { config, database, clock, logger: log.logger };
    // Each run records its start and end: the pages left fill up within a few dozen runs.
    let failed: string | null = null;
    for (let run = 0; run < 500 && failed === null; run++) failed = (await runJob(createDecayJob(), deps, 'startup', new AbortController().signal)).error;
    expect(failed).toContain('SQLITE_FULL');
    const health = await daemon.client.raw('GET', '/v1/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', dbError: expect.stringContaining('SQLITE_FULL') });
  });

  it('stays degraded through a dry run, which writes and rolls back', async () => {
    const daemon = await started();
    fillDisk(daemon);
    expect((await contextCall(daemon, LONG_MESSAGE)).status).toBe(503);
    const dryRun = await daemon.client.raw('POST', sessionPath('full', '/context'), JSON.stringify({ message: 'What tiles?', dryRun: true }));
    expect(dryRun.status).toBe(200);
    expect((await daemon.client.raw('GET', '/v1/health')).status).toBe(503);
  });
});

describe('lastWriteFailure', () => {
  it('keeps a storage failure through commits that change no row and rollbacks, and forgets it once a write commits', () => {
    const database = tempDatabase(defer);
    const { sqlite } = database;
    const insert = sqlite.prepare("INSERT INTO meta (key, value, updated_at) VALUES (?, 'x', 0)");
    const fill = (): void => {
      sqlite.exec('VACUUM');
      sqlite.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true }))}`);
    };
    fill();
    const big = (key: string) => () => insert.run(`${key}${'k'.repeat(5000)}`);
    expect(() => runInTransaction(database, big('a'))).toThrow(/database or disk is full/);
    expect(lastWriteFailure(database)).toEqual({ code: 'SQLITE_FULL', message: 'database or disk is full' });

    const read = (): unknown => runInTransaction(database, () => sqlite.prepare('SELECT count(*) FROM meta').get());
    read();
    expect(lastWriteFailure(database)).not.toBeNull();
    sqlite.pragma('max_page_count = 1073741823');
    runInTransaction(database, () => {
      insert.run('rolled back');
      throw new RollbackWith(null);
    });
    read();
    expect(lastWriteFailure(database)).not.toBeNull();

    runInTransaction(database, () => insert.run('written'));
    expect(lastWriteFailure(database)).toBeNull();
  });

  it('records no failure for an error that is not about storage', () => {
    const database = tempDatabase(defer);
    expect(() => runInTransaction(database, () => database.sqlite.exec('INSERT INTO no_such_table VALUES (1)'))).toThrow();
    expect(lastWriteFailure(database)).toBeNull();
  });
});

describe('a write refused for lack of space', () => {
  it('is a 503 UNAVAILABLE naming the database and SQLITE_FULL for a turn and a fact too, never a 500', async () => {
    const daemon = await started();
    const { client } = daemon;
    await client.context('full', { message: 'A first message, written while there is room.' });
    fillDisk(daemon);
    const writes = [
      () => client.recordTurn('full', { role: 'assistant', content: LONG_MESSAGE, outputValid: true }),
      () => client.addFact({ fact: `My renovation notes say ${'tiles, cabinets, worktop '.repeat(18)}`.slice(0, 480), domain: 'projects' }),
    ];
    for (const write of writes) {
      expect(await apiError(write())).toMatchObject({ status: 503, code: 'UNAVAILABLE', details: { down: ['db'], cause: 'SQLITE_FULL' } });
    }
  });
});
