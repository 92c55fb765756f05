import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { errors } from './schema.js';

export type ErrorRow = typeof errors.$inferSelect;

export function insertError(db: Db, row: { sessionId: string | null; code: string; message: string; createdAt: number }): number {
  return db.insert(errors).values(row).returning({ id: errors.id }).get().id;
}

/** The session's newest error created after `since`. */
export function newestErrorSince(db: Db, sessionId: string, since: number): ErrorRow | undefined {
  return db
    .select()
    .from(errors)
    .where(and(eq(errors.sessionId, sessionId), gt(errors.createdAt, since)))
    .orderBy(desc(errors.createdAt), desc(errors.id))
    .limit(1)
    .get();
}

/** Deletes the errors created at or before `cutoff`; returns how many. */
export function deleteErrorsUpTo(db: Db, cutoff: number): number {
  return db.delete(errors).where(lte(errors.createdAt, cutoff)).run().changes;
}

export function countErrors(db: Db): number {
  return db.select({ n: sql<number>`count(*)` }).from(errors).get()?.n ?? 0;
}

/** Deletes a session's error records; returns how many. */
export function deleteSessionErrors(db: Db, sessionId: string): number {
  return db.delete(errors).where(eq(errors.sessionId, sessionId)).run().changes;
}
