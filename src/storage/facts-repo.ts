import { and, asc, desc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from './database.js';
import { facts } from './schema.js';

export type FactRow = typeof facts.$inferSelect;
export type NewFactRow = typeof facts.$inferInsert;
export type FactRowStatus = FactRow['status'];
export type FactRowDomain = FactRow['domain'];

const LIVE: FactRowStatus[] = ['active', 'dormant', 'stale'];

export function insertFactRow(db: Db, row: NewFactRow): void {
  db.insert(facts).values(row).run();
}

export function findFactRow(db: Db, id: string): FactRow | undefined {
  return db.select().from(facts).where(eq(facts.id, id)).get();
}

export function updateFactRow(db: Db, id: string, changes: Partial<Omit<FactRow, 'id' | 'createdAt'>>): void {
  db.update(facts).set(changes).where(eq(facts.id, id)).run();
}

/** Facts that still hold about one subject, oldest first. */
export function liveFactRowsBySubject(db: Db, subject: string): FactRow[] {
  return db
    .select()
    .from(facts)
    .where(and(eq(facts.subject, subject), inArray(facts.status, LIVE)))
    .orderBy(asc(facts.createdAt), asc(facts.id))
    .all();
}

/** Every fact that still holds (active, dormant or stale), by id. */
export function liveFactRows(db: Db): FactRow[] {
  return db.select().from(facts).where(inArray(facts.status, LIVE)).orderBy(asc(facts.id)).all();
}

/** Facts with any of `statuses` (all when omitted), optionally of one domain; newest first (ties by id, descending). */
export function listFactRows(db: Db, filter: { statuses?: readonly FactRowStatus[]; domain?: FactRowDomain }): FactRow[] {
  const conditions = [
    filter.statuses ? inArray(facts.status, [...filter.statuses]) : undefined,
    filter.domain ? eq(facts.domain, filter.domain) : undefined,
  ].filter((condition) => condition !== undefined);
  return db
    .select()
    .from(facts)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(facts.createdAt), desc(facts.id))
    .all();
}

/** The facts that `ids` replaced (their `superseded_by` is one of them). */
export function factRowsSupersededBy(db: Db, ids: readonly string[]): FactRow[] {
  if (ids.length === 0) return [];
  return db.select().from(facts).where(inArray(facts.supersededBy, [...ids])).all();
}

/** Live facts without a vector of `embedderId` (never embedded, or by another embedder). */
export function factRowsNeedingEmbedding(db: Db, embedderId: string): FactRow[] {
  return db
    .select()
    .from(facts)
    .where(
      and(
        inArray(facts.status, LIVE),
        or(isNull(facts.embedding), isNull(facts.embedderId), ne(facts.embedderId, embedderId)),
      ),
    )
    .orderBy(asc(facts.id))
    .all();
}

/** The latest live facts that came from one session, newest first. */
export function recentSessionFactRows(db: Db, sessionId: string, limit: number): FactRow[] {
  return db
    .select()
    .from(facts)
    .where(and(eq(facts.provenanceSession, sessionId), inArray(facts.status, LIVE)))
    .orderBy(desc(facts.createdAt), desc(facts.id))
    .limit(limit)
    .all();
}

/** What the decay pass reads of every live fact. */
export function liveDecayRows(db: Db): Array<Pick<FactRow, 'id' | 'status' | 'confidence' | 'lastConfirmedAt'>> {
  return db
    .select({ id: facts.id, status: facts.status, confidence: facts.confidence, lastConfirmedAt: facts.lastConfirmedAt })
    .from(facts)
    .where(inArray(facts.status, LIVE))
    .orderBy(asc(facts.id))
    .all();
}
