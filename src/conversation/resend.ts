import type { SessionRow, TurnRow } from '../storage/conversation-store.js';
import type { RecordedTurn } from './turn-recorder.js';
import { standingWindow } from './window-advance.js';
import type { WindowParams } from './window.js';

/**
 * How long after a turn the same request counts as sent again, recorded once (a context call
 * or a /turns request the assistant resent after its deadline, 30 s by default, passed):
 * later, the same message is said again, a new turn.
 */
export const RESEND_WINDOW_MS = 2 * 60_000;

/** Whether a request at `at` (undefined: now) may be the one that recorded `turn`: the same `at`, or now within RESEND_WINDOW_MS. */
export function sentAgain(turn: TurnRow, at: number | undefined, now: number): boolean {
  return at === undefined ? now - turn.createdAt <= RESEND_WINDOW_MS : at === turn.createdAt;
}

/** A resent request's answer: `turn` as recorded, and the session's window unmoved. */
export function standingTurn(session: SessionRow, turn: TurnRow, live: readonly TurnRow[], params: WindowParams): Pick<RecordedTurn, 'session' | 'turn' | 'shift' | 'window'> {
  return { session, turn, shift: null, window: standingWindow(session, live, params) };
}
