import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../clock.js';

const FILE_PATTERN = /^memoryd-(\d{4})(\d{2})(\d{2})T(\d{2})\.ndjson$/;

/** `memoryd-20261122T01.ndjson`: one file per UTC hour, so expiry can delete whole files. */
export function logFileName(time: number): string {
  const iso = new Date(time).toISOString();
  return `memoryd-${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}.ndjson`;
}

/** The start of the hour a log file covers, or null for files that are not memoryd logs. */
export function logFileHour(name: string): number | null {
  const match = FILE_PATTERN.exec(name);
  if (!match) return null;
  const [, year, month, day, hour] = match;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour));
}

/**
 * A pino destination writing NDJSON lines into hourly files under the logs dir. Writes
 * are synchronous so the lines before a crash are on disk; the file rotates on the
 * first write of a new hour (by the injected clock).
 */
export class HourlyLogStream {
  private fd: number | null = null;
  private fileName = '';

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  write(line: string): void {
    const name = logFileName(this.clock.now());
    if (name !== this.fileName || this.fd === null) this.rotate(name);
    if (this.fd !== null) writeSync(this.fd, line);
  }

  /** The file being written, if any (the TTL cleanup never deletes it). */
  get currentFile(): string | null {
    return this.fd === null ? null : join(this.dir, this.fileName);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private rotate(name: string): void {
    this.close();
    this.fileName = name;
    this.fd = openSync(join(this.dir, name), 'a', 0o600);
  }
}
