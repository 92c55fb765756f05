import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardRoutes } from '../../src/api/routes/discard.js';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import type { MemorydClient } from '../../src/client/memoryd-client.js';
import { acceptDiscardable, discard } from '../../src/discardable/discard.js';
import { lastErrorForRetry, MAX_ERROR_MESSAGE_CHARS } from '../../src/discardable/error-log.js';
import { createLogger } from '../../src/discardable/logger.js';
import { countErrors } from '../../src/storage/errors-repo.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { apiError, serveRoutes, type ServedRoutes } from '../helpers/serve-routes.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// These tests cover the logs and the errors table; a parse failure's mark on its session is
// covered through the daemon in test/conversation-flow/output-validity.test.ts.
const NO_SESSIONS = { markInvalid: () => {} };

const temp = makeTempDir();
const logsDir = join(temp.dir, 'logs');
const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
const sink = createLogger({ logsDir, level: 'info', verbose: false, clock });
// Closed after the file's last test, not after each: the served routes use it throughout.
const database = tempDatabase((cleanup) => afterAll(cleanup));
const defer = cleanupAfterEach();
let served: ServedRoutes;
let client: MemorydClient;

beforeAll(async () => {
  served = await serveRoutes(temp.dir, discardRoutes({ database, clock, log: sink, maxMessageBytes: 4096, outputs: NO_SESSIONS }));
  client = served.client;
});

afterAll(async () => {
  await served.close();
  sink.files.close();
  temp.remove();
});

function logLines(): Array<Record<string, unknown>> {
  return readdirSync(logsDir)
    .sort()
    .flatMap((name) => readFileSync(join(logsDir, name), 'utf8').split('\n'))
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const linesWith = (text: string): Array<Record<string, unknown>> => logLines().filter((line) => JSON.stringify(line).includes(text));

describe('discard', () => {
  it('writes exactly one log line with the record and nothing to the database', () => {
    discard(sink, { kind: 'tool_log', sessionId: 'chat-1', toolName: 'search_flights', content: 'GET /flights?from=LIM took 812 ms [unit-one]' });
    const lines = linesWith('unit-one');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ part: 'discardable', kind: 'tool_log', sessionId: 'chat-1', toolName: 'search_flights', level: 30 });
    expect(countErrors(database.db)).toBe(0);
  });
});

describe('discard under a MEMORYD_LOG_LEVEL above a record\'s level', () => {
  it('writes no line and says so; a failed parse or a stack trace (warn) is still written at warn', () => {
    const quietDir = join(temp.dir, 'quiet-logs');
    const quiet = createLogger({ logsDir: quietDir, level: 'warn', verbose: false, clock });
    const quietDatabase = tempDatabase(defer);
    try {
      const deps = { database: quietDatabase, clock, log: quiet, outputs: NO_SESSIONS };
      expect(acceptDiscardable(deps, { kind: 'tool_log', content: 'GET /x took 3 ms [quiet-info]' })).toEqual({ discarded: true, logged: false, errorRecorded: false });
      const summary = { code: 'E_QUIET', message: 'quiet parse failure' };
      expect(acceptDiscardable(deps, { kind: 'parse_failure', content: 'bad json [quiet-warn]', error: summary })).toEqual({ discarded: true, logged: true, errorRecorded: true });
      const written = readdirSync(quietDir).flatMap((name) => readFileSync(join(quietDir, name), 'utf8').split('\n')).filter((line) => line !== '');
      expect(written.filter((line) => line.includes('[quiet-info]'))).toEqual([]);
      expect(written.filter((line) => line.includes('[quiet-warn]'))).toHaveLength(1);
      // Silent writes nothing at all.
      const silent = createLogger({ logsDir: join(temp.dir, 'silent-logs'), level: 'silent', verbose: true, clock });
      expect(discard(silent, { kind: 'stack_trace', content: 'Error: x [silent]' })).toBe(false);
      silent.files.close();
      expect(countErrors(quietDatabase.db)).toBe(1);
    } finally {
      quiet.files.close();
    }
  });
});

describe('POST /v1/discard', () => {
  it('accepts every kind and logs it', async () => {
    for (const kind of ['tool_log', 'parse_failure', 'intermediate', 'stack_trace', 'response_tokens', 'other']) {
      expect(await client.json('POST', '/v1/discard', { kind, content: `record of ${kind} [api-kinds]` })).toEqual({ discarded: true, logged: true, errorRecorded: false });
    }
    expect(linesWith('[api-kinds]').map((line) => line.kind)).toEqual(['tool_log', 'parse_failure', 'intermediate', 'stack_trace', 'response_tokens', 'other']);
    expect(countErrors(database.db)).toBe(0);
  });

  it('keeps the error summary of a failed parse for a retry, never its content, for 24 h', async () => {
    const body = {
      kind: 'parse_failure',
      sessionId: 'chat-2',
      content: '{"answer": "Lima", [raw model output]',
      error: { code: 'JSON_PARSE', message: `Unexpected token [ at position 18 ${'x'.repeat(400)}` },
    };
    expect(await client.json('POST', '/v1/discard', body)).toEqual({ discarded: true, logged: true, errorRecorded: true });
    const last = lastErrorForRetry(database.db, 'chat-2', clock.now());
    expect(last).toMatchObject({ code: 'JSON_PARSE', at: clock.now() });
    expect(last?.message.startsWith('Unexpected token [ at position 18')).toBe(true);
    expect(last?.message).toHaveLength(MAX_ERROR_MESSAGE_CHARS);
    expect(last?.message).not.toContain('raw model output');
    expect(lastErrorForRetry(database.db, 'chat-3', clock.now())).toBeNull();
    clock.advance(24 * HOUR_MS);
    expect(lastErrorForRetry(database.db, 'chat-2', clock.now())).toBeNull();
  });

  it('returns the newest error of the session', async () => {
    await client.json('POST', '/v1/discard', { kind: 'stack_trace', sessionId: 'chat-4', content: 'Error: a\n at x', error: { code: 'FIRST', message: 'a' } });
    clock.advance(1000);
    await client.json('POST', '/v1/discard', { kind: 'stack_trace', sessionId: 'chat-4', content: 'Error: b\n at y', error: { code: 'SECOND', message: 'b' } });
    expect(lastErrorForRetry(database.db, 'chat-4', clock.now())?.code).toBe('SECOND');
  });

  it('validates the record', async () => {
    const rejected = (body: unknown) => apiError(client.json('POST', '/v1/discard', body));
    expect((await rejected({ kind: 'diary', content: 'x' })).details.issues).toEqual([expect.objectContaining({ path: 'body.kind' })]);
    expect((await rejected({ kind: 'other', content: '' })).status).toBe(400);
    expect((await rejected({ kind: 'other', content: 'x', sessionId: 'bad id' })).details.issues).toEqual([expect.objectContaining({ path: 'body.sessionId' })]);
    expect((await rejected({ kind: 'other', content: 'x', extra: 1 })).status).toBe(400);
    const misplaced = await rejected({ kind: 'tool_log', content: 'x', error: { code: 'E', message: 'm' } });
    expect(misplaced.details.issues).toEqual([expect.objectContaining({ path: 'body.error' })]);
    expect(await rejected({ kind: 'other', content: 'é'.repeat(2049) })).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: '413 PAYLOAD_TOO_LARGE: body.content is 4098 bytes; the limit is 4096 (MEMORYD_MAX_MESSAGE_BYTES)',
      details: { path: 'body.content', bytes: 4098, limit: 4096, variable: 'MEMORYD_MAX_MESSAGE_BYTES' },
    });
  });
});
