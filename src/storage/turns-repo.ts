import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { turns } from './schema.js';

export type TurnRow = typeof turns.$inferSelect;
export type NewTurn = typeof turns.$inferInsert;

export function insertTurn(db: Db, turn: NewTurn): TurnRow {
  return db.insert(turns).values(turn).returning().get();
}

/** The session's stored turns (window and open segment), oldest first. */
export function liveTurns(db: Db, sessionId: string): TurnRow[] {
  return db.select().from(turns).where(eq(turns.sessionId, sessionId)).orderBy(asc(turns.turnNumber)).all();
}

export function setTurnState(db: Db, sessionId: string, turnNumbers: readonly number[], state: 'window' | 'segment'): void {
  if (turnNumbers.length === 0) return;
  db.update(turns)
    .set({ state })
    .where(and(eq(turns.sessionId, sessionId), inArray(turns.turnNumber, [...turnNumbers])))
    .run();
}

/** Deletes summarised turns: their raw text goes, the summary (with their numbers) replaces them. */
export function deleteSummarizedTurns(db: Db, sessionId: string, turnNumbers: readonly number[]): void {
  if (turnNumbers.length === 0) return;
  db.delete(turns)
    .where(and(eq(turns.sessionId, sessionId), inArray(turns.turnNumber, [...turnNumbers])))
    .run();
}

export function countTurns(db: Db, sessionId?: string): number {
  return db.select({ n: sql<number>`count(*)` }).from(turns).where(sessionId === undefined ? undefined : eq(turns.sessionId, sessionId)).get()?.n ?? 0;
}
