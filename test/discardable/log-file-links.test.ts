import { execFileSync } from 'node:child_process';
import { chownSync, closeSync, constants, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import { HourlyLogStream, logFileName } from '../../src/discardable/log-files.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { apiError } from '../helpers/serve-routes.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { droppedLines, logLines, plantLinkAt } from './full-disk.js';

// Another user who can write in the logs dir puts a link, a FIFO or a file of their own
// where the hour's log file goes: the daemon must never append to what it names.
const START = Date.UTC(2026, 10, 22, 9);
const VICTIM_TEXT = 'the victim file, as it was\n';
const asRoot = process.getuid?.() === 0;

let temp: { dir: string; remove: () => void };
let logsDir: string;
let victim: string;
let clock: ManualClock;
let notices: string[];
let stream: HourlyLogStream | null;

beforeEach(() => {
  temp = makeTempDir();
  logsDir = join(temp.dir, 'logs');
  victim = join(temp.dir, 'victim.txt');
  writeFileSync(victim, VICTIM_TEXT);
  clock = new ManualClock(START);
  notices = [];
  stream = null;
});
afterEach(() => {
  stream?.close();
  temp.remove();
});

function open(): HourlyLogStream {
  stream = new HourlyLogStream(logsDir, clock, { notice: (text) => notices.push(text) });
  return stream;
}

const line = (n: number): string => `${JSON.stringify({ n, content: 'SECRET-DISCARDABLE' })}\n`;

describe('HourlyLogStream where the hour’s file is not its own', () => {
  it('never appends through a link planted at the hour’s name: the line is dropped, counted and the link named', () => {
    const link = plantLinkAt(logsDir, START, victim);
    const files = open();
    files.write(line(1));

    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(files.droppedLines).toBe(1);
    expect(files.currentFile).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`${link} is a symbolic link, which memoryd never writes its log lines through`);
    // A discardable record, whose line is required, is refused with the same reason.
    expect(files.requireLines(() => files.write(line(2)))?.message).toContain('is a symbolic link');
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
  });

  it('notices a link swapped in for the open file and refuses it, then writes again once a real file is back', () => {
    const files = open();
    files.write(line(1));
    const path = join(logsDir, logFileName(START));
    renameSync(path, join(temp.dir, 'moved.ndjson'));
    plantLinkAt(logsDir, START, victim);
    clock.advance(1000);
    files.write(line(2));
    expect(files.requireLines(() => files.write(line(3)))?.message).toContain('is a symbolic link');

    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(files.droppedLines).toBe(1);

    rmSync(path);
    files.write(line(4));
    expect(logLines(logsDir).map((entry) => entry.n)).toEqual([4]);
  });

  it('neither writes into a FIFO put at the hour’s name nor waits on one that has no reader: the lines are dropped', () => {
    mkdirSync(logsDir);
    const fifo = join(logsDir, logFileName(START));
    execFileSync('mkfifo', [fifo]);
    const files = open();
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      files.write(line(1));
      expect(readSync(reader, Buffer.alloc(256))).toBe(0);
    } finally {
      closeSync(reader);
    }
    expect(notices[0]).toContain(`${fifo} is not a regular file`);
    // Without a reader, opening it for writing would wait for one: the daemon would hang.
    files.write(line(2));
    expect(files.droppedLines).toBe(2);
    expect(files.currentFile).toBeNull();
  });

  it.runIf(asRoot)('does not append to a file of another user at the hour’s name, who could read it', () => {
    const files = open();
    const path = join(logsDir, logFileName(START));
    writeFileSync(path, '', { mode: 0o666 });
    chownSync(path, 65534, 65534);
    files.write(line(1));
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(files.droppedLines).toBe(1);
    expect(notices[0]).toContain(`${path} belongs to another user (uid 65534)`);
  });
});

const defer = cleanupAfterEach();

describe('a daemon whose hour’s log file is a planted link', () => {
  it('refuses a discardable record with 503 naming logs, appends nothing to the file the link names, and counts its dropped lines', async () => {
    const clock = new ManualClock(START);
    const said: string[] = [];
    const daemon = await startTestDaemon({ clock, logFiles: { notice: (text) => said.push(text) } });
    defer(() => daemon.stop());
    const { client, config } = daemon;
    const target = join(daemon.dir, 'not-a-log.txt');
    writeFileSync(target, VICTIM_TEXT);
    // The next hour's name, so that the daemon opens it only once the link is there.
    plantLinkAt(config.logsDir, START + HOUR_MS, target);
    clock.advance(HOUR_MS);

    const refused = await apiError(client.discard({ kind: 'tool_log', content: 'SECRET-DISCARDABLE tool output' }));
    expect(refused).toMatchObject({ status: 503, code: 'UNAVAILABLE', details: { down: ['logs'] } });
    expect(refused.message).toContain('is a symbolic link');
    expect(droppedLines(await client.metrics())).toBeGreaterThan(0);
    expect(said.join('')).toContain('is a symbolic link');
    expect(readFileSync(target, 'utf8')).toBe(VICTIM_TEXT);
  });
});
