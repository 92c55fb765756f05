import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/api/server.js';
import { ManualClock } from '../../src/clock.js';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { discard } from '../../src/discardable/discard.js';
import { createLogger, OFF_STDERR, type LogSink } from '../../src/discardable/logger.js';
import { AppError } from '../../src/errors.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// The daemon's warnings and errors reach stderr (the journal, which outlives the 24 h log
// files); a discardable record never does.

const defer = cleanupAfterEach();
const clock = new ManualClock(Date.UTC(2026, 10, 27, 9));

function sinkWithStderr(level: 'info' | 'error'): { sink: LogSink; stderr: string[] } {
  const temp = makeTempDir();
  const stderr: string[] = [];
  const sink = createLogger({ logsDir: join(temp.dir, 'logs'), level, verbose: false, clock, stderr: { write: (line: string) => stderr.push(line) } });
  defer(() => {
    sink.files.close();
    temp.remove();
  });
  return { sink, stderr };
}

describe('stderr', () => {
  it('gets the warnings and errors, not the info lines nor a discardable record', () => {
    const { sink, stderr } = sinkWithStderr('info');
    sink.logger.info({ part: 'daemon' }, 'listening');
    sink.logger.warn({ part: 'storage' }, 'idle WAL checkpoint failed');
    discard(sink, { kind: 'stack_trace', sessionId: 's1', content: 'TypeError: x is undefined' });
    sink.logger.error({ part: 'daemon' }, 'request failed');
    expect(stderr.map((line) => JSON.parse(line).msg)).toEqual(['idle WAL checkpoint failed', 'request failed']);
  });

  it('does not get a warning about one request\'s own state, which may come on every call: the files do', () => {
    const { sink, stderr } = sinkWithStderr('info');
    sink.logger.warn({ part: 'compiler', ...OFF_STDERR, usageLevel: 'warning' }, 'prompt usage crossed a threshold');
    expect(stderr).toEqual([]);
  });

  it('gets the warnings even when the files keep errors only', () => {
    const { sink, stderr } = sinkWithStderr('error');
    sink.logger.warn({ part: 'storage' }, 'idle WAL checkpoint failed');
    expect(stderr).toHaveLength(1);
  });

  it('gets a request refused because the database cannot be used (503), with what the client was told, not one refused while stopping', async () => {
    const { sink, stderr } = sinkWithStderr('info');
    const temp = makeTempDir();
    defer(temp.remove);
    const socketPath = join(temp.dir, 'api.sock');
    const app = createServer({
      logger: sink.logger,
      maxBodyBytes: 4096,
      routes: [
        {
          method: 'GET',
          path: '/v1/full',
          summary: 'always full',
          handler: () => {
            throw new AppError('UNAVAILABLE', 'memoryd cannot write to the database /srv/memoryd.db: SQLITE_FULL', {
              details: { down: ['db'] },
              cause: new Error('database or disk is full'),
            });
          },
        },
        {
          method: 'GET',
          path: '/v1/stopping',
          summary: 'shutting down',
          handler: () => {
            throw new AppError('UNAVAILABLE', 'memoryd is shutting down; retry when it is back');
          },
        },
      ],
    });
    await app.listen({ path: socketPath });
    const client = new MemorydClient({ socketPath, timeoutMs: 5000 });
    defer(async () => {
      client.close();
      await app.close();
    });
    expect((await client.raw('GET', '/v1/full')).status).toBe(503);
    // A 503 while shutting down is no trouble of the operator's: the client retries.
    expect((await client.raw('GET', '/v1/stopping')).status).toBe(503);
    expect(stderr.map((line) => JSON.parse(line).msg)).toEqual(['memoryd cannot write to the database /srv/memoryd.db: SQLITE_FULL']);
    // SQLite's words for it, without a stack trace: one short line per refused request.
    const [line] = stderr.map((each) => JSON.parse(each) as Record<string, unknown>);
    expect(line).toMatchObject({ cause: 'database or disk is full', details: { down: ['db'] } });
    expect(line).not.toHaveProperty('err');
    expect(stderr[0]?.length).toBeLessThan(600);
  });
});
