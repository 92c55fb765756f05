import { planSegments } from './segments.js';
import { selectWindow, type WindowParams, type WindowTurn } from './window.js';

/** What forecasting needs to know about a stored turn. */
export interface ForecastTurn extends WindowTurn {
  topicShift: boolean;
}

/**
 * What the next user turn will most likely close, given the open segment and the window
 * as they stand: alternative plans, each the segments one possible message closes in the
 * order they would close (a summary does not repeat the outcome of the one before it in
 * its plan, so a segment is prepared after those before it in its own plan, never after
 * another plan's). The window is re-decided as if a message arrived, as a continuation and
 * as a topic shift. Its continuity with the previous turn is unknown, so both extremes
 * are tried: the window is sized by the last two continuity values, so 0 and 1 between
 * them reach every size a real value can (minimum or default, default or maximum). Still
 * a guess: a long message, the tool results a message brings, or an explicit "let's
 * change the subject" (a flush) can close others.
 */
export function forecastClosings<T extends ForecastTurn>(
  open: readonly T[],
  window: readonly T[],
  params: WindowParams,
  segmentSize: number,
): T[][][] {
  const last = window.at(-1) ?? open.at(-1);
  if (last === undefined) return [];
  const pending = [...open, ...window].map((turn) => ({ turnNumber: turn.turnNumber, topicStart: turn.topicShift, toolCallId: turn.toolCallId, turn }));
  const asOpen = pending.slice(0, open.length);
  const plans: T[][][] = [];
  const seen = new Set<string>();
  for (const continuity of [0, 1]) {
    const incoming: WindowTurn = { turnNumber: last.turnNumber + 1, role: 'user', tokenCount: 0, toolCallId: null, continuity };
    // The incoming turn is the newest unit, so it always stays: every turn that leaves is one of `window`.
    const leaving = selectWindow<WindowTurn>([...window, incoming], params).leaving.length;
    const asLeaving = pending.slice(open.length, open.length + leaving);
    for (const shift of [false, true]) {
      const closed = planSegments(asOpen, asLeaving, { shift, flush: false, segmentSize }).closed;
      const key = closed.map((segment) => segment.map((each) => each.turnNumber).join(',')).join('|');
      if (closed.length === 0 || seen.has(key)) continue;
      seen.add(key);
      plans.push(closed.map((segment) => segment.map((each) => each.turn)));
    }
  }
  return plans;
}
