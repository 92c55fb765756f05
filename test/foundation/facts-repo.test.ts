import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/storage/database.js';
import { insertFactRow, liveFactRowsBySubject, updateFactRow, type FactRow } from '../../src/storage/facts-repo.js';
import { deleteAllResponses } from '../../src/storage/response-cache-repo.js';
import { facts, responseCache } from '../../src/storage/schema.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { tempDatabase } from '../helpers/temp-database.js';

// The facts statements prepared once per database (facts-repo.ts) write and read what
// drizzle's own queries do, value for value.
const defer = cleanupAfterEach();

const freshDatabase = (): Database => tempDatabase(defer);

function row(id: string, changes: Partial<FactRow> = {}): FactRow {
  return {
    id, domain: 'work', fact: `I work at ${id}`, subject: 'work:employer', confidence: 'high', source: 'explicit', status: 'active',
    supersededBy: null, deletedReason: null, provenanceSession: 's1', provenanceTurns: '[3]', tokenCount: 6,
    embedding: Buffer.from(new Float32Array([0.5, -1, 2]).buffer), embedderId: 'hash', createdAt: 10, lastConfirmedAt: 11, updatedAt: 12,
    ...changes,
  };
}

const drizzleRow = (database: Database, id: string) => database.db.select().from(facts).where(eq(facts.id, id)).get();

describe('the facts statements prepared once', () => {
  it('insert whole rows that read back as given, nulls and blobs included', () => {
    const database = freshDatabase();
    const full = row('acme');
    const sparse = row('globex', { subject: null, embedding: null, embedderId: null, provenanceSession: null, status: 'dormant' });
    insertFactRow(database.db, full);
    insertFactRow(database.db, sparse);
    expect(drizzleRow(database, 'acme')).toEqual(full);
    expect(drizzleRow(database, 'globex')).toEqual(sparse);
  });

  it('update only the columns given, one statement per set of columns, whatever their order', () => {
    const database = freshDatabase();
    insertFactRow(database.db, row('acme'));
    insertFactRow(database.db, row('initech'));
    updateFactRow(database.db, 'acme', { status: 'superseded', supersededBy: 'globex', deletedReason: null, updatedAt: 20 });
    updateFactRow(database.db, 'initech', { updatedAt: 21, deletedReason: 'cancelled', supersededBy: null, status: 'deleted' });
    updateFactRow(database.db, 'initech', { confidence: 'low', fact: undefined });
    // A whole row, as an edit passes it: its id and creation time are not columns to set.
    updateFactRow(database.db, 'acme', { ...row('other', { createdAt: 99 }), status: 'superseded', supersededBy: 'globex', updatedAt: 20, fact: 'I work at acme' });
    expect(drizzleRow(database, 'acme')).toEqual(row('acme', { status: 'superseded', supersededBy: 'globex', updatedAt: 20 }));
    expect(drizzleRow(database, 'initech')).toEqual(row('initech', { status: 'deleted', deletedReason: 'cancelled', updatedAt: 21, confidence: 'low' }));
  });

  it('read a subject live facts as drizzle own query does, oldest first', () => {
    const database = freshDatabase();
    insertFactRow(database.db, row('b', { createdAt: 5 }));
    insertFactRow(database.db, row('a', { createdAt: 5 }));
    insertFactRow(database.db, row('c', { createdAt: 1, status: 'stale' }));
    insertFactRow(database.db, row('d', { status: 'superseded' }));
    insertFactRow(database.db, row('e', { subject: 'home:city' }));
    const expected = database.db
      .select()
      .from(facts)
      .where(and(eq(facts.subject, 'work:employer'), inArray(facts.status, ['active', 'dormant', 'stale'])))
      .orderBy(asc(facts.createdAt), asc(facts.id))
      .all();
    expect(liveFactRowsBySubject(database.db, 'work:employer')).toEqual(expected);
    expect(expected.map((fact) => fact.id)).toEqual(['c', 'a', 'b']);
  });

  it('delete every cached answer, returning their keys', () => {
    const database = freshDatabase();
    const answer = (key: string) => ({ key, query: key, response: 'r', language: 'en' as const, sessionId: 's1', embedding: null, embedderId: null, createdAt: 1, expiresAt: 99 });
    database.db.insert(responseCache).values([answer('k1'), answer('k2')]).run();
    expect(deleteAllResponses(database.db).sort()).toEqual(['k1', 'k2']);
    expect(deleteAllResponses(database.db)).toEqual([]);
    expect(database.db.select().from(responseCache).all()).toEqual([]);
  });
});
