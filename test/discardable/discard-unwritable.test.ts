import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardRoutes } from '../../src/api/routes/discard.js';
import { ManualClock } from '../../src/clock.js';
import { createLogger } from '../../src/discardable/logger.js';
import { openDatabase } from '../../src/storage/database.js';
import { countErrors } from '../../src/storage/errors-repo.js';
import { apiError, serveRoutes, type ServedRoutes } from '../helpers/serve-routes.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { diskWithRoom, logLines, logText } from './full-disk.js';

// POST /v1/discard on a logs disk that fills up: the record IS its log line, so a line the
// disk cannot take is refused, not acknowledged, and leaves nothing behind.
const temp = makeTempDir();
const logsDir = join(temp.dir, 'logs');
const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
const room = { free: Infinity };
const notices: string[] = [];
const sink = createLogger({ logsDir, level: 'info', verbose: false, clock, files: { writeSync: diskWithRoom(room), notice: (text) => notices.push(text) } });
const database = openDatabase(join(temp.dir, 'memoryd.db'));
const marked: string[] = [];
let served: ServedRoutes;

beforeAll(async () => {
  const outputs = { markInvalid: (sessionId: string) => void marked.push(sessionId) };
  served = await serveRoutes(temp.dir, discardRoutes({ database, clock, log: sink, maxMessageBytes: 64 * 1024, outputs }));
});

afterAll(async () => {
  await served.close();
  database.close();
  sink.files.close();
  temp.remove();
});

describe('POST /v1/discard when the log files cannot take the record', () => {
  it('answers 503 UNAVAILABLE, keeps no part of the record and changes nothing else; the same request succeeds once there is room', async () => {
    await served.client.json('POST', '/v1/discard', { kind: 'other', content: 'before the disk filled up' });
    const record = {
      kind: 'parse_failure',
      sessionId: 'chat-1',
      content: `${'tool output '.repeat(500)}[half-written]`,
      error: { code: 'JSON_PARSE', message: 'Unexpected token' },
    };
    room.free = 4096;

    const refused = await apiError(served.client.json('POST', '/v1/discard', record));
    expect(refused).toMatchObject({ status: 503, code: 'UNAVAILABLE', details: { down: ['logs'] } });
    expect(refused.message).toContain('ENOSPC');
    expect(logText(logsDir)).not.toContain('half-written');
    expect(logLines(logsDir).map((line) => line.content)).toEqual(['before the disk filled up']);
    expect(countErrors(database.db)).toBe(0);
    expect(marked).toEqual([]);
    // Refused, not dropped: the client was told, so the dropped-lines count stays for lines nobody hears of.
    expect(sink.files.droppedLines).toBe(0);
    expect(notices).toHaveLength(1);

    room.free = Infinity;
    expect(await served.client.json('POST', '/v1/discard', record)).toEqual({ discarded: true, logged: true, errorRecorded: true });
    expect(logLines(logsDir).map((line) => line.content)).toEqual(['before the disk filled up', record.content]);
    expect(countErrors(database.db)).toBe(1);
    expect(marked).toEqual(['chat-1']);
  });
});
