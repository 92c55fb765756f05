import { and, asc, desc, eq, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { compileSelect, compileWrite } from './compiled-query.js';
import type { Database, Db } from './database.js';
import { sessions, summaries, turns } from './schema.js';
import { asReadSummary, asReadTurn, insertOrdered, SessionMirror } from './session-mirror.js';
import { onRollback } from './transaction.js';

export type SessionRow = typeof sessions.$inferSelect;
export type TurnRow = typeof turns.$inferSelect;
export type NewTurn = typeof turns.$inferInsert;
export type SummaryRow = typeof summaries.$inferSelect;
export type NewSummary = typeof summaries.$inferInsert;
export type SessionChanges = Partial<Omit<SessionRow, 'id' | 'createdAt'>>;

/** An archived summary as retrieval lists it. */
export interface ArchivedId {
  id: string;
  seq: number;
}

/** What tells one state of a session's archive from another (see SummaryArchiveCache). */
export interface ArchiveBounds {
  count: number;
  /** The lowest and highest numbers in the archive; 0 when it is empty. */
  minSeq: number;
  maxSeq: number;
  /** The newest archived summary's id; null when the archive is empty. */
  maxId: string | null;
}

/** How many summaries a session keeps, per archiveOldSummaries. */
export interface ArchiveKeep {
  /** Active summaries: the newest this many stay active. */
  active: number;
  /** Archived summaries kept when the oldest are deleted. */
  archived: number;
  /** How many more than `archived` the archive may hold before its oldest are deleted (default 0: deleted at once). */
  slack?: number;
}

const p = sql.placeholder;

/** The session's `archivedThrough`: its summaries numbered up to it are archived. */
const archivedThrough = sql`(select ${sessions.archivedThrough} from ${sessions} where ${sessions.id} = ${p('sessionId')})`;

/** A session's newly recorded turn, as its row keeps it. */
export interface SessionTurnUpdate {
  turnNumber: number;
  at: number;
  now: number;
}

export interface WindowDecision {
  size: number;
  reason: string;
  detail: string;
}

function withTurn(row: SessionRow, turn: SessionTurnUpdate): SessionRow {
  return { ...row, lastTurnNumber: turn.turnNumber, lastTurnAt: turn.at, updatedAt: turn.now, endedAt: null };
}

// Every column an insert sets, by its key in the schema (ids and defaults included).
const turnColumns = [
  'sessionId', 'turnNumber', 'role', 'content', 'toolCallId', 'toolName', 'tokenCount', 'continuity', 'domain',
  'topicShift', 'state', 'outputValid', 'cacheable', 'createdAt',
] as const satisfies ReadonlyArray<keyof NewTurn>;
// drizzle encodes a boolean placeholder as `value ? 1 : 0`, so a nullable flag left null
// ("not reported") would be stored as false: these are bound raw, as 1, 0 or null.
const turnNullableFlags = ['outputValid', 'cacheable'] as const satisfies ReadonlyArray<(typeof turnColumns)[number]>;
const summaryColumns = [
  'id', 'sessionId', 'seq', 'body', 'topic', 'tokenCount', 'searchText', 'compactBody', 'compactTokenCount', 'firstTurn',
  'lastTurn', 'turnNumbers', 'startedAt', 'endedAt', 'createdAt',
] as const satisfies ReadonlyArray<keyof NewSummary>;

function placeholders<K extends string>(columns: readonly K[], nullableFlags: readonly K[] = []): Record<K, Placeholder | SQL> {
  return Object.fromEntries(columns.map((column) => [column, nullableFlags.includes(column) ? sql`${p(column)}` : p(column)])) as Record<K, Placeholder | SQL>;
}

/** A prepared insert needs a value for every placeholder: absent optional columns become null. */
function withNulls<K extends string>(columns: readonly K[], row: Partial<Record<K, unknown>>): Record<K, unknown> {
  // A loop, not Object.fromEntries: the rows of one table come out with one shape.
  const values = {} as Record<K, unknown>;
  for (const column of columns) values[column] = row[column] ?? null;
  return values;
}

/** The values with each nullable flag as SQLite stores it: 1, 0, or null for "unknown". */
function withFlagsBound<K extends string>(values: Record<K, unknown>, nullableFlags: readonly K[]): Record<K, unknown> {
  const bound = {} as Record<K, unknown>;
  for (const column in values) bound[column] = values[column];
  for (const flag of nullableFlags) bound[flag] = values[flag] === null ? null : values[flag] ? 1 : 0;
  return bound;
}

/**
 * The conversational tier's storage: sessions, turns and summaries. Every query on the
 * context call's path is built and compiled once per database (building a drizzle
 * query and preparing it in SQLite cost ~100 µs per call; running a compiled one a few).
 */
export class ConversationStore {
  private readonly q;
  private readonly mirror = new SessionMirror();
  readonly db: Db;

  constructor(database: Database) {
    const db = database.db;
    this.db = db;
    onRollback(database, () => this.mirror.forgetAll());
    this.q = {
      session: compileSelect(db.select().from(sessions).where(eq(sessions.id, p('id')))),
      windowDecision: compileWrite(
        db
          .update(sessions)
          .set({ windowSize: sql`${p('size')}`, windowReason: sql`${p('reason')}`, windowDetail: sql`${p('detail')}` })
          .where(eq(sessions.id, p('id'))),
      ),
      sessionTurnAndWindow: compileWrite(
        db
          .update(sessions)
          .set({
            lastTurnNumber: sql`${p('turnNumber')}`,
            lastTurnAt: sql`${p('at')}`,
            updatedAt: sql`${p('now')}`,
            endedAt: null,
            windowSize: sql`${p('size')}`,
            windowReason: sql`${p('reason')}`,
            windowDetail: sql`${p('detail')}`,
          })
          .where(eq(sessions.id, p('id'))),
      ),
      insertTurn: compileWrite(db.insert(turns).values(placeholders(turnColumns, turnNullableFlags))),
      insertSummary: compileWrite(db.insert(summaries).values(placeholders(summaryColumns))),
      liveTurns: compileSelect(db.select().from(turns).where(eq(turns.sessionId, p('sessionId'))).orderBy(asc(turns.turnNumber))),
      latestTurnText: compileSelect(
        db
          .select({ content: turns.content })
          .from(turns)
          .where(eq(turns.sessionId, p('sessionId')))
          .orderBy(desc(turns.turnNumber))
          .limit(1),
      ),
      latestUserTurnText: compileSelect(
        db
          .select({ content: turns.content })
          .from(turns)
          .where(and(eq(turns.sessionId, p('sessionId')), eq(turns.role, 'user'), isNotNull(turns.content)))
          .orderBy(desc(turns.turnNumber))
          .limit(1),
      ),
      turnState: compileWrite(
        db
          .update(turns)
          .set({ state: sql`${p('state')}` })
          .where(and(eq(turns.sessionId, p('sessionId')), eq(turns.turnNumber, p('turnNumber')))),
      ),
      deleteTurn: compileWrite(db.delete(turns).where(and(eq(turns.sessionId, p('sessionId')), eq(turns.turnNumber, p('turnNumber'))))),
      deleteTurnRange: compileWrite(
        db
          .delete(turns)
          .where(and(eq(turns.sessionId, p('sessionId')), sql`${turns.turnNumber} between ${p('first')} and ${p('last')}`)),
      ),
      // The highest number the session has used: a deleted archive still counts through archivedThrough.
      maxSeq: compileSelect(
        db
          .select({ max: sql<number | null>`max(coalesce(max(${summaries.seq}), 0), coalesce(${archivedThrough}, 0))` })
          .from(summaries)
          .where(eq(summaries.sessionId, p('sessionId'))),
      ),
      active: compileSelect(
        db
          .select()
          .from(summaries)
          .where(and(eq(summaries.sessionId, p('sessionId')), sql`${summaries.seq} > ${archivedThrough}`))
          .orderBy(asc(summaries.seq)),
      ),
      archivedIds: compileSelect(
        db
          .select({ id: summaries.id, seq: summaries.seq })
          .from(summaries)
          .where(
            and(
              eq(summaries.sessionId, p('sessionId'),
      ),
            sql`${summaries.seq} <= ${archivedThrough}`,
            sql`${summaries.endedAt} >= ${p('from')}`,
            sql`${summaries.startedAt} <= ${p('to')}`,
          ),
        )
        .orderBy(desc(summaries.seq))),
      archivedIdsAfter: compileSelect(
        db
          .select({ id: summaries.id, seq: summaries.seq })
          .from(summaries)
          .where(and(eq(summaries.sessionId, p('sessionId')), sql`${summaries.seq} <= ${archivedThrough}`, sql`${summaries.seq} > ${p('seq')}`))
          .orderBy(desc(summaries.seq)),
      ),
      archiveBounds: compileSelect(
        db
          .select({
            count: sql<number>`count(*)`,
            minSeq: sql<number | null>`min(${summaries.seq})`,
            maxSeq: sql<number | null>`max(${summaries.seq})`,
            maxId: sql<string | null>`(select newest.id from ${summaries} as newest where newest.session_id = ${p('sessionId')} and newest.seq <= ${archivedThrough} order by newest.seq desc limit 1)`,
          })
          .from(summaries)
          .where(and(eq(summaries.sessionId, p('sessionId')), sql`${summaries.seq} <= ${archivedThrough}`)),
      ),
      searchText: compileSelect(db.select({ searchText: summaries.searchText }).from(summaries).where(eq(summaries.id, p('id')))),
      summaryById: compileSelect(db.select().from(summaries).where(eq(summaries.id, p('id')))),
      setArchivedThrough: compileWrite(
        db
          .update(sessions)
          .set({ archivedThrough: sql`${p('seq')}` })
          .where(eq(sessions.id, p('sessionId'))),
      ),
      oldestSeq: compileSelect(
        db
          .select({ min: sql<number | null>`min(${summaries.seq})` })
          .from(summaries)
          .where(eq(summaries.sessionId, p('sessionId'))),
      ),
      deleteArchivedUpTo: compileWrite(
        db
          .delete(summaries)
          .where(and(eq(summaries.sessionId, p('sessionId')), sql`${summaries.seq} <= ${p('seq')}`)),
      ),
    };
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
   */
  ensureSession(id: string, now: number): SessionRow {
    const existing = this.findSession(id);
    if (existing === undefined) return this.createSession(id, now);
    if (existing.endedAt === null) return existing;
    const reopened = { endedAt: null, usedTools: '[]', lastOutputValid: null } satisfies SessionChanges;
    this.updateSession(id, reopened);
    return { ...existing, ...reopened };
  }

  private createSession(id: string, now: number): SessionRow {
    const row: SessionRow = {
      id,
      createdAt: now,
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
    const values = withNulls(turnColumns, turn);
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
    const values = withNulls(summaryColumns, summary);
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
