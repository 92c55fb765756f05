import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import { openDatabase } from '../../src/storage/database.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { apiError } from '../helpers/serve-routes.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { diskWithRoom, droppedLines } from './full-disk.js';

// A real daemon whose logs disk fills up while it runs (its log files' writes fail with
// ENOSPC from the next hour on): logging is best-effort, so requests and shutdown carry on; only a
// discardable record, whose line is the record, is refused.
const START = Date.UTC(2026, 10, 22, 9, 30);
const defer = cleanupAfterEach();

describe('a daemon whose log files cannot be written', () => {
  it('answers a context call whose warning cannot be logged, refuses a discardable record, counts the dropped lines and shuts down cleanly', async () => {
    const clock = new ManualClock(START);
    const disk = { free: Number.POSITIVE_INFINITY };
    const daemon = await startTestDaemon({ clock, logFiles: { writeSync: diskWithRoom(disk), notice: () => {} } });
    // The test stops the daemon itself (stop runs once; a second call gets the first's result): this
    // stops it if an assertion fails first, and removes its dir once the database has been read.
    defer(() => daemon.stop());
    const { client, config } = daemon;
    const chat = conversation(client, 'full-disk');
    const size = (await chat.say('Just checking the levels of usage.')).tokens;
    const helix = (await client.addFact({ fact: 'My editor is Helix', domain: 'preferences' })).fact;
    expect(droppedLines(await client.metrics())).toBe(0);

    disk.free = 0;
    clock.advance(HOUR_MS);

    // Crossing a usage threshold logs a warning after the turn is committed: the call still succeeds, once.
    // (Another message: the same one again, the session's newest turn, would be a resend, recorded once.)
    const crossing = await chat.say('Just checking the level of usage.', { budget: Math.ceil(size / 0.75) });
    expect(crossing.level).not.toBe('ok');
    expect((await client.session('full-disk')).lastTurnNumber).toBe(2);

    expect(await apiError(client.discard({ kind: 'tool_log', content: 'GET /flights took 812 ms' }))).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(droppedLines(await client.metrics())).toBeGreaterThan(0);

    // SIGTERM's path: the queued re-confirmation is written, the socket removed, and stop reports success (exit 0).
    daemon.daemon.services.facts.reconfirmLater([helix.id], clock.now());
    client.close();
    expect(await daemon.daemon.stop('SIGTERM')).toEqual({ clean: true });
    expect(existsSync(config.socketPath)).toBe(false);
    const database = openDatabase(config.dbPath);
    try {
      const row = database.sqlite.prepare('select last_confirmed_at as at from facts where id = ?').get(helix.id) as { at: number };
      expect(row.at).toBe(clock.now());
    } finally {
      database.close();
    }
  });
});
