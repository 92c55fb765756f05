import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { compileSelect, perDatabase } from './compiled-query.js';
import type { Db } from './database.js';
import { responseCache } from './schema.js';

export type ResponseCacheRow = typeof responseCache.$inferSelect;

/** What the dedup index keeps of a row: enough to score it, not the answer. */
export interface ResponseVectorRow {
  key: string;
  language: 'en' | 'es';
  embedding: Buffer;
  expiresAt: number;
}

/** Inserts the answer, or replaces the one cached under the same key (a newer answer wins). */
export function upsertResponse(db: Db, row: ResponseCacheRow): void {
  const { key: _key, ...changes } = row;
  db.insert(responseCache).values(row).onConflictDoUpdate({ target: responseCache.key, set: changes }).run();
}

/** Reads on the request path, prepared once: building a drizzle query costs ~100 µs, running it ~10. */
export interface ResponseCacheReader {
  /** The row under `key` while it has not expired. */
  findLive(key: string, now: number): ResponseCacheRow | undefined;
}

export function responseCacheReader(db: Db): ResponseCacheReader {
  const live = compileSelect(
    db
      .select()
      .from(responseCache)
      .where(and(eq(responseCache.key, sql.placeholder('key')), gt(responseCache.expiresAt, sql.placeholder('now')))),
  );
  return { findLive: (key, now) => live.get({ key, now }) };
}

/** Unexpired rows with a vector of this embedder, oldest first, for the in-memory dedup index. */
export function liveResponseVectors(db: Db, embedderId: string, now: number): ResponseVectorRow[] {
  return db
    .select({ key: responseCache.key, language: responseCache.language, embedding: responseCache.embedding, expiresAt: responseCache.expiresAt })
    .from(responseCache)
    .where(and(eq(responseCache.embedderId, embedderId), gt(responseCache.expiresAt, now)))
    .orderBy(asc(responseCache.createdAt))
    .all()
    .filter((row): row is ResponseVectorRow => row.embedding !== null);
}

// Prepared once per database: every fact change runs it (see ResponseCache.invalidateAll).
const deleteAll = perDatabase((db: Db) => compileSelect(db.delete(responseCache).returning({ key: responseCache.key })));

/** Deletes every cached answer; returns their keys. */
export function deleteAllResponses(db: Db): string[] {
  return deleteAll(db).all().map((row) => row.key);
}

/** Deletes the rows expired at `now`; returns how many. */
export function deleteExpiredResponses(db: Db, now: number): number {
  return db.delete(responseCache).where(lte(responseCache.expiresAt, now)).run().changes;
}

export function countResponses(db: Db): number {
  return db.select({ n: sql<number>`count(*)` }).from(responseCache).get()?.n ?? 0;
}
