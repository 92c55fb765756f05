import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import { HourlyLogStream, logFileName, type HourlyLogStreamOptions } from '../../src/discardable/log-files.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { diskWithRoom, logLines, logText } from './full-disk.js';

const START = Date.UTC(2026, 10, 22, 9);

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
});
afterEach(() => {
  stream.close();
  temp.remove();
});

function open(options: HourlyLogStreamOptions = {}): HourlyLogStream {
  stream = new HourlyLogStream(logsDir, clock, { notice: (text) => notices.push(text), ...options });
  return stream;
}

const line = (n: number, size = 0): string => `${JSON.stringify({ n, pad: 'x'.repeat(size) })}\n`;

describe('HourlyLogStream on a disk that fails', () => {
  it('cuts a line the disk took only in part back off, so the file holds whole lines only', () => {
    const room = { free: 4096 };
    const files = open({ writeSync: diskWithRoom(room) });
    files.write(line(1));
    const before = statSync(join(logsDir, logFileName(START))).size;

    expect(() => files.write(line(2, 6000))).not.toThrow();
    expect(statSync(join(logsDir, logFileName(START))).size).toBe(before);
    expect(files.droppedLines).toBe(1);

    room.free = Infinity;
    files.write(line(3));
    expect(logLines(logsDir).map((entry) => entry.n)).toEqual([1, 3]);
  });

  it('drops a line the disk refuses without throwing, counts it, and says so on stderr once, not per line', () => {
    const files = open({ writeSync: diskWithRoom({ free: 0 }) });
    const counted: number[] = [];
    expect(() => {
      files.write(line(1));
      files.write(line(2));
    }).not.toThrow();
    files.onDropped((lines) => counted.push(lines));
    files.write(line(3));

    expect(files.droppedLines).toBe(3);
    // Lines dropped before anyone listened (the metrics come after the logger) are told at once.
    expect(counted).toEqual([2, 1]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('ENOSPC');
    expect(notices[0]).toContain('memoryd_log_lines_dropped_total');
  });

  it('retries an hour file that cannot be opened at the next line, and makes a deleted logs dir again', () => {
    const files = open();
    files.write(line(1));
    // The logs dir replaced by a file: the next hour's file cannot be opened.
    rmSync(logsDir, { recursive: true });
    writeFileSync(logsDir, 'not a folder');
    clock.advance(HOUR_MS);
    expect(() => files.write(line(2))).not.toThrow();
    expect(files.droppedLines).toBe(1);
    expect(files.currentFile).toBeNull();

    rmSync(logsDir);
    files.write(line(3));
    expect(existsSync(join(logsDir, logFileName(clock.now())))).toBe(true);
    expect(logLines(logsDir).map((entry) => entry.n)).toEqual([3]);
    expect(notices).toHaveLength(1);
  });

  it('returns why a required line was not written, and does not count it as dropped', () => {
    const room = { free: 100 };
    const files = open({ writeSync: diskWithRoom(room) });
    expect(files.requireLines(() => files.write(line(1)))).toBeNull();
    const failed = files.requireLines(() => files.write(line(2, 500)));
    expect(failed?.message).toContain('ENOSPC');
    expect(files.droppedLines).toBe(0);
    expect(logText(logsDir)).toBe(line(1));
    // Outside requireLines a failing line is dropped and counted as usual.
    files.write(line(3, 500));
    expect(files.droppedLines).toBe(1);
  });
});

describe('HourlyLogStream', () => {
  it('writes each line to the file of its UTC hour', () => {
    mkdirSync(logsDir);
    const files = open();
    files.write(line(1));
    clock.advance(HOUR_MS);
    files.write(line(2));
    expect(files.currentFile).toBe(join(logsDir, logFileName(START + HOUR_MS)));
    // One file per hour, each holding its own line.
    expect(readdirSync(logsDir).sort()).toEqual([logFileName(START), logFileName(START + HOUR_MS)]);
    expect(readFileSync(join(logsDir, logFileName(START)), 'utf8')).toBe(line(1));
    expect(readFileSync(join(logsDir, logFileName(START + HOUR_MS)), 'utf8')).toBe(line(2));
    expect(logLines(logsDir).map((entry) => entry.n)).toEqual([1, 2]);
    expect(files.droppedLines).toBe(0);
    expect(notices).toEqual([]);
  });
});

const numbers = (): unknown[] => logLines(logsDir).map((entry) => entry.n);

// The logs dir, or the hour's file, deleted or replaced while the stream holds the file open:
// a write to the open file would succeed and the line be lost with it.
describe('HourlyLogStream whose file is taken from under it', () => {
  beforeEach(() => {
    open();
  });

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
