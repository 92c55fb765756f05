import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import type { ConversationStore, SummaryRow, TurnRow } from '../storage/conversation-store.js';
import type { TxScope } from '../storage/transaction.js';
import { advanceWindow, type WindowDeps, type WindowOutcome } from './window-advance.js';
import { windowCost } from './window.js';

export interface TurnView {
  turnNumber: number;
  role: 'user' | 'assistant' | 'tool';
  content: string | null;
  tokenCount: number;
  /** Shown clipped in the window (too long to show whole): what the window counts it at; else null. */
  windowTokenCount: number | null;
  continuity: number | null;
  topicShift: boolean;
  toolCallId: string | null;
  toolName: string | null;
  at: string;
}

export interface SummaryView {
  id: string;
  seq: number;
  summary: unknown;
  tokenCount: number;
  status: 'active' | 'archived';
  turns: number[];
  from: string;
  to: string;
}

/** What `GET /v1/sessions/{id}` shows of the conversational tier. */
export interface SessionView {
  sessionId: string;
  createdAt: string;
  endedAt: string | null;
  lastTurnNumber: number;
  window: { size: number | null; reason: string | null; detail: string | null; tokens: number; turns: TurnView[] };
  openSegment: { turns: TurnView[] };
  summaries: { active: SummaryView[] };
  /** Turns in the window, in the open segment, and already folded into summaries (deleted). */
  turnCounts: Record<'window' | 'segment' | 'summarized', number>;
}

export function sessionView(store: ConversationStore, sessionId: string): SessionView {
  const session = store.findSession(sessionId);
  if (!session) throw new NotFoundError(`no session ${sessionId}`, { sessionId });
  const live = store.liveTurns(sessionId);
  const windowTurns = live.filter((turn) => turn.state === 'window');
  const segmentTurns = live.filter((turn) => turn.state === 'segment');
  return {
    sessionId,
    createdAt: iso(session.createdAt),
    endedAt: session.endedAt === null ? null : iso(session.endedAt),
    lastTurnNumber: session.lastTurnNumber,
    window: {
      size: session.windowSize,
      reason: session.windowReason,
      detail: session.windowDetail,
      tokens: windowTurns.reduce((sum, turn) => sum + windowCost(turn, turn === live.at(-1)), 0),
      turns: windowTurns.map(turnView),
    },
    openSegment: { turns: segmentTurns.map(turnView) },
    summaries: { active: store.activeSummaries(sessionId).map((row) => summaryView(row, session.archivedThrough)) },
    turnCounts: { window: windowTurns.length, segment: segmentTurns.length, summarized: session.lastTurnNumber - live.length },
  };
}

/** Ends a session: the whole window and open segment are flushed into summaries. */
export function endSession(deps: WindowDeps & { clock: Clock }, sessionId: string, scope: TxScope): WindowOutcome {
  const session = deps.store.findSession(sessionId);
  if (!session) throw new NotFoundError(`no session ${sessionId}`, { sessionId });
  const now = deps.clock.now();
  const outcome = advanceWindow(deps, sessionId, deps.store.liveTurns(sessionId), { mode: 'end', shift: false, now, scope });
  // Ending an ended session again changes nothing (a turn since would have reopened it):
  // a resent DELETE keeps the time the session ended.
  if (session.endedAt === null) deps.store.updateSession(sessionId, { endedAt: now, updatedAt: now });
  return outcome;
}

/** `archivedThrough`: the session's; its summaries numbered up to it are archived. */
export function summaryView(row: SummaryRow, archivedThrough: number): SummaryView {
  return {
    id: row.id,
    seq: row.seq,
    summary: JSON.parse(row.body) as unknown,
    tokenCount: row.tokenCount,
    status: row.seq <= archivedThrough ? 'archived' : 'active',
    turns: JSON.parse(row.turnNumbers) as number[],
    from: iso(row.startedAt),
    to: iso(row.endedAt),
  };
}

function turnView(turn: TurnRow): TurnView {
  return {
    turnNumber: turn.turnNumber,
    role: turn.role,
    content: turn.content,
    tokenCount: turn.tokenCount,
    windowTokenCount: turn.windowTokenCount,
    continuity: turn.continuity,
    topicShift: turn.topicShift,
    toolCallId: turn.toolCallId,
    toolName: turn.toolName,
    at: iso(turn.createdAt),
  };
}

function iso(time: number): string {
  return new Date(time).toISOString();
}
