import { AppError } from '../errors.js';
import { unitEdges } from './tool-units.js';

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
 * Invariants: a segment never splits a tool-call unit (from a call to its last result,
 * whatever lies between: see unitEdges), never spans a topic start (a turn marked
 * `topicStart`) outside such a unit, and closes as soon as it has `segmentSize` turns.
 * An edge that would fall inside a unit moves to the unit's end, as the window's does:
 * a unit that would cross the size limit stays whole (a segment may exceed it by the
 * unit's rest), and a topic start inside a unit (a message between a call and its result,
 * stored before calls moved up to their results) closes the segment after the unit. A
 * shift or a flush closes what is pending, even when shorter. A flush thus yields one
 * segment per topic in the flushed turns, usually exactly one.
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
  const edges = unitEdges(pending);
  const closed: T[][] = [];
  let current: T[] = [];
  // A topic start (or a full segment) inside a unit closes the segment at the unit's end.
  let closeDue = false;
  pending.forEach((turn, i) => {
    const full = !options.flush && current.length >= options.segmentSize;
    if (current.length > 0 && (turn.topicStart === true || full)) closeDue = true;
    if (closeDue && edges[i] === true) {
      closed.push(current);
      current = [];
      closeDue = false;
    }
    current.push(turn);
  });
  const closeRest = options.shift || options.flush || current.length >= options.segmentSize;
  if (closeRest && current.length > 0) {
    closed.push(current);
    current = [];
  }
  return { closed, open: current };
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
