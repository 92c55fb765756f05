import pino, { type Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { LogLevel } from '../config/config.js';
import { HourlyLogStream } from './log-files.js';

export type { Logger } from 'pino';

/** The process logger and the file stream behind it (closed last at shutdown). */
export interface LogSink {
  logger: Logger;
  files: HourlyLogStream;
}

/**
 * NDJSON logs into hourly files under the logs dir: the discardable tier's home, never
 * read back into a prompt. `verbose` also prints debug lines to stdout.
 */
export function createLogger(options: { logsDir: string; level: LogLevel; verbose: boolean; clock: Clock }): LogSink {
  const files = new HourlyLogStream(options.logsDir, options.clock);
  const fileLevel = options.level;
  if (!options.verbose) {
    return { logger: pino({ level: fileLevel, base: { pid: process.pid } }, files), files };
  }
  const streams = pino.multistream([
    { level: fileLevel === 'silent' ? 'fatal' : fileLevel, stream: files },
    { level: 'debug', stream: process.stdout },
  ]);
  return { logger: pino({ level: 'debug', base: { pid: process.pid } }, streams), files };
}
