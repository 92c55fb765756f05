import type { ConversationStore } from '../storage/conversation-store.js';
import type { Database } from '../storage/database.js';
import { runInTransaction } from '../storage/transaction.js';

/**
 * Records that the session's latest output failed to parse (a `parse_failure` handed to
 * the discardable logs): like an answer recorded with `outputValid: false`, it brings the
 * format instructions back into the next prompt (spec §3). Only the flag is kept, never
 * the failure's content. A session that does not exist yet is left alone: a new session
 * gets the format instructions anyway. Returns whether a session was marked.
 */
export function markOutputInvalid(deps: { store: ConversationStore; database: Database }, sessionId: string): boolean {
  return runInTransaction(deps.database, () => {
    const session = deps.store.findSession(sessionId);
    if (session === undefined) return false;
    if (session.lastOutputValid !== false) deps.store.updateSession(sessionId, { lastOutputValid: false });
    return true;
  });
}
