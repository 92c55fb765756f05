import type { ConversationStore, TurnRow } from '../storage/conversation-store.js';

/**
 * Where an edge (of the window, or between two segments) may fall among turns in turn
 * order: `edges[c]` says whether it may sit between turns[c-1] and turns[c] (c = 0 and
 * c = turns.length are the ends). It may not inside a tool-call unit: from the first turn
 * with a tool-call id to the last one with it. A call and its result are neighbours (see
 * moveCallToResult); in sessions stored before calls moved up to their results, whatever
 * lies between them is part of the unit.
 */
export function unitEdges(turns: readonly { toolCallId?: string | null }[]): boolean[] {
  const span = new Map<string, { first: number; last: number }>();
  turns.forEach((turn, i) => {
    const id = turn.toolCallId ?? null;
    if (id === null) return;
    const known = span.get(id);
    span.set(id, { first: known?.first ?? i, last: i });
  });
  const edges = new Array<boolean>(turns.length + 1).fill(true);
  if (span.size === 0) return edges;
  const opened = new Array<number>(turns.length + 2).fill(0);
  for (const { first, last } of span.values()) {
    opened[first + 1] = (opened[first + 1] ?? 0) + 1;
    opened[last + 1] = (opened[last + 1] ?? 0) - 1;
  }
  let open = 0;
  for (let c = 0; c <= turns.length; c += 1) {
    open += opened[c] ?? 0;
    edges[c] = open === 0;
  }
  return edges;
}

/**
 * Before a tool result numbered `next` is recorded: when the call it answers is still
 * held (window or open segment) but other turns came after it, the call moves up to the
 * result (renumbered `next`, in the window), so the result is recorded right after it. A
 * call and its result are then always neighbours: no window or segment edge can fall
 * between them, and they leave the window, and are summarised, together. Returns the live
 * turns as they now stand and the number the result takes. A call that is summarised or
 * unknown changes nothing (the prompt shows a stand-in for it, see gatherParts).
 */
export function moveCallToResult(
  store: ConversationStore,
  sessionId: string,
  live: readonly TurnRow[],
  toolCallId: string,
  next: number,
): { live: readonly TurnRow[]; next: number } {
  const call = live.find((turn) => turn.toolCallId === toolCallId && turn.role !== 'tool');
  if (call === undefined || call === live.at(-1)) return { live, next };
  const moved = store.moveTurn(sessionId, call, next);
  return { live: [...live.filter((turn) => turn !== call), moved], next: next + 1 };
}
