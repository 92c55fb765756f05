import { ConflictError } from '../errors.js';
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
