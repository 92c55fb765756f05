import { eq } from 'drizzle-orm';
import { columnValues, withFlagsBound } from './column-placeholders.js';
import { summaryColumns, turnColumns, turnNullableFlags } from './conversation-insert-columns.js';
import type { ArchiveBounds, ArchivedId, ArchiveKeep, NewSummary, NewTurn, SessionChanges, SessionRow, SessionTurnUpdate, SummaryRow, TurnRow, WindowDecision } from './conversation-rows.js';
import { conversationStatements, type ConversationStatements } from './conversation-statements.js';
import type { Database, Db } from './database.js';
import { sessions } from './schema.js';
import { asReadSummary, asReadTurn, insertOrdered, SessionMirror } from './session-mirror.js';
import { onRollback, type TxScope } from './transaction.js';

// The store's row and value types live in conversation-rows.ts; the rest of memoryd imports them from here.
export type {
  ArchiveBounds,
  ArchivedId,
  ArchiveKeep,
  NewSummary,
  NewTurn,
  SessionChanges,
  SessionRow,
  SessionTurnUpdate,
  SummaryRow,
  TurnRow,
  WindowDecision,
} from './conversation-rows.js';

function withTurn(row: SessionRow, turn: SessionTurnUpdate): SessionRow {
  return { ...row, lastTurnNumber: turn.turnNumber, lastTurnAt: turn.at, updatedAt: turn.now, endedAt: null };
}

/**
 * The conversational tier's storage: sessions, turns and summaries. Every query on the
 * context call's path is built and compiled once per database (building a drizzle
 * query and preparing it in SQLite cost ~100 µs per call; running a compiled one a few).
 */
export class ConversationStore {
  private readonly q: ConversationStatements;
  private readonly mirror = new SessionMirror();
  readonly db: Db;

  constructor(database: Database) {
    const db = database.db;
    this.db = db;
    onRollback(database, () => this.mirror.forgetAll());
    this.q = conversationStatements(db);
  }

  findSession(id: string): SessionRow | undefined {
    return this.mirror.read(id, 'session', () => this.q.session.get({ id }) ?? null) ?? undefined;
  }

  /**
   * The session, created on first use (a session exists from its first recorded turn), and
   * reopened by its first turn after it was ended. Ending flushed its window into summaries,
   * so a reopened session starts over with what its prompts have shown the model: no tool
   * used yet (full descriptions again), no output known valid (format instructions again).
   * Its summaries and turn numbers carry on, and so does its last side effect: that is a
   * change in the world, and answers cached before it still may not be served.
   * `startedAt`: when a new session's first turn was said (an imported one's is in the
   * past); `now` otherwise.
   */
  ensureSession(id: string, now: number, startedAt = now): SessionRow {
    const existing = this.findSession(id);
    if (existing === undefined) return this.createSession(id, now, startedAt);
    if (existing.endedAt === null) return existing;
    const reopened = { endedAt: null, usedTools: '[]', lastOutputValid: null } satisfies SessionChanges;
    this.updateSession(id, reopened);
    return { ...existing, ...reopened };
  }

  private createSession(id: string, now: number, startedAt: number): SessionRow {
    const row: SessionRow = {
      id,
      createdAt: startedAt,
      updatedAt: now,
      lastTurnNumber: 0,
      lastTurnAt: null,
      lastOutputValid: null,
      usedTools: '[]',
      windowSize: null,
      windowReason: null,
      windowDetail: null,
      sideEffectAt: null,
      sideEffectTools: '[]',
      endedAt: null,
      archivedThrough: 0,
    };
    this.db.insert(sessions).values(row).run();
    this.mirror.set(id, 'session', row);
    return row;
  }

  /** The window decision, and with `turn` the newly recorded turn too, in one statement. */
  setWindowDecision(id: string, decision: WindowDecision, turn: SessionTurnUpdate | null = null): void {
    if (turn === null) this.q.windowDecision.run({ id, ...decision });
    else this.q.sessionTurnAndWindow.run({ id, ...decision, ...turn });
    this.mirror.update(id, 'session', (row) => {
      const decided = { ...row, windowSize: decision.size, windowReason: decision.reason, windowDetail: decision.detail };
      return turn === null ? decided : withTurn(decided, turn);
    });
  }

  updateSession(id: string, changes: SessionChanges): void {
    this.db.update(sessions).set(changes).where(eq(sessions.id, id)).run();
    // drizzle leaves out keys whose value is undefined, and so does the mirror.
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    this.mirror.update(id, 'session', (row) => ({ ...row, ...set }));
  }

  /**
   * Inserts a turn and returns its row as a read would give it. Every column is written
   * explicitly (absent ones as null), so the row is the values plus the new id: reading it
   * back (`returning`) would be a second statement for nothing.
   */
  insertTurn(turn: NewTurn): TurnRow {
    const values = columnValues(turnColumns, turn);
    const { lastInsertRowid } = this.q.insertTurn.run(withFlagsBound(values, turnNullableFlags));
    const row = { ...values, id: Number(lastInsertRowid) } as TurnRow;
    const read = asReadTurn(row);
    this.mirror.update(turn.sessionId, 'live', (live) => insertOrdered(live, read, (each) => each.turnNumber));
    return row;
  }

  /** The session's stored turns (window and open segment), oldest first. */
  liveTurns(sessionId: string): TurnRow[] {
    return [...(this.mirror.read(sessionId, 'live', () => this.q.liveTurns.all({ sessionId })) ?? [])];
  }

  /** The texts of the session's latest stored turn and latest user turn (what a new turn is compared with). */
  latestTurnTexts(sessionId: string): { last: string | null; lastUser: string | null } {
    return {
      last: this.q.latestTurnText.get({ sessionId })?.content ?? null,
      lastUser: this.q.latestUserTurnText.get({ sessionId })?.content ?? null,
    };
  }

  setTurnState(sessionId: string, turnNumbers: readonly number[], state: 'window' | 'segment'): void {
    for (const turnNumber of turnNumbers) this.q.turnState.run({ sessionId, turnNumber, state });
    if (turnNumbers.length === 0) return;
    const changed = new Set(turnNumbers);
    this.mirror.update(sessionId, 'live', (live) => live.map((turn) => (changed.has(turn.turnNumber) ? { ...turn, state } : turn)));
  }

  /**
   * Renumbers a turn `to` (a number no turn of the session has), in the window, with no
   * continuity (its neighbours change): a tool call moved up to the result that answers
   * it. Returns the row as a read would give it.
   */
  moveTurn(sessionId: string, turn: TurnRow, to: number): TurnRow {
    this.q.moveTurn.run({ sessionId, from: turn.turnNumber, to });
    const moved: TurnRow = { ...turn, turnNumber: to, state: 'window', continuity: null };
    this.mirror.update(sessionId, 'live', (live) =>
      insertOrdered(
        live.filter((each) => each.turnNumber !== turn.turnNumber),
        moved,
        (each) => each.turnNumber,
      ),
    );
    return moved;
  }

  /**
   * Deletes a session and everything the conversation tier holds of it: its row, turns and
   * summaries (the foreign keys cascade). Returns how many turns and summaries went, or null
   * when there is no such session. The mirror forgets it once `scope` commits.
   */
  eraseSession(id: string, scope: TxScope): { turns: number; summaries: number } | null {
    if (this.findSession(id) === undefined) return null;
    const counted = this.q.sessionCounts.get({ sessionId: id }) ?? { turns: 0, summaries: 0 };
    this.q.deleteSession.run({ sessionId: id });
    scope.afterCommit(() => this.mirror.forget(id));
    return { turns: Number(counted.turns), summaries: Number(counted.summaries) };
  }

  /** Deletes summarised turns: the summary (with their numbers) replaces them. */
  deleteTurns(sessionId: string, turnNumbers: readonly number[]): void {
    if (turnNumbers.length === 0) return;
    // A closed segment's turns are consecutive: one statement deletes them all.
    const first = turnNumbers[0] as number;
    if (turnNumbers.every((number, i) => number === first + i)) {
      this.q.deleteTurnRange.run({ sessionId, first, last: first + turnNumbers.length - 1 });
    } else {
      for (const turnNumber of turnNumbers) this.q.deleteTurn.run({ sessionId, turnNumber });
    }
    const deleted = new Set(turnNumbers);
    this.mirror.update(sessionId, 'live', (live) => live.filter((turn) => !deleted.has(turn.turnNumber)));
  }

  /** Inserts a summary and returns its row as a read would give it (see insertTurn). */
  insertSummary(summary: NewSummary): SummaryRow {
    const values = columnValues(summaryColumns, summary);
    this.q.insertSummary.run(values);
    const row = values as SummaryRow;
    // Numbered after every summary the session has had (nextSummarySeq), so above its archivedThrough: active.
    const read = asReadSummary(row);
    this.mirror.update(summary.sessionId, 'active', (active) => insertOrdered(active, read, (each) => each.seq));
    this.mirror.update(summary.sessionId, 'maxSeq', (max) => Math.max(max, row.seq));
    return row;
  }

  nextSummarySeq(sessionId: string): number {
    return (this.mirror.read(sessionId, 'maxSeq', () => this.q.maxSeq.get({ sessionId })?.max ?? 0) ?? 0) + 1;
  }

  /** The session's active summaries, oldest first. */
  activeSummaries(sessionId: string): SummaryRow[] {
    return [...(this.mirror.read(sessionId, 'active', () => this.q.active.all({ sessionId })) ?? [])];
  }

  /**
   * The session's archived summaries whose time span overlaps [from, to], newest first
   * (at most the archive limit per session): what retrieval ranks.
   */
  archivedSummaryIds(sessionId: string, range: { from: number; to: number }): ArchivedId[] {
    return this.q.archivedIds.all({ sessionId, from: range.from, to: range.to });
  }

  /** The session's archived summaries numbered after `seq`, newest first. */
  archivedSummaryIdsAfter(sessionId: string, seq: number): ArchivedId[] {
    return this.q.archivedIdsAfter.all({ sessionId, seq });
  }

  /** How many summaries the session's archive holds, its number range and newest id (from the (session, seq) index). */
  archiveBounds(sessionId: string): ArchiveBounds {
    const row = this.q.archiveBounds.get({ sessionId });
    if (row === undefined || row.count === 0) return { count: 0, minSeq: 0, maxSeq: 0, maxId: null };
    return { count: row.count, minSeq: row.minSeq ?? 0, maxSeq: row.maxSeq ?? 0, maxId: row.maxId };
  }

  /** A summary's content words, space-separated (written once with the summary). */
  summarySearchText(id: string): string | undefined {
    return this.q.searchText.get({ id })?.searchText;
  }

  findSummary(id: string): SummaryRow | undefined {
    return this.q.summaryById.get({ id });
  }

  /**
   * Archives all but the newest `keep.active` active summaries (moves the session's
   * archivedThrough up to them); once the archive holds more than `keep.archived +
   * keep.slack` summaries, deletes all but the newest `keep.archived` of them. Returns how
   * many were archived.
   */
  archiveOldSummaries(sessionId: string, keep: ArchiveKeep): number {
    const active = this.activeSummaries(sessionId);
    const last = active[active.length - 1 - keep.active];
    if (last === undefined) return 0;
    const archived = active.length - keep.active;
    this.q.setArchivedThrough.run({ sessionId, seq: last.seq });
    this.mirror.update(sessionId, 'session', (row) => ({ ...row, archivedThrough: last.seq }));
    this.mirror.update(sessionId, 'active', (held) => held.filter((summary) => summary.seq > last.seq));
    // Summaries are numbered 1, 2, 3… and archived and deleted oldest first, so the
    // archived ones are exactly the seqs up to last.seq that are still there: keeping the
    // newest `keep.archived` of them is deleting those up to last.seq - keep.archived
    // (a range of the index, not a scan past the hundreds that stay).
    // The highest number is never lowered by this: archivedThrough keeps it (see maxSeq).
    // The oldest seq is the archive's first, so the excess over keep.archived is a subtraction.
    const deleteThrough = last.seq - keep.archived;
    const oldest = this.q.oldestSeq.get({ sessionId })?.min ?? null;
    if (oldest !== null && deleteThrough - oldest + 1 > (keep.slack ?? 0)) this.q.deleteArchivedUpTo.run({ sessionId, seq: deleteThrough });
    return archived;
  }
}
