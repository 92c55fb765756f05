import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { captureProcessOutput } from '../helpers/process-output.js';
import { apiError } from '../helpers/serve-routes.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { droppedLines, logLines } from './full-disk.js';

// A real daemon whose logs dir is deleted, then replaced by a file, while it runs (`rm -rf data/logs`):
// a discardable record is written in a logs dir made anew, or refused when none can be made.
let started: TestDaemon | null = null;

afterAll(() => started?.stop());

describe('a daemon whose logs dir is taken from under it', () => {
  it('writes a discardable record into a logs dir made anew, refuses one where a file stands in its place (503 naming logs), and drops ordinary lines there', async () => {
    const clock = new ManualClock(Date.UTC(2026, 11, 27, 3, 10));
    started = await startTestDaemon({ clock });
    const { client, config } = started;
    await client.discard({ kind: 'other', content: 'before the logs dir was deleted' });

    rmSync(config.logsDir, { recursive: true });
    expect(await client.discard({ kind: 'other', content: 'after it was deleted' })).toEqual({ discarded: true, logged: true, errorRecorded: false });
    expect(logLines(config.logsDir).map((line) => line.content)).toContain('after it was deleted');

    rmSync(config.logsDir, { recursive: true });
    writeFileSync(config.logsDir, 'not a folder');
    const { stderr } = await captureProcessOutput(async () => {
      const refused = await apiError(client.discard({ kind: 'other', content: 'where a file stands' }));
      expect(refused).toMatchObject({ status: 503, code: 'UNAVAILABLE', details: { down: ['logs'] } });
      clock.advance(1000);
      const before = droppedLines(await client.metrics());
      await client.metrics();
      expect(droppedLines(await client.metrics())).toBeGreaterThan(before);
    });
    expect(stderr.match(/^memoryd: cannot write to the log files in .*$/gm)).toEqual([expect.stringContaining(config.logsDir)]);

    rmSync(config.logsDir);
    expect((await client.discard({ kind: 'other', content: 'once the file is gone' })).logged).toBe(true);
    expect(readdirSync(config.logsDir)).toHaveLength(1);
    expect(logLines(config.logsDir).map((line) => line.content)).toContain('once the file is gone');
  });
});
