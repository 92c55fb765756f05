import { AppError } from '../errors.js';

/** What segment planning needs to know about a turn that left the window. */
export interface SegmentTurn {
  turnNumber: number;
  /** The turn was detected as a topic shift when it was recorded. */
  topicStart?: boolean;
  /** Tool-call units (same id) are kept in one segment. */
  toolCallId?: string | null;
}

/** Triggers for this planning step; `segmentSize` is SUMMARY_SEGMENT_SIZE (3). */
export interface SegmentPlanOptions {
  /** The turn just recorded starts a new topic: every older turn's segment closes. */
  shift: boolean;
  /** The user asked to change the subject: everything pending closes. */
  flush: boolean;
  segmentSize: number;
}

/** Segments to summarise now (oldest first), and what stays open. */
export interface SegmentPlan<T extends SegmentTurn> {
  closed: T[][];
  open: T[];
}

/**
 * Adds the turns leaving the window to the open segment and says which segments close.
 * Invariants: a segment never spans a topic start (a turn marked `topicStart`), never
 * splits a tool-call unit, and closes as soon as it has `segmentSize` turns (a unit
 * that would cross the limit stays whole, so a segment may exceed it by the unit's
 * rest). A shift or a flush closes what is pending, even when shorter. A flush thus
 * yields one segment per topic in the flushed turns, usually exactly one.
 */
export function planSegments<T extends SegmentTurn>(
  open: readonly T[],
  leaving: readonly T[],
  options: SegmentPlanOptions,
): SegmentPlan<T> {
  if (!Number.isInteger(options.segmentSize) || options.segmentSize < 1) {
    throw new AppError('INTERNAL', `segmentSize must be a positive integer, got ${options.segmentSize}`);
  }
  const pending = [...open, ...leaving];
  assertChronological(pending);
  const closed: T[][] = [];
  let current: T[] = [];
  for (const turn of pending) {
    const startsTopic = turn.topicStart === true;
    const full = !options.flush && current.length >= options.segmentSize && !continuesUnit(current, turn);
    if (current.length > 0 && (startsTopic || full)) {
      closed.push(current);
      current = [];
    }
    current.push(turn);
  }
  const closeRest = options.shift || options.flush || current.length >= options.segmentSize;
  if (closeRest && current.length > 0) {
    closed.push(current);
    current = [];
  }
  return { closed, open: current };
}

function continuesUnit(segment: readonly SegmentTurn[], turn: SegmentTurn): boolean {
  const id = turn.toolCallId ?? null;
  return id !== null && segment.some((each) => each.toolCallId === id);
}

function assertChronological(turns: readonly SegmentTurn[]): void {
  for (let i = 1; i < turns.length; i += 1) {
    const before = turns[i - 1];
    const after = turns[i];
    if (before !== undefined && after !== undefined && before.turnNumber >= after.turnNumber) {
      throw new AppError('INTERNAL', 'planSegments needs the open segment and the leaving turns in turn order', {
        details: { before: before.turnNumber, after: after.turnNumber },
      });
    }
  }
}
