import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { HOUR_MS } from '../clock.js';
import { logFileHour, logFileName } from './log-files.js';

export interface LogExpiryOptions {
  ttlMs: number;
  /** The file the logger is writing, if known; never deleted. */
  currentFile?: string | null;
}

/**
 * Deletes the memoryd log files of `dir` whose newest line is older than the TTL, and
 * returns their names. A line of `memoryd-…T13.ndjson` was written during that hour by
 * the logger's clock and no later than the file's mtime, so a file goes only when both
 * the end of its hour and its mtime are at least `ttlMs` old — a clock set back, or a
 * file appended late, keeps it. Never touched: the file of the current hour (the logger
 * may be writing it), `currentFile`, and anything that is not a memoryd log or not a
 * regular file (symlinks included).
 */
export function expireLogFiles(dir: string, now: number, options: LogExpiryOptions): string[] {
  const cutoff = now - options.ttlMs;
  const currentName = logFileName(now);
  const deleted: string[] = [];
  for (const name of listDir(dir)) {
    const hour = logFileHour(name);
    if (hour === null || name === currentName) continue;
    const path = join(dir, name);
    if (path === options.currentFile) continue;
    const stats = lstatIfPresent(path);
    if (!stats?.isFile()) continue;
    if (hour + HOUR_MS > cutoff || stats.mtimeMs > cutoff) continue;
    if (unlinkIfPresent(path)) deleted.push(name);
  }
  return deleted.sort();
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    // No logs dir yet means nothing to expire; any other failure is the caller's to report.
    if (isCode(error, 'ENOENT')) return [];
    throw error;
  }
}

function lstatIfPresent(path: string): ReturnType<typeof lstatSync> | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
}

function unlinkIfPresent(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch (error) {
    // Already gone (deleted by hand or by a concurrent run): the goal is met.
    if (isCode(error, 'ENOENT')) return false;
    throw error;
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
