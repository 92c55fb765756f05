import type { Clock } from '../clock.js';
import type { Db } from '../storage/database.js';
import { recordError, type ErrorSummary } from './error-log.js';
import { CONTENT_FIELD, type Logger } from './logger.js';

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

/**
 * Writes the record as ONE line of the discardable logs (24 h, deleted by the TTL
 * cleanup) and nothing else: never the database, never anything a prompt is built from.
 */
export function discard(logger: Logger, record: DiscardRecord): void {
  const log = logger.child({ part: 'discardable', kind: record.kind, sessionId: record.sessionId ?? null });
  const fields = { toolName: record.toolName ?? undefined, tokens: record.tokens ?? undefined, [CONTENT_FIELD]: record.content };
  if (ERROR_KINDS.has(record.kind)) log.warn(fields, 'discardable record');
  else log.info(fields, 'discardable record');
}

/** The sessions' output validity, as a failed parse reports it (the conversation tier's `markOutputInvalid`). */
export interface OutputValidity {
  markInvalid(sessionId: string): void;
}

export interface DiscardDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  outputs: OutputValidity;
}

/**
 * `POST /v1/discard`: logs the record (see `discard`); a failed parse of a session marks
 * its output invalid, so the next prompt re-injects the format instructions (spec §3;
 * only that flag reaches a prompt, never the record); and a failed parse or a stack trace
 * that carries an error summary records the summary for `lastErrorForRetry`.
 */
export function acceptDiscardable(deps: DiscardDeps, record: DiscardRecord): { discarded: true; errorRecorded: boolean } {
  discard(deps.logger, record);
  const sessionId = record.sessionId ?? null;
  if (record.kind === 'parse_failure' && sessionId !== null) deps.outputs.markInvalid(sessionId);
  const summary = record.error ?? null;
  if (summary === null || !ERROR_KINDS.has(record.kind)) return { discarded: true, errorRecorded: false };
  recordError(deps.db, { sessionId, ...summary }, deps.clock.now());
  return { discarded: true, errorRecorded: true };
}
