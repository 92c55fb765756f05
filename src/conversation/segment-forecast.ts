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
 * a guess: a long message, tool results the session did not see called, or an explicit
 * "let's change the subject" (a flush) can close others. When the newest turn is the
 * assistant's call of a tool, the next context call most likely brings its result with the
 * message: the result is recorded first, right after the call (one window move), then the
 * message (another), both in the call's unit; those plans are forecast too.
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
  const add = (closed: ReadonlyArray<ReadonlyArray<(typeof pending)[number]>>): void => {
    const key = closed.map((segment) => segment.map((each) => each.turnNumber).join(',')).join('|');
    if (closed.length === 0 || seen.has(key)) return;
    seen.add(key);
    plans.push(closed.map((segment) => segment.map((each) => each.turn)));
  };
  // The window's turns that leave when `incoming` follows `stay` (its newest turns), oldest first.
  const leavingOf = (stay: readonly T[], incoming: readonly WindowTurn[], keepFrom: number | null): typeof pending => {
    const leaving = selectWindow<WindowTurn>([...stay, ...incoming], params, { keepFrom }).leaving.length;
    const from = open.length + window.length - stay.length;
    return pending.slice(from, from + leaving);
  };
  // With a call awaiting its result (the newest turn), the result moves the window first,
  // within the call's unit (no topic shift: only a user turn is one), then the message.
  const result: WindowTurn | null =
    last.role === 'assistant' && last.toolCallId !== null ? { turnNumber: last.turnNumber + 1, role: 'tool', tokenCount: 0, toolCallId: last.toolCallId, continuity: null } : null;
  const resultLeaving = result === null ? [] : leavingOf(window, [result], last.turnNumber);
  const afterResult = result === null ? null : planSegments(asOpen, resultLeaving, { shift: false, flush: false, segmentSize });
  for (const continuity of [0, 1]) {
    const message = (turnNumber: number): WindowTurn => ({ turnNumber, role: 'user', tokenCount: 0, toolCallId: null, continuity });
    // The incoming turn is the newest unit, so it always stays: every turn that leaves is one of `window`.
    const asLeaving = leavingOf(window, [message(last.turnNumber + 1)], null);
    for (const shift of [false, true]) add(planSegments(asOpen, asLeaving, { shift, flush: false, segmentSize }).closed);
    if (result === null || afterResult === null) continue;
    const thenLeaving = leavingOf(window.slice(resultLeaving.length), [result, message(last.turnNumber + 2)], last.turnNumber);
    for (const shift of [false, true]) add([...afterResult.closed, ...planSegments(afterResult.open, thenLeaving, { shift, flush: false, segmentSize }).closed]);
  }
  return plans;
}

