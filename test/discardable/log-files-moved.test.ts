import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { HourlyLogStream, logFileName } from '../../src/discardable/log-files.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { logLines } from './full-disk.js';

// The logs dir, or the hour's file, deleted or replaced while the stream holds the file open:
// a write to the open file would succeed and the line be lost with it.
const START = Date.UTC(2026, 10, 27, 3, 10);

let temp: { dir: string; remove: () => void };
let logsDir: string;
let clock: ManualClock;
let notices: string[];
let stream: HourlyLogStream;

beforeEach(() => {
  temp = makeTempDir();
  logsDir = join(temp.dir, 'logs');
  clock = new ManualClock(START);
  notices = [];
  stream = new HourlyLogStream(logsDir, clock, { notice: (text) => notices.push(text) });
});
afterEach(() => {
  stream.close();
  temp.remove();
});

const line = (n: number): string => `${JSON.stringify({ n })}\n`;
const numbers = (): unknown[] => logLines(logsDir).map((entry) => entry.n);

describe('HourlyLogStream whose file is taken from under it', () => {
  it('makes a deleted logs dir anew and writes on in it, a second after it last looked', () => {
    stream.write(line(1));
    rmSync(logsDir, { recursive: true });
    clock.advance(1000);
    stream.write(line(2));
    expect(existsSync(join(logsDir, logFileName(START)))).toBe(true);
    expect(numbers()).toEqual([2]);
    expect(stream.droppedLines).toBe(0);
    expect(notices).toEqual([]);
  });

  it('opens the hour’s file anew when the file alone was deleted', () => {
    stream.write(line(1));
    rmSync(join(logsDir, logFileName(START)));
    clock.advance(1000);
    stream.write(line(2));
    stream.write(line(3));
    expect(numbers()).toEqual([2, 3]);
  });

  it('looks before every required line, however soon after the last look', () => {
    stream.write(line(1));
    rmSync(logsDir, { recursive: true });
    expect(stream.requireLines(() => stream.write(line(2)))).toBeNull();
    expect(numbers()).toEqual([2]);
  });

  it('drops, counts and names once the lines it cannot write where a file has replaced the logs dir, then makes the dir anew once the file is gone', () => {
    stream.write(line(1));
    rmSync(logsDir, { recursive: true });
    writeFileSync(logsDir, 'not a folder');
    clock.advance(1000);
    expect(() => {
      stream.write(line(2));
      stream.write(line(3));
    }).not.toThrow();
    expect(stream.droppedLines).toBe(2);
    expect(stream.currentFile).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('memoryd_log_lines_dropped_total');

    // A required line is refused with the reason, not counted as dropped.
    expect(stream.requireLines(() => stream.write(line(4)))?.message).toMatch(/^EEXIST: .*mkdir/);
    expect(stream.droppedLines).toBe(2);

    rmSync(logsDir);
    stream.write(line(5));
    expect(numbers()).toEqual([5]);
    expect(notices).toHaveLength(1);
  });
});
