import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardRoutes } from '../../src/api/routes/discard.js';
import { createServer } from '../../src/api/server.js';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/discardable/logger.js';
import { runJob } from '../../src/jobs/run-job.js';
import { ttlCleanupJob } from '../../src/jobs/ttl-cleanup-job.js';
import { openDatabase } from '../../src/storage/database.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// These tests cover the logs and the errors table; a parse failure's mark on its session is
// covered through the daemon in test/conversation-flow/output-validity.test.ts.
const NO_SESSIONS = { markInvalid: () => {} };

// The hard rule of spec §1.3 on disk: a discardable record reaches the logs only, and
// after 24 h nothing under the data dir holds it. The endpoint, logger, database and job
// are the daemon's own, on a real socket. The clock starts at the real time so the log
// files' real mtimes agree with it; then only the clock moves (no waiting).
const temp = makeTempDir();
const config = loadConfig({ MEMORYD_DATA_DIR: temp.dir, MEMORYD_LOG_LEVEL: 'debug' }, { cwd: temp.dir });
const clock = new ManualClock(Date.now());
const sink = createLogger({ logsDir: config.logsDir, level: config.logLevel, verbose: false, clock });
const database = openDatabase(config.dbPath);
const client = new MemorydClient({ socketPath: config.socketPath, timeoutMs: 5000 });
const app = createServer({
  logger: sink.logger,
  maxBodyBytes: config.maxBodyBytes,
  routes: discardRoutes({ database, clock, log: sink, maxMessageBytes: config.maxMessageBytes, outputs: NO_SESSIONS }),
});

beforeAll(async () => {
  await app.listen({ path: config.socketPath });
});

afterAll(async () => {
  client.close();
  await app.close();
  database.close();
  sink.files.close();
  temp.remove();
});

// Every regular file under `dir`, recursively, with its bytes.
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: readFileSync(path) };
    });
}

const holding = (marker: string): string[] => filesUnder(temp.dir).filter((file) => file.bytes.includes(marker)).map((file) => file.path);

describe('a discardable marker on disk', () => {
  const marker = `discardable-marker-${randomUUID()}`;
  const traceMarker = `trace-marker-${randomUUID()}`;
  const summaryMarker = `summary-marker-${randomUUID()}`;

  it('lands in a log file and nowhere in the database', async () => {
    await client.json('POST', '/v1/discard', { kind: 'tool_log', sessionId: 'chat-1', toolName: 'search', content: `search took 812 ms ${marker}` });
    await client.json('POST', '/v1/discard', { kind: 'intermediate', sessionId: 'chat-1', content: `step 2 of 3: ${marker}` });
    await client.json('POST', '/v1/discard', {
      kind: 'stack_trace',
      sessionId: 'chat-1',
      content: `TypeError: x is undefined ${traceMarker}\n    at run (tool.js:1:1)`,
      error: { code: 'TOOL_CRASH', message: `the tool crashed ${summaryMarker}` },
    });
    const logs = holding(marker);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((path) => path.startsWith(config.logsDir))).toBe(true);
    expect(holding(traceMarker).every((path) => path.startsWith(config.logsDir))).toBe(true);
    const dbFiles = filesUnder(temp.dir).filter((file) => file.path.startsWith(config.dbPath));
    expect(dbFiles.map((file) => file.path)).toContain(config.dbPath);
    for (const file of dbFiles) {
      expect(file.bytes.includes(marker), file.path).toBe(false);
      expect(file.bytes.includes(traceMarker), file.path).toBe(false);
    }
    // The short error summary is the one thing kept in the database, for a retry.
    expect(dbFiles.some((file) => file.bytes.includes(summaryMarker))).toBe(true);
  });

  it('is still there after 23 h, and gone from every file under the data dir after 25 h and the cleanup job', async () => {
    clock.advance(23 * HOUR_MS);
    await runJob(ttlCleanupJob, { config, database, clock, logger: sink.logger }, 'schedule', new AbortController().signal);
    expect(holding(marker).length).toBeGreaterThan(0);
    clock.advance(2 * HOUR_MS);
    const outcome = await runJob(ttlCleanupJob, { config, database, clock, logger: sink.logger }, 'schedule', new AbortController().signal);
    expect(outcome.error).toBeNull();
    expect(outcome.counts.logFiles).toBeGreaterThan(0);
    expect(outcome.counts.errors).toBe(1);
    expect(holding(marker)).toEqual([]);
    expect(holding(traceMarker)).toEqual([]);
    expect(holding(summaryMarker)).toEqual([]);
  });
});
