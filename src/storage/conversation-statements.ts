import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { compileSelect, compileWrite } from './compiled-query.js';
import { columnPlaceholders } from './column-placeholders.js';
import { summaryColumns, turnColumns, turnNullableFlags } from './conversation-insert-columns.js';
import type { Db } from './database.js';
import { sessions, summaries, turns } from './schema.js';

const p = sql.placeholder;

// The session's `archivedThrough`: its summaries numbered up to it are archived.
const archivedThrough = sql`(select ${sessions.archivedThrough} from ${sessions} where ${sessions.id} = ${p('sessionId')})`;

/** The conversation store's statements, built with drizzle and compiled once (the store keeps them). */
export function conversationStatements(db: Db) {
  return {
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
    sessionCounts: compileSelect(
      db
        .select({
          turns: sql<number>`(select count(*) from ${turns} where ${turns.sessionId} = ${p('sessionId')})`,
          summaries: sql<number>`(select count(*) from ${summaries} where ${summaries.sessionId} = ${p('sessionId')})`,
        })
        .from(sessions)
        .where(eq(sessions.id, p('sessionId'))),
    ),
    // Its turns and summaries go with it (on delete cascade).
    deleteSession: compileWrite(db.delete(sessions).where(eq(sessions.id, p('sessionId')))),
    insertTurn: compileWrite(db.insert(turns).values(columnPlaceholders(turnColumns, turnNullableFlags))),
    insertSummary: compileWrite(db.insert(summaries).values(columnPlaceholders(summaryColumns))),
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
    // A tool call moved up to the result that answers it (see ConversationStore.moveTurn).
    moveTurn: compileWrite(
      db
        .update(turns)
        .set({ turnNumber: sql`${p('to')}`, state: 'window', continuity: null })
        .where(and(eq(turns.sessionId, p('sessionId')), eq(turns.turnNumber, p('from')))),
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
            eq(summaries.sessionId, p('sessionId')),
            sql`${summaries.seq} <= ${archivedThrough}`,
            sql`${summaries.endedAt} >= ${p('from')}`,
            sql`${summaries.startedAt} <= ${p('to')}`,
          ),
        )
        .orderBy(desc(summaries.seq)),
    ),
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

export type ConversationStatements = ReturnType<typeof conversationStatements>;
