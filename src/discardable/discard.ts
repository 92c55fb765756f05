import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { Database } from '../storage/database.js';
import { runInTransaction } from '../storage/transaction.js';
import { recordError, type ErrorSummary } from './error-log.js';
import { CONTENT_FIELD, type LogSink } from './logger.js';
import { maskSecrets } from './secret-mask.js';

export const DISCARD_KINDS = ['tool_log', 'parse_failure', 'intermediate', 'stack_trace', 'response_tokens', 'other'] as const;
export type DiscardKind = (typeof DISCARD_KINDS)[number];

/** Kinds that may also leave a short error summary for the next retry. */
export const ERROR_KINDS: ReadonlySet<DiscardKind> = new Set<DiscardKind>(['parse_failure', 'stack_trace']);

/** Something the assistant hands memoryd to forget: tool logs, failed parses, traces, … */
export interface DiscardRecord {
  kind: DiscardKind;
  sessionId?: string | null;
  content: string;
  toolName?: string | null;
  /** For `response_tokens`: the token count of a response. */
  tokens?: number | null;
  /**
   * For `parse_failure` and `stack_trace`: a short summary kept in the `errors` table
   * (24 h) so a retry can be told what failed. Never the content itself.
   */
  error?: ErrorSummary | null;
}

/** The log files could not take a discardable record's line: nothing of it was kept, so the request is refused. */
export class DiscardUnwritableError extends AppError {
  constructor(cause: Error) {
    super('UNAVAILABLE', `the record could not be written to the log files (${cause.message}); nothing was recorded, retry later`, {
      cause,
      details: { down: ['logs'] },
    });
  }
}

/**
 * Writes the record as ONE line of the discardable logs (24 h, deleted by the TTL
 * cleanup) and nothing else: never the database, never anything a prompt is built from.
 * Its content's secret values (keys, tokens, card numbers, a password after its name) are
 * masked first (`maskSecrets`): a tool's log or a trace quotes them more often than not.
 * The line is the record, so unlike other log lines it is not dropped quietly: when the
 * files cannot take it (a full disk) this throws DiscardUnwritableError and none of it is
 * left in them. The line's level is `warn` for a failed parse or a stack trace, `info`
 * for the others; under a MEMORYD_LOG_LEVEL above it no line is written, by the
 * operator's choice, and this returns false (true when the line was written).
 */
export function discard(sink: LogSink, record: DiscardRecord): boolean {
  const level = ERROR_KINDS.has(record.kind) ? 'warn' : 'info';
  if (!sink.writesLevel(level)) return false;
  const log = sink.logger.child({ part: 'discardable', kind: record.kind, sessionId: record.sessionId ?? null });
  const fields = { toolName: record.toolName ?? undefined, tokens: record.tokens ?? undefined, [CONTENT_FIELD]: maskSecrets(record.content) };
  const failed = sink.files.requireLines(() => log[level](fields, 'discardable record'));
  if (failed !== null) throw new DiscardUnwritableError(failed);
  return true;
}

/** The sessions' output validity, as a failed parse reports it (the conversation tier's `markOutputInvalid`). */
export interface OutputValidity {
  markInvalid(sessionId: string): void;
}

export interface DiscardDeps {
  database: Database;
  clock: Clock;
  log: LogSink;
  outputs: OutputValidity;
}

/**
 * `POST /v1/discard`: logs the record (see `discard`); a failed parse of a session marks
 * its output invalid, so the next prompt re-injects the format instructions (spec §3;
 * only that flag reaches a prompt, never the record); and a failed parse or a stack trace
 * that carries an error summary records the summary for `lastErrorForRetry`. A record the
 * logs cannot take changes nothing (DiscardUnwritableError, before any of that).
 */
export function acceptDiscardable(deps: DiscardDeps, record: DiscardRecord): { discarded: true; logged: boolean; errorRecorded: boolean } {
  const logged = discard(deps.log, record);
  const sessionId = record.sessionId ?? null;
  if (record.kind === 'parse_failure' && sessionId !== null) deps.outputs.markInvalid(sessionId);
  const summary = record.error ?? null;
  if (summary === null || !ERROR_KINDS.has(record.kind)) return { discarded: true, logged, errorRecorded: false };
  runInTransaction(deps.database, () => recordError(deps.database.db, { sessionId, ...summary }, deps.clock.now()));
  return { discarded: true, logged, errorRecorded: true };
}
