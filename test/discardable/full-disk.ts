import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { logFileName, type WriteBytes } from '../../src/discardable/log-files.js';

/**
 * Puts a symbolic link to `target` where the log file of the hour holding `time` goes, as
 * another user who can write in the logs dir could: the logger must never write through it.
 */
export function plantLinkAt(logsDir: string, time: number, target: string): string {
  mkdirSync(logsDir, { recursive: true });
  const path = join(logsDir, logFileName(time));
  symlinkSync(target, path);
  return path;
}

/**
 * The stream's write call on a disk with `room.free` bytes left: node's own writeSync
 * writes what fits (a short write, as write(2) makes when the disk fills up mid-line),
 * then fails with ENOSPC. Set `room.free` to free space again.
 */
export function diskWithRoom(room: { free: number }): WriteBytes {
  return (fd, buffer, offset, length) => {
    if (room.free <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    const wrote = writeSync(fd, buffer, offset, Math.min(length, room.free));
    room.free -= wrote;
    return wrote;
  };
}

/** The text of every regular memoryd log file under `logsDir`, oldest hour first. */
export function logText(logsDir: string): string {
  return readdirSync(logsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ndjson'))
    .map((entry) => entry.name)
    .sort()
    .map((name) => readFileSync(join(logsDir, name), 'utf8'))
    .join('');
}

/** Every line of the log files, parsed: throws on a line that is not whole JSON. */
export function logLines(logsDir: string): Array<Record<string, unknown>> {
  const text = logText(logsDir);
  if (text !== '' && !text.endsWith('\n')) throw new Error(`the log files end in the middle of a line: …${text.slice(-80)}`);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** memoryd_log_lines_dropped_total in a /metrics text; the counter must be listed (with no sample yet it reads 0). */
export function droppedLines(metrics: string): number {
  expect(metrics).toContain('# TYPE memoryd_log_lines_dropped_total counter');
  return Number(/^memoryd_log_lines_dropped_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
}
