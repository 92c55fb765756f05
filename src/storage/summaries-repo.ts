import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { summaries } from './schema.js';

export type SummaryRow = typeof summaries.$inferSelect;
export type NewSummary = typeof summaries.$inferInsert;

export function insertSummary(db: Db, summary: NewSummary): SummaryRow {
  return db.insert(summaries).values(summary).returning().get();
}

export function nextSummarySeq(db: Db, sessionId: string): number {
  const row = db.select({ max: sql<number | null>`max(${summaries.seq})` }).from(summaries).where(eq(summaries.sessionId, sessionId)).get();
  return (row?.max ?? 0) + 1;
}

/** The session's active summaries, oldest first. */
export function activeSummaries(db: Db, sessionId: string): SummaryRow[] {
  return db
    .select()
    .from(summaries)
    .where(and(eq(summaries.sessionId, sessionId), eq(summaries.status, 'active')))
    .orderBy(asc(summaries.seq))
    .all();
}

/** Archives all but the newest `keep` active summaries; returns how many were archived. */
export function archiveOldSummaries(db: Db, sessionId: string, keep: number, at: number): number {
  const active = db
    .select({ seq: summaries.seq })
    .from(summaries)
    .where(and(eq(summaries.sessionId, sessionId), eq(summaries.status, 'active')))
    .orderBy(desc(summaries.seq))
    .all();
  if (active.length <= keep) return 0;
  const cutoff = keep === 0 ? Number.MAX_SAFE_INTEGER : (active[keep - 1]?.seq ?? 0);
  return db
    .update(summaries)
    .set({ status: 'archived', archivedAt: at })
    .where(and(eq(summaries.sessionId, sessionId), eq(summaries.status, 'active'), sql`${summaries.seq} < ${cutoff}`))
    .run().changes;
}

/** Deletes all but the newest `keep` archived summaries of the session; returns how many went. */
export function deleteOldArchivedSummaries(db: Db, sessionId: string, keep: number): number {
  const cutoff = db
    .select({ seq: summaries.seq })
    .from(summaries)
    .where(and(eq(summaries.sessionId, sessionId), eq(summaries.status, 'archived')))
    .orderBy(desc(summaries.seq))
    .limit(1)
    .offset(keep)
    .get();
  if (cutoff === undefined) return 0;
  return db
    .delete(summaries)
    .where(and(eq(summaries.sessionId, sessionId), eq(summaries.status, 'archived'), sql`${summaries.seq} <= ${cutoff.seq}`))
    .run().changes;
}

/** Archived summaries of the session, newest first (retrieval ranks them further). */
export function archivedSummaries(db: Db, sessionId: string, limit: number): SummaryRow[] {
  return db
    .select()
    .from(summaries)
    .where(and(eq(summaries.sessionId, sessionId), eq(summaries.status, 'archived')))
    .orderBy(desc(summaries.seq))
    .limit(limit)
    .all();
}
