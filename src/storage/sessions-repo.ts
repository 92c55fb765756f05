import { eq, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { sessions } from './schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export function findSession(db: Db, id: string): SessionRow | undefined {
  return db.select().from(sessions).where(eq(sessions.id, id)).get();
}

/** The session, created on first use (a session exists from its first recorded turn). */
export function ensureSession(db: Db, id: string, now: number): SessionRow {
  const existing = findSession(db, id);
  if (existing) return existing;
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
    endedAt: null,
  };
  db.insert(sessions).values(row).run();
  return row;
}

export function recordSessionTurn(db: Db, id: string, update: { turnNumber: number; at: number; now: number }): void {
  db.update(sessions)
    .set({ lastTurnNumber: update.turnNumber, lastTurnAt: update.at, updatedAt: update.now, endedAt: null })
    .where(eq(sessions.id, id))
    .run();
}

export function updateSession(
  db: Db,
  id: string,
  changes: Partial<Omit<SessionRow, 'id' | 'createdAt'>>,
): void {
  db.update(sessions).set(changes).where(eq(sessions.id, id)).run();
}

export function countSessions(db: Db): number {
  return db.select({ n: sql<number>`count(*)` }).from(sessions).get()?.n ?? 0;
}
