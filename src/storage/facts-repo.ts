import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { columnPlaceholders, columnValues } from './column-placeholders.js';
import { compileSelect, compileWrite, perDatabase, type CompiledWrite } from './compiled-query.js';
import type { Db } from './database.js';
import { facts } from './schema.js';

export type FactRow = typeof facts.$inferSelect;
export type FactRowStatus = FactRow['status'];
export type FactRowDomain = FactRow['domain'];

const LIVE: FactRowStatus[] = ['active', 'dormant', 'stale'];

const FACT_COLUMNS = Object.keys(getTableColumns(facts)) as Array<keyof FactRow>;
const insertStatement = perDatabase((db: Db) =>
  compileWrite(db.insert(facts).values(columnPlaceholders(FACT_COLUMNS))),
);

/** Inserts a whole row (every column given), with a statement prepared once per database. */
export function insertFactRow(db: Db, row: FactRow): void {
  insertStatement(db).run(row);
}

export function findFactRow(db: Db, id: string): FactRow | undefined {
  return db.select().from(facts).where(eq(facts.id, id)).get();
}

// One statement per set of columns changed (a handful: retire, re-confirm, edit, decay, re-embed).
const updateStatements = perDatabase((_db: Db) => new Map<string, CompiledWrite>());

/** Sets `changes` on one fact (its id and creation time stay); the statement for that set of columns is prepared once per database. */
export function updateFactRow(db: Db, id: string, changes: Partial<Omit<FactRow, 'id' | 'createdAt'>>): void {
  const columns = Object.keys(changes)
    .filter((column) => column !== 'id' && column !== 'createdAt' && changes[column as keyof typeof changes] !== undefined)
    .sort();
  if (columns.length === 0) return;
  const statements = updateStatements(db);
  const key = columns.join(',');
  let query = statements.get(key);
  if (query === undefined) {
    query = compileWrite(db.update(facts).set(columnPlaceholders(columns)).where(eq(facts.id, sql.placeholder('id'))));
    statements.set(key, query);
  }
  query.run({ ...columnValues(columns, changes), id });
}

// Prepared once per database: a message that states a fact reads its subject's facts,
// and building the drizzle query each time cost ~0.4 ms of such a call (it runs cold: 2 %
// of the calls state a fact).
const bySubject = perDatabase((db: Db) =>
  compileSelect(
    db
      .select()
      .from(facts)
      .where(and(eq(facts.subject, sql.placeholder('subject')), inArray(facts.status, LIVE)))
      .orderBy(asc(facts.createdAt), asc(facts.id)),
  ),
);

/** Facts that still hold about one subject, oldest first. */
export function liveFactRowsBySubject(db: Db, subject: string): FactRow[] {
  return bySubject(db).all({ subject });
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
