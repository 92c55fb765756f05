import { ConflictError, InvalidRequestError } from '../errors.js';
import type { TurnRow } from '../storage/conversation-store.js';

/**
 * Refuses a tool-call id that the session's live turns (window and open segment) already
 * use for another call: an assistant turn calling `toolCallId` while a turn with it is
 * still live, or a second result for it. The window keeps a call and its results as one
 * unit from the first turn with the id to the last, so a reused id would bind two calls
 * and everything between them (and the prompt would show them out of order). Once the
 * earlier call has been summarised, the id is free again.
 */
export function assertToolCallIdFree(live: readonly TurnRow[], role: 'assistant' | 'tool', toolCallId: string | undefined, field: string): void {
  if (toolCallId === undefined) return;
  const taken = live.find((turn) => turn.toolCallId === toolCallId && (role === 'assistant' || turn.role === 'tool'));
  if (taken === undefined) return;
  const what = taken.role === 'tool' ? 'already has a result' : 'is already the id of a call';
  throw new ConflictError(`${field}: tool call "${toolCallId}" ${what} in this session (turn ${taken.turnNumber}); use a new id for a new call`, {
    path: field,
    toolCallId,
    turnNumber: taken.turnNumber,
  });
}

/**
 * Refuses a result whose tool name differs from the one its call, still live in the
 * session, was made to: the prompt would show the result under the wrong tool. A call
 * that is not live, or was recorded without a name, leaves the name unchecked.
 */
export function assertToolNameMatches(live: readonly TurnRow[], toolCallId: string | undefined, toolName: string | undefined, field: string): void {
  if (toolCallId === undefined || toolName === undefined) return;
  const call = live.find((turn) => turn.role === 'assistant' && turn.toolCallId === toolCallId);
  if (call?.toolName == null || call.toolName === toolName) return;
  const message = `the call ${toolCallId} was made to tool ${call.toolName}`;
  throw new InvalidRequestError(`invalid request: ${field}: ${message}`, [{ path: field, message }]);
}
