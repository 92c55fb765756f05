import type { Db } from '../storage/database.js';
import { insertError, newestErrorSince } from '../storage/errors-repo.js';
import { maskSecrets } from './secret-mask.js';
import { DISCARDABLE_TTL_MS } from './ttl.js';

/** Longer messages are cut: a retry needs the gist, and traces belong in the logs. */
export const MAX_ERROR_MESSAGE_CHARS = 300;

/** A short, stable description of a failure (`{code: "JSON_PARSE", message: "…"}`). */
export interface ErrorSummary {
  code: string;
  message: string;
}

export interface LastError {
  code: string;
  message: string;
  at: number;
}

/**
 * Keeps the summary in the `errors` table (deleted after 24 h by the TTL cleanup), its
 * secret values masked (`maskSecrets`): an error's message often quotes the key or token
 * that failed, and a retry reads it back (`lastError`). Masked before the cut, so a cut
 * never leaves the head of a value that the mask would have caught whole.
 */
export function recordError(db: Db, error: ErrorSummary & { sessionId: string | null }, now: number): void {
  const readable = maskSecrets(error.message);
  const message = readable.length > MAX_ERROR_MESSAGE_CHARS ? `${readable.slice(0, MAX_ERROR_MESSAGE_CHARS - 1)}…` : readable;
  insertError(db, { sessionId: error.sessionId, code: maskSecrets(error.code), message, createdAt: now });
}

/**
 * The session's newest error of the last 24 h, or null. Spec §1.3: only the last error
 * is ever shown, and only when the request is a retry — callers surface it in response
 * metadata for a retry, never in a prompt's messages.
 */
export function lastErrorForRetry(db: Db, sessionId: string, now: number): LastError | null {
  const row = newestErrorSince(db, sessionId, now - DISCARDABLE_TTL_MS);
  return row ? { code: row.code, message: row.message, at: row.createdAt } : null;
}
