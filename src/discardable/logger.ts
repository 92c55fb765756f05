import pino, { type Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { LogLevel } from '../config/config.js';
import { SETTINGS } from '../config/settings.js';
import { ensurePrivateDir } from '../lifecycle/private-dir.js';
import { HourlyLogStream, logFileHour, type HourlyLogStreamOptions } from './log-files.js';

export type { Logger } from 'pino';

/**
 * The process logger and the file stream behind it (closed last at shutdown). Logging
 * never throws: a line the files cannot take is dropped and counted (`HourlyLogStream`).
 */
export interface LogSink {
  logger: Logger;
  files: HourlyLogStream;
  /** Whether a line of `level` goes to the files (MEMORYD_LOG_LEVEL, whatever `verbose` prints). */
  writesLevel(level: 'info' | 'warn'): boolean;
}

/** The log field that holds a discardable record's text (see `discard`): the files get it; stdout never. */
export const CONTENT_FIELD = 'content';

/**
 * NDJSON logs into hourly files under the logs dir: the discardable tier's home, never
 * read back into a prompt. Warnings and errors also go to stderr, but a discardable
 * record's. `verbose` also prints debug lines to stdout, each without its
 * `content`: stdout outlives the 24 h files (a terminal's scrollback, systemd's journal),
 * so a record's text goes to the files only. A logs dir this user cannot make or write in
 * throws `UnusablePathError` naming MEMORYD_LOGS_DIR, and one other users can write in is
 * refused (or tightened, when it holds nothing but memoryd's log files) as the data dir is:
 * another user could swap the hour's file for a link. Once started, a failing write never throws.
 */
export function createLogger(options: {
  logsDir: string;
  level: LogLevel;
  verbose: boolean;
  clock: Clock;
  files?: HourlyLogStreamOptions;
  /** Where warnings and errors also go (process.stderr; tests give their own). */
  stderr?: { write(line: string): unknown };
}): LogSink {
  ensurePrivateDir(options.logsDir, {
    setting: SETTINGS.logsDir.env,
    label: 'logs dir',
    holds: 'the log files',
    ownNames: (name) => logFileHour(name) !== null,
    forbid: 'write',
  });
  const files = new HourlyLogStream(options.logsDir, options.clock, options.files);
  const fileLevel = options.level;
  const { values } = pino.levels;
  const writesLevel = (level: 'info' | 'warn'): boolean => fileLevel !== 'silent' && (values[level] ?? 0) >= (values[fileLevel] ?? Number.POSITIVE_INFINITY);
  const toFiles = { level: fileLevel === 'silent' ? 'fatal' : fileLevel, stream: files } as const;
  // Warnings and errors of the daemon also go to stderr, which outlives the 24 h files (the
  // journal): an operator finds Saturday's full disk on Monday. Never a discardable record.
  const toStderr = { level: 'warn', stream: withoutDiscardable(options.stderr ?? process.stderr) } as const;
  if (!options.verbose) {
    const level = fileLevel === 'silent' || (values[fileLevel] ?? 0) > (values.warn ?? 0) ? 'warn' : fileLevel;
    return { logger: pino({ level, base: { pid: process.pid } }, pino.multistream([toFiles, toStderr])), files, writesLevel };
  }
  // --verbose prints every line on stdout (warnings and errors too), so not on stderr again.
  const streams = pino.multistream([toFiles, { level: 'debug', stream: withoutContent(process.stdout) }]);
  return { logger: pino({ level: 'debug', base: { pid: process.pid } }, streams), files, writesLevel };
}

// A stream that writes every line but a discardable record's (the discardable tier is the
// 24 h files' alone) and one marked OFF_STDERR.
function withoutDiscardable(out: { write(line: string): unknown }): { write(line: string): void } {
  return {
    write: (line) => {
      if (!line.includes(DISCARDABLE_PART) && !line.includes(OFF_STDERR_FIELD)) out.write(line);
    },
  };
}

const DISCARDABLE_PART = '"part":"discardable"';

/**
 * Fields of a warning that stays in the log files and off stderr, the journal, which is for
 * what an operator must mend, said once: one about a request's own state that may come on
 * every call ("prompt usage crossed a threshold"; the metrics count those), or one the
 * command has already written on stderr in words.
 */
export const OFF_STDERR = { offStderr: true } as const;
const OFF_STDERR_FIELD = '"offStderr":true';

// A stream that writes each NDJSON line with its `content` replaced by a note of its length.
function withoutContent(out: { write(line: string): unknown }): { write(line: string): void } {
  return {
    write: (line) => {
      if (!line.includes(`"${CONTENT_FIELD}"`)) {
        out.write(line);
        return;
      }
      const entry = JSON.parse(line) as Record<string, unknown>;
      const content = entry[CONTENT_FIELD];
      if (typeof content === 'string') entry[CONTENT_FIELD] = `[${content.length} characters, in the log files only]`;
      else delete entry[CONTENT_FIELD];
      out.write(`${JSON.stringify(entry)}\n`);
    },
  };
}

/**
 * A logger that writes nothing, for a command that runs on when its log files cannot be
 * made (it says so itself, naming the logs dir, and its exit code tells).
 */
export function noLogger(): Logger {
  return pino({ level: 'silent' });
}
