import { AppError } from '../errors.js';
import { unitEdges } from './tool-units.js';

/** Window sizing parameters (memory spec §1.2 and §2); field names match the config's. */
export interface WindowParams {
  windowDefault: number;
  windowMin: number;
  windowMax: number;
  /**
   * The window never holds more tokens than this (except its newest unit, see selectWindow);
   * a turn over half of it is counted, and shown, in its clipped form (window-form.ts).
   */
  maxWindowTokens: number;
  /** Continuity above this over the last `continuityTurns` turns grows the window to max. */
  highContinuity: number;
  /** Continuity below this over the last `continuityTurns` turns shrinks it to min. */
  lowContinuity: number;
  continuityTurns: number;
}

export const DEFAULT_WINDOW_PARAMS: WindowParams = {
  windowDefault: 6,
  windowMin: 4,
  windowMax: 8,
  maxWindowTokens: 1200,
  highContinuity: 0.7,
  lowContinuity: 0.3,
  continuityTurns: 2,
};

/** Why the window has its size; shown by `GET /v1/sessions/{id}`. */
export type WindowReason = 'default' | 'high-continuity' | 'low-continuity' | 'pressure' | 'flush';

/** The window's size in turns, why, and the same in words. */
export interface WindowSize {
  size: number;
  reason: WindowReason;
  detail: string;
}

/** What the window needs to know about a turn. */
export interface WindowTurn {
  turnNumber: number;
  role: 'user' | 'assistant' | 'tool';
  tokenCount: number;
  /**
   * What the turn costs in the window when it is too long to show whole (its head and
   * tail, see windowForm); absent or null when it is shown whole.
   */
  windowTokenCount?: number | null;
  /** An assistant turn that calls a tool, and the tool's result(s), share this id. */
  toolCallId: string | null;
  /** Cosine with the previous turn (0–1), null when unknown. */
  continuity: number | null;
}

/**
 * `adaptive` sizes by continuity; `pressure` forces the minimum (the context would
 * exceed the pressure threshold); `flush` keeps only the newest unit (the user asked to
 * change the subject: everything before it leaves).
 */
export type WindowMode = 'adaptive' | 'pressure' | 'flush';

/** How the window moves, and from which turn on everything is part of the newest unit. */
export interface WindowOptions {
  mode?: WindowMode;
  /**
   * Turns numbered from this one on are one unit with the newest turn: the user's current
   * message and the tool results recorded with it in the same context call, so that those
   * results never push the message they came with out of the window.
   */
  keepFrom?: number | null;
}

/** The turns that stay, the turns that leave (oldest first, in order), and why. */
export interface WindowSelection<T extends WindowTurn> extends WindowSize {
  kept: T[];
  leaving: T[];
  tokens: number;
  /** True when the newest unit alone breaks the token cap or the size: it is kept anyway. */
  overLimit: boolean;
}

/**
 * The window size from the continuity of the latest turns (oldest first): when the last
 * `continuityTurns` known values are all above `highContinuity`, the maximum; all below
 * `lowContinuity`, the minimum; otherwise, or with fewer known values, the default.
 */
export function adaptiveWindowSize(
  recentContinuities: readonly (number | null)[],
  params: WindowParams = DEFAULT_WINDOW_PARAMS,
): WindowSize {
  const known = recentContinuities.filter((value): value is number => value !== null);
  const last = known.slice(-params.continuityTurns);
  const shown = last.map((value) => value.toFixed(2)).join(', ');
  if (last.length < params.continuityTurns || last.length === 0) {
    return { size: params.windowDefault, reason: 'default', detail: `fewer than ${params.continuityTurns} turns with a continuity value` };
  }
  if (last.every((value) => value > params.highContinuity)) {
    return { size: params.windowMax, reason: 'high-continuity', detail: `continuity ${shown} > ${params.highContinuity}` };
  }
  if (last.every((value) => value < params.lowContinuity)) {
    return { size: params.windowMin, reason: 'low-continuity', detail: `continuity ${shown} < ${params.lowContinuity}` };
  }
  return { size: params.windowDefault, reason: 'default', detail: `continuity ${shown}` };
}

/**
 * Splits the session's recent turns (oldest first) into the window and the turns that
 * leave it. The window is the longest run of newest turns that has at most `size`
 * turns and at most `maxWindowTokens` tokens and does not split a tool-call unit.
 *
 * Tool-call units: an edge that would fall inside a unit (an assistant turn with
 * toolCallId X and every tool turn with X, plus whatever lies between them) moves
 * toward the newer side, so the whole unit leaves: `size` and the token cap stay true
 * upper bounds. The newest unit is always kept, even when it alone is over the cap or
 * the size (`overLimit`): an empty window would lose the current message, and the
 * Token Box layout still enforces the prompt's hard cap. With `keepFrom`, the newest unit
 * reaches back to that turn.
 *
 * A turn counts what the window shows of it: its clipped form when it has one. The newest
 * turn, when it is the user's (the current message, which the prompt shows whole in its own
 * section), counts nothing against the token cap; `tokens` still counts it whole.
 *
 * Continuity for sizing comes from the user and assistant turns given.
 */
export function selectWindow<T extends WindowTurn>(
  turns: readonly T[],
  params: WindowParams = DEFAULT_WINDOW_PARAMS,
  options: WindowOptions = {},
): WindowSelection<T> {
  assertChronological(turns);
  const mode = options.mode ?? 'adaptive';
  const sizing = windowSizeFor(turns, params, mode);
  const allowed = unitEdges(turns);
  const n = turns.length;
  const suffixTokens = suffixSums(turns.map((turn, index) => capCost(turn, index === n - 1)));
  const newestUnitStart = newestUnitStartOf(turns, allowed, options.keepFrom ?? null);
  let cut = newestUnitStart;
  if (mode !== 'flush') {
    for (let c = Math.max(0, n - sizing.size); c < newestUnitStart; c += 1) {
      if (allowed[c] === true && (suffixTokens[c] ?? 0) <= params.maxWindowTokens) {
        cut = c;
        break;
      }
    }
  }
  const capped = suffixTokens[cut] ?? 0;
  // The current message counts nothing against the cap, and whole in `tokens`.
  const newest = turns.at(-1);
  const current = newest?.role === 'user' ? newest.tokenCount : 0;
  return {
    ...sizing,
    kept: turns.slice(cut),
    leaving: turns.slice(0, cut),
    tokens: capped + current,
    overLimit: n > 0 && (capped > params.maxWindowTokens || n - cut > sizing.size),
  };
}

// What a turn counts against the token cap: the current message nothing, since the prompt
// shows it in a section of its own (a pasted stack trace must not push the answer before
// it out); the others as the window shows them.
function capCost(turn: WindowTurn, newest: boolean): number {
  return newest && turn.role === 'user' ? 0 : windowTokens(turn);
}

/** What a turn costs in the window: its clipped form's cost when it has one, else its own. */
export function windowTokens(turn: WindowTurn): number {
  return turn.windowTokenCount ?? turn.tokenCount;
}

/**
 * What the window counts a turn at: as it shows it (windowTokens), except the session's
 * newest turn when it is the user's, the current message, which the prompt shows whole.
 */
export function windowCost(turn: WindowTurn, newest: boolean): number {
  return newest && turn.role === 'user' ? turn.tokenCount : windowTokens(turn);
}

function windowSizeFor(turns: readonly WindowTurn[], params: WindowParams, mode: WindowMode): WindowSize {
  if (mode === 'pressure') {
    return { size: params.windowMin, reason: 'pressure', detail: 'context over the pressure threshold: minimum window' };
  }
  if (mode === 'flush') {
    return { size: params.windowMin, reason: 'flush', detail: 'the user changed the subject: the window was flushed' };
  }
  const continuities = turns.filter((turn) => turn.role !== 'tool').map((turn) => turn.continuity);
  return adaptiveWindowSize(continuities, params);
}

// The newest unit starts at the last allowed edge before the newest turn, or before the
// first turn numbered keepFrom or later when that is earlier.
function newestUnitStartOf(turns: readonly WindowTurn[], allowed: readonly boolean[], keepFrom: number | null): number {
  const kept = keepFrom === null ? -1 : turns.findIndex((turn) => turn.turnNumber >= keepFrom);
  const end = kept >= 0 ? Math.min(kept + 1, turns.length) : turns.length;
  return lastAllowedCutBefore(allowed, end);
}

function lastAllowedCutBefore(allowed: readonly boolean[], n: number): number {
  for (let c = n - 1; c > 0; c -= 1) if (allowed[c] === true) return c;
  return 0;
}

// sums[c] = tokens of turns[c..n).
function suffixSums(values: readonly number[]): number[] {
  const sums = new Array<number>(values.length + 1).fill(0);
  for (let i = values.length - 1; i >= 0; i -= 1) sums[i] = (sums[i + 1] ?? 0) + (values[i] ?? 0);
  return sums;
}

function assertChronological(turns: readonly WindowTurn[]): void {
  for (let i = 1; i < turns.length; i += 1) {
    const before = turns[i - 1];
    const after = turns[i];
    if (before !== undefined && after !== undefined && before.turnNumber >= after.turnNumber) {
      throw new AppError('INTERNAL', 'selectWindow needs turns in increasing turnNumber order', {
        details: { at: i, before: before.turnNumber, after: after.turnNumber },
      });
    }
  }
}
