import type { Config } from '../config/config.js';
import type { IdGenerator } from '../ids.js';
import type { ArchiveKeep, ConversationStore, SessionRow, SessionTurnUpdate, SummaryRow, TurnRow } from '../storage/conversation-store.js';
import type { TxScope } from '../storage/transaction.js';
import { summaryOutcome, type SegmentSummarizer } from './segment-summarizer.js';
import { forecastClosings } from './segment-forecast.js';
import { planSegments } from './segments.js';
import type { SummaryTurn } from './summary-text.js';
import { isOmittedResultsText, toolCallText } from './tool-result-text.js';
import { DEFAULT_WINDOW_PARAMS, selectWindow, type WindowMode, type WindowParams, type WindowSize } from './window.js';

export interface WindowDeps {
  store: ConversationStore;
  ids: IdGenerator;
  summarizer: SegmentSummarizer;
  config: Config;
}

/** Where a session's window stands after a change, and what the change summarised. */
export interface WindowOutcome extends WindowSize {
  windowTurns: number[];
  segmentTurns: number[];
  summariesCreated: SummaryRow[];
  archived: number;
  /** The session's live turns after the move, oldest first, as `ConversationStore.liveTurns` now reads them. */
  live: TurnRow[];
  /**
   * What the next user turn will most likely close: alternative plans, each its segments in
   * closing order (see forecastClosings), worth summarising ahead of time (computed on demand).
   */
  likelyNext(): TurnRow[][][];
}

export type AdvanceMode = WindowMode | 'end';

/** The window parameters of the config, with the continuity thresholds of the spec. */
export function windowParams(config: Config): WindowParams {
  const { windowDefault, windowMin, windowMax, maxWindowTokens } = config.window;
  return { ...DEFAULT_WINDOW_PARAMS, windowDefault, windowMin, windowMax, maxWindowTokens };
}

const ARCHIVE_SLACK_DIVISOR = 8;

/**
 * The archive keeps MEMORYD_MAX_ARCHIVED_SUMMARIES and deletes in batches: the oldest go
 * once it holds an eighth more (225 for 200). One DELETE per ~25 summaries instead of one
 * per summary writes ~2 database pages fewer per context call. Below 8 it deletes at once,
 * so a limit of 0 still keeps nothing.
 */
export function archiveKeep(window: Config['window']): ArchiveKeep {
  const archived = window.maxArchivedSummaries;
  return { active: window.maxSummaries, archived, slack: Math.floor(archived / ARCHIVE_SLACK_DIVISOR) };
}

/**
 * Re-decides the window over the session's live turns (oldest first): turns that leave
 * join the open segment; segments that close (3 turns, a shift, a flush, pressure or the
 * end of the session) become one summary each (none when it would be empty) and their
 * raw turns are purged; summaries beyond the active limit are archived. Turns from
 * `keepFrom` on stay in the window (see selectWindow). Synchronous, inside the caller's
 * transaction.
 */
export function advanceWindow(
  deps: WindowDeps,
  sessionId: string,
  live: readonly TurnRow[],
  options: { mode: AdvanceMode; shift: boolean; now: number; scope: TxScope; recordedTurn?: SessionTurnUpdate; keepFrom?: number | null },
): WindowOutcome {
  const inWindow = live.filter((turn) => turn.state === 'window');
  const open = live.filter((turn) => turn.state === 'segment');
  const params = windowParams(deps.config);
  const selection =
    options.mode === 'end'
      ? { size: 0, reason: 'flush' as const, detail: 'the session ended: the window was flushed', kept: [], leaving: inWindow }
      : selectWindow(inWindow, params, { mode: options.mode, keepFrom: options.keepFrom ?? null });
  // The turn that moved the window is recorded in the session row by the same statement.
  deps.store.setWindowDecision(sessionId, { size: selection.size, reason: selection.reason, detail: selection.detail }, options.recordedTurn ?? null);
  const closeAll = options.mode === 'flush' || options.mode === 'end' || options.mode === 'pressure';
  const plan = planSegments(
    open.map(asSegmentTurn),
    selection.leaving.map(asSegmentTurn),
    // Pressure closes what is pending in segment-sized pieces; a flush makes one summary per topic.
    { shift: options.shift || closeAll, flush: options.mode === 'flush' || options.mode === 'end', segmentSize: deps.config.window.segmentSize },
  );
  // Turns that left the window wait in the open segment; those whose segment closes now
  // are deleted below, so marking them first would only write a row about to go.
  const waiting = plan.open.filter((each) => each.turn.state === 'window').map((each) => each.turnNumber);
  deps.store.setTurnState(sessionId, waiting, 'segment');
  let saidBefore: string | null = null;
  const summariesCreated = plan.closed.flatMap((segment) => {
    const turns = segment.map((each) => each.turn);
    saidBefore ??= newestOutcome(deps.store, sessionId);
    const summary = summarize(deps, sessionId, turns, replyAfter(live, turns), saidBefore, options);
    if (summary !== null) saidBefore = summaryOutcome(summary.body);
    return summary ?? [];
  });
  // Forget aggressively: past the archive limit the oldest summaries go for good.
  const keep = archiveKeep(deps.config.window);
  const archived = summariesCreated.length > 0 ? deps.store.archiveOldSummaries(sessionId, keep) : 0;
  const stillOpen = plan.open.map((each) => each.turn);
  return {
    size: selection.size,
    reason: selection.reason,
    detail: selection.detail,
    windowTurns: selection.kept.map((turn) => turn.turnNumber),
    segmentTurns: stillOpen.map((turn) => turn.turnNumber),
    summariesCreated,
    archived,
    live: liveAfter(stillOpen, selection.kept),
    likelyNext: () => forecastClosings(stillOpen, selection.kept, params, deps.config.window.segmentSize),
  };
}

/**
 * The window as it stands, unmoved, with the decision the session row holds: what a resent
 * request is answered with, since it records nothing.
 */
export function standingWindow(session: SessionRow, live: readonly TurnRow[], params: WindowParams): WindowOutcome {
  return {
    size: session.windowSize ?? params.windowDefault,
    reason: (session.windowReason as WindowSize['reason'] | null) ?? 'default',
    detail: session.windowDetail ?? '',
    windowTurns: live.filter((turn) => turn.state === 'window').map((turn) => turn.turnNumber),
    segmentTurns: live.filter((turn) => turn.state === 'segment').map((turn) => turn.turnNumber),
    summariesCreated: [],
    archived: 0,
    live: [...live],
    likelyNext: () => [],
  };
}

// What is left once the closed segments are purged, oldest first: the open segment (its
// turns all older than the window's) and the kept window, with their new states.
function liveAfter(open: readonly TurnRow[], kept: readonly TurnRow[]): TurnRow[] {
  const inState = (turn: TurnRow, state: TurnRow['state']): TurnRow => (turn.state === state ? turn : { ...turn, state });
  return [...open.map((turn) => inState(turn, 'segment')), ...kept.map((turn) => inState(turn, 'window'))];
}

function asSegmentTurn(turn: TurnRow): { turnNumber: number; topicStart: boolean; toolCallId: string | null; turn: TurnRow } {
  return { turnNumber: turn.turnNumber, topicStart: turn.topicShift, toolCallId: turn.toolCallId, turn };
}

// Writes the summary of a closed segment and purges its turns. A segment with nothing to
// keep (only "Noted.", "ok", or only the answer the summary before took as its outcome,
// `saidBefore`) is purged without a summary: an empty or repeated one would cost ~18
// tokens in every prompt and push a real one out of the four active places.
function summarize(
  deps: WindowDeps,
  sessionId: string,
  turns: readonly TurnRow[],
  reply: SummaryTurn | null,
  saidBefore: string,
  { now, scope }: { now: number; scope: TxScope },
): SummaryRow | null {
  const { empty, ...content } = deps.summarizer.summarize(summaryTurns(turns), reply, scope, saidBefore);
  if (empty) {
    deps.store.deleteTurns(sessionId, turns.map((turn) => turn.turnNumber));
    return null;
  }
  const first = turns[0];
  const last = turns.at(-1);
  const summary = deps.store.insertSummary({
    id: deps.ids.next('sum'),
    sessionId,
    seq: deps.store.nextSummarySeq(sessionId),
    ...content,
    firstTurn: first?.turnNumber ?? 0,
    lastTurn: last?.turnNumber ?? 0,
    turnNumbers: JSON.stringify(turns.map((turn) => turn.turnNumber)),
    startedAt: first?.createdAt ?? now,
    endedAt: last?.createdAt ?? now,
    createdAt: now,
  });
  deps.store.deleteTurns(sessionId, turns.map((turn) => turn.turnNumber));
  return summary;
}

/**
 * The assistant turn right after a segment among the session's live turns (oldest first),
 * as the summarizer reads it, or null: a question whose answer a window edge or a topic
 * shift left out of its segment is not an open question.
 */
export function replyAfter(live: readonly TurnRow[], segment: readonly TurnRow[]): SummaryTurn | null {
  const last = segment.at(-1);
  if (last === undefined) return null;
  const next = live.find((turn) => turn.turnNumber > last.turnNumber);
  if (next === undefined || next.role !== 'assistant') return null;
  return summaryTurns([next])[0] ?? null;
}

/**
 * The outcome of the session's newest summary ('' when none): the next segment's summary
 * does not say it again (a segment that ends with a question takes the answer after it as
 * its outcome, and that answer opens the next segment).
 */
export function newestOutcome(store: ConversationStore, sessionId: string): string {
  const newest = store.activeSummaries(sessionId).at(-1);
  return newest === undefined ? '' : summaryOutcome(newest.body);
}

/**
 * Stored turns as the summarizer reads them: a tool call as the sentence it makes ("Called
 * search_flights with from MAD, to LIS."), not its JSON, and without memoryd's own note of
 * the results a request left out, which says nothing of the conversation.
 */
export function summaryTurns(turns: readonly TurnRow[]): SummaryTurn[] {
  const read: SummaryTurn[] = [];
  for (const turn of turns) {
    const content = turn.content ?? '';
    if (turn.role === 'tool' && turn.toolCallId === null && isOmittedResultsText(content)) continue;
    const said = turn.role === 'assistant' && turn.toolName !== null ? toolCallText(turn.toolName, content) : content;
    read.push({ role: turn.role, content: said, turnNumber: turn.turnNumber, at: turn.createdAt });
  }
  return read;
}
