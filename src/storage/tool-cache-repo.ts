import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { toolCache } from './schema.js';

export type ToolCacheRow = typeof toolCache.$inferSelect;

/** Inserts the result, or replaces the one under the same key (the newer run wins). */
export function upsertToolResult(db: Db, row: ToolCacheRow): void {
  const { key: _key, ...changes } = row;
  db.insert(toolCache).values(row).onConflictDoUpdate({ target: toolCache.key, set: changes }).run();
}

/** The row under `key` while it has not expired. */
export function findLiveToolResult(db: Db, key: string, now: number): ToolCacheRow | undefined {
  return db
    .select()
    .from(toolCache)
    .where(and(eq(toolCache.key, key), gt(toolCache.expiresAt, now)))
    .get();
}

/** Deletes the rows expired at `now`; returns how many. */
export function deleteExpiredToolResults(db: Db, now: number): number {
  return db.delete(toolCache).where(lte(toolCache.expiresAt, now)).run().changes;
}

export function countToolResults(db: Db): number {
  return db.select({ n: sql<number>`count(*)` }).from(toolCache).get()?.n ?? 0;
}
