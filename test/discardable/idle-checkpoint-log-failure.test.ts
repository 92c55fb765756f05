import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { createLogger } from '../../src/discardable/logger.js';
import { openDatabase } from '../../src/storage/database.js';
import { IdleCheckpointer } from '../../src/storage/idle-checkpointer.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { diskWithRoom } from './full-disk.js';

const temp = makeTempDir();
afterEach(() => {
  vi.useRealTimers();
  temp.remove();
});

describe('the idle checkpointer on a full disk', () => {
  it('logs a failed checkpoint from its timer without throwing when the log line cannot be written', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const logsDir = join(temp.dir, 'logs');
    const sink = createLogger({ logsDir, level: 'info', verbose: false, clock, files: { writeSync: diskWithRoom({ free: 0 }), notice: () => {} } });
    const database = openDatabase(join(temp.dir, 'memoryd.db'));
    const checkpointer = new IdleCheckpointer(database, sink.logger, 1000);
    // A database that can no longer checkpoint: the checkpointer logs a warning from its timer.
    database.close();
    checkpointer.noteActivity();

    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
    expect(sink.files.droppedLines).toBe(1);
    checkpointer.stop();
    sink.files.close();
  });
});
