import { planSegments } from './segments.js';
import { selectWindow, type WindowParams, type WindowTurn } from './window.js';

/** What forecasting needs to know about a stored turn. */
export interface ForecastTurn extends WindowTurn {
  topicShift: boolean;
}

/**
 * The segments the next user turn will most likely close (oldest first, each oldest
 * turn first), given the open segment and the window as they stand: the window is
 * re-decided as if an empty message without a continuity value arrived, once as a
 * continuation and once as a topic shift. Only a guess: the real message's size,
 * continuity or an explicit "let's change the subject" can close other segments.
 */
export function forecastClosings<T extends ForecastTurn>(
  open: readonly T[],
  window: readonly T[],
  params: WindowParams,
  segmentSize: number,
): T[][] {
  const last = window.at(-1) ?? open.at(-1);
  if (last === undefined) return [];
  const incoming: WindowTurn = { turnNumber: last.turnNumber + 1, role: 'user', tokenCount: 0, toolCallId: null, continuity: null };
  // The incoming turn is the newest unit, so it always stays: every turn that leaves is one of `window`.
  const leaving = selectWindow<WindowTurn>([...window, incoming], params, 'adaptive').leaving.length;
  const pending = [...open, ...window.slice(0, leaving)].map((turn) => ({ turnNumber: turn.turnNumber, topicStart: turn.topicShift, toolCallId: turn.toolCallId, turn }));
  const asOpen = pending.slice(0, open.length);
  const asLeaving = pending.slice(open.length);
  const forecasts: T[][] = [];
  const seen = new Set<string>();
  for (const shift of [false, true]) {
    for (const segment of planSegments(asOpen, asLeaving, { shift, flush: false, segmentSize }).closed) {
      const key = segment.map((each) => each.turnNumber).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      forecasts.push(segment.map((each) => each.turn));
    }
  }
  return forecasts;
}
