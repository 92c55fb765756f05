import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, mkdirSync, openSync, writeSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../clock.js';
import { messageOf } from '../errors.js';

const FILE_PATTERN = /^memoryd-(\d{4})(\d{2})(\d{2})T(\d{2})\.ndjson$/;

// How long an ordinary line trusts that the open file is still the one at its path (one stat
// of the path then, not one per line: a request may log many lines).
const IDENTITY_CHECK_MS = 1000;

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

/** Writes up to `length` bytes of `buffer` from `offset` to `fd` and returns how many it wrote, as node's `writeSync` does. */
export type WriteBytes = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

export interface HourlyLogStreamOptions {
  /** The one write call the stream makes (node's `writeSync`); tests pass one that fills up like a full disk. */
  writeSync?: WriteBytes;
  /** Where the stream says, once, that it drops lines (stderr: the log files are what failed). */
  notice?: (text: string) => void;
}

/**
 * A pino destination writing NDJSON lines into hourly files under the logs dir. Writes
 * are synchronous so the lines before a crash are on disk; the file rotates on the
 * first write of a new hour (by the injected clock).
 *
 * An open file that is no longer the one at its path (deleted, or its logs dir deleted or
 * replaced under the daemon) is noticed and the hour's file opened anew, re-making a deleted
 * logs dir: before a line at most a second after the last look (by the injected clock), and
 * before every line of `requireLines`.
 *
 * The hour's file is never opened through a symbolic link, nor used when it is not a regular
 * file of this user's (see `openLogFile`): that is a line that cannot be written.
 *
 * Logging is best-effort and never throws into the code that logged: a line that cannot
 * be written (a full disk, a file that cannot be opened, a file where the logs dir was) is
 * dropped, counted (`droppedLines`, `onDropped`) and, the first time only, named on stderr;
 * the next line tries again (re-making a deleted logs dir and reopening the hour's file).
 * A file only ever holds whole lines: a line written in part is cut off again (see
 * `append`). A caller whose request IS its line (a discardable record) uses `requireLines`
 * instead.
 */
export class HourlyLogStream {
  private fd: number | null = null;
  private fileName = '';
  /** The open file's device and inode, to tell whether it is still the one at its path. */
  private identity: { dev: bigint; ino: bigint } | null = null;
  /** When the open file was last found at its path (opened or looked at). */
  private checkedAt = 0;
  private dropped = 0;
  private dropListener: ((lines: number) => void) | null = null;
  private noticed = false;
  /** Set while `requireLines` runs: the first write error of its lines. */
  private required: { error: Error | null } | null = null;
  /** A line was left in part (it could not be cut off): the next one starts on a line of its own. */
  private torn = false;
  private readonly writeBytes: WriteBytes;
  private readonly notice: (text: string) => void;

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    options: HourlyLogStreamOptions = {},
  ) {
    this.writeBytes = options.writeSync ?? writeSync;
    this.notice = options.notice ?? ((text) => process.stderr.write(text));
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  write(line: string): void {
    try {
      const now = this.clock.now();
      const name = logFileName(now);
      const fd = name === this.fileName && this.fd !== null && this.stillAtItsPath(now) ? this.fd : this.open(name, now);
      this.append(fd, Buffer.from(this.torn ? `\n${line}` : line));
      this.torn = false;
    } catch (error) {
      this.drop(error instanceof Error ? error : new Error(messageOf(error)));
    }
  }

  /**
   * Runs `log`, whose lines the caller needs written, and returns why the first of them
   * could not be, or null when all were. Those lines are not counted as dropped: the
   * caller refuses its request instead.
   */
  requireLines(log: () => void): Error | null {
    const outer = this.required;
    const required: { error: Error | null } = { error: null };
    this.required = required;
    try {
      log();
    } finally {
      this.required = outer;
    }
    return required.error;
  }

  /** Lines dropped so far because they could not be written. */
  get droppedLines(): number {
    return this.dropped;
  }

  /** Tells `listener` how many lines were dropped so far (if any), then of each dropped line (the metrics exist only after the logger). */
  onDropped(listener: (lines: number) => void): void {
    this.dropListener = listener;
    if (this.dropped > 0) listener(this.dropped);
  }

  /** The file being written, if any (the TTL cleanup never deletes it). */
  get currentFile(): string | null {
    return this.fd === null ? null : join(this.dir, this.fileName);
  }

  /** Closes the file; never throws (a failed close loses no line that was written). */
  close(): void {
    const fd = this.fd;
    this.fd = null;
    this.identity = null;
    if (fd === null) return;
    try {
      closeSync(fd);
    } catch (error) {
      this.say(`memoryd: closing the log file ${join(this.dir, this.fileName)} failed: ${messageOf(error)}\n`);
    }
  }

  private open(name: string, now: number): number {
    this.close();
    this.fileName = name;
    // Re-made if it was deleted under the daemon: logging resumes instead of dropping every line until a restart.
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const opened = openLogFile(join(this.dir, name));
    this.fd = opened.fd;
    this.identity = { dev: opened.dev, ino: opened.ino };
    this.checkedAt = now;
    this.torn = false;
    return this.fd;
  }

  // Whether the open file is still the one at its path: a line written to a deleted file (or
  // one in a deleted or replaced logs dir) is lost although the write succeeds. Ordinary lines
  // trust a look made less than IDENTITY_CHECK_MS before or after now (the clock may be set
  // back); a required line is always looked for.
  private stillAtItsPath(now: number): boolean {
    if (this.required === null && Math.abs(now - this.checkedAt) < IDENTITY_CHECK_MS) return true;
    let there: BigIntStats | undefined;
    try {
      // lstat: a link put in the file's place is not the file, even one to it (reopening refuses it).
      there = lstatSync(join(this.dir, this.fileName), { bigint: true, throwIfNoEntry: false });
    } catch {
      // Not there as a file (ENOTDIR: a file where the logs dir was): reopening says why, or finds it.
      return false;
    }
    if (there === undefined || there.dev !== this.identity?.dev || there.ino !== this.identity.ino) return false;
    this.checkedAt = now;
    return true;
  }

  // All of `bytes` or nothing: after a short write (a disk filling up) the file is cut back
  // to where the line began, so it holds whole lines only and a refused discardable record
  // leaves none of its content behind. Starting the next line on a fresh line instead would
  // keep the fragment, an unparseable line, for 24 h; that is the fallback should the cut fail.
  private append(fd: number, bytes: Buffer): void {
    let written = 0;
    try {
      while (written < bytes.length) {
        const wrote = this.writeBytes(fd, bytes, written, bytes.length - written);
        if (wrote <= 0) throw new Error(`the log file took no bytes of a ${bytes.length}-byte line`);
        written += wrote;
      }
    } catch (error) {
      if (written > 0) this.cutBack(fd, written);
      throw error;
    }
  }

  // The file is opened for appending and this stream is its only writer, so the torn line is its last `written` bytes.
  private cutBack(fd: number, written: number): void {
    try {
      ftruncateSync(fd, fstatSync(fd).size - written);
    } catch {
      // Handled, not lost: the fragment stays, and the next line starts on a line of its own.
      this.torn = true;
    }
  }

  private drop(error: Error): void {
    if (this.required !== null) this.required.error ??= error;
    else {
      this.dropped += 1;
      this.dropListener?.(1);
    }
    if (!this.noticed) {
      this.noticed = true;
      this.say(
        `memoryd: cannot write to the log files in ${this.dir} (${error.message}); lines that cannot be written are dropped ` +
          '(memoryd_log_lines_dropped_total counts them) and discardable records refused. Said once, not per line.\n',
      );
    }
  }

  private say(text: string): void {
    try {
      this.notice(text);
    } catch {
      // stderr is the last place left to report on; nothing remains to tell that it failed.
    }
  }
}

// Appending, creating the file 0600, never through a symbolic link at its name (O_NOFOLLOW:
// another user who can write in the logs dir could otherwise point the hour's name at any
// file this user may write, and have discardable content appended to it), and never waiting
// on a FIFO put there (O_NONBLOCK: ENXIO instead; a regular file ignores the flag). A file
// that is not a regular one, or is another user's (who could read what is appended), is
// closed unwritten and refused.
function openLogFile(path: string): { fd: number; dev: bigint; ino: bigint } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o600);
  } catch (error) {
    // ELOOP (EMLINK on FreeBSD) is also a loop of links on the way to the logs dir: only a link at the name is said so.
    if (isLink(path)) throw new Error(`${path} is a symbolic link, which memoryd never writes its log lines through`, { cause: error });
    throw error;
  }
  const stats = fstatSync(fd, { bigint: true });
  const uid = process.getuid?.();
  const problem = !stats.isFile() ? 'is not a regular file' : uid !== undefined && stats.uid !== BigInt(uid) ? `belongs to another user (uid ${stats.uid})` : null;
  if (problem !== null) {
    closeSync(fd);
    throw new Error(`${path} ${problem}, so memoryd does not write its log lines into it`);
  }
  return { fd, dev: stats.dev, ino: stats.ino };
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
