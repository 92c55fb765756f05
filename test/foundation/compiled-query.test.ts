import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compileSelect, compileWrite } from '../../src/storage/compiled-query.js';
import type { Database } from '../../src/storage/database.js';
import { responseCache, sessions, summaries, turns } from '../../src/storage/schema.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { tempDatabase } from '../helpers/temp-database.js';

const defer = cleanupAfterEach();
const p = sql.placeholder;

const freshDatabase = (): Database => tempDatabase(defer);

// Rows with every kind of value the schema has: text, integer, real, booleans (true, false
// and null), a blob, and nulls in optional columns.
function seed(database: Database): void {
  const { db } = database;
  db.insert(sessions).values({ id: 's1', createdAt: 1, updatedAt: 2, lastTurnNumber: 3, lastOutputValid: true, archivedThrough: 2 }).run();
  db.insert(sessions).values({ id: 's2', createdAt: 1, updatedAt: 2, lastTurnNumber: 0, lastOutputValid: null, windowReason: 'flush' }).run();
  db.insert(turns)
    .values([
      { sessionId: 's1', turnNumber: 1, role: 'user', content: 'hola', tokenCount: 5, continuity: 0.25, topicShift: true, outputValid: null, cacheable: false, createdAt: 10 },
      { sessionId: 's1', turnNumber: 2, role: 'assistant', content: null, toolCallId: 'c1', toolName: 'search', tokenCount: 9, outputValid: true, createdAt: 11 },
      { sessionId: 's1', turnNumber: 3, role: 'tool', content: '{"a":1}', toolCallId: 'c1', tokenCount: 7, state: 'segment', createdAt: 12 },
    ])
    .run();
  for (const seq of [1, 2, 3]) {
    db.insert(summaries)
      .values({
        id: `sum-${seq}`, sessionId: 's1', seq, body: `{"topic":"t${seq}"}`, topic: `t${seq}`, tokenCount: seq, searchText: 'garden',
        compactBody: '{}', compactTokenCount: 1, firstTurn: seq, lastTurn: seq,
        turnNumbers: `[${seq}]`, startedAt: seq, endedAt: seq, createdAt: seq,
      })
      .run();
  }
  db.insert(responseCache)
    .values({
      key: 'k1', query: 'capital of australia', language: 'en', response: 'Canberra.', sessionId: 's1', embedding: Buffer.from([1, 2, 3, 250]), embedderId: 'hashing',
      createdAt: 1, expiresAt: 1000,
    })
    .run();
}

describe('compiled queries', () => {
  it('give the rows drizzle gives, value for value, for whole rows, partial selects and SQL fields', () => {
    const database = freshDatabase();
    seed(database);
    const { db } = database;
    const builders = {
      session: () => db.select().from(sessions).where(eq(sessions.id, p('id'))),
      turnsOf: () => db.select().from(turns).where(eq(turns.sessionId, p('sessionId'))).orderBy(asc(turns.turnNumber)),
      contents: () => db.select({ content: turns.content, shift: turns.topicShift }).from(turns).orderBy(asc(turns.turnNumber)),
      bounds: () =>
        db
          .select({ count: sql<number>`count(*)`, maxSeq: sql<number | null>`max(${summaries.seq})`, doubled: sql<number>`sum(${summaries.seq})`.mapWith((value: number) => value * 2) })
          .from(summaries)
          .where(and(eq(summaries.sessionId, p('sessionId')), sql`${summaries.seq} <= (select ${sessions.archivedThrough} from ${sessions} where ${sessions.id} = ${p('sessionId')})`)),
      cached: () => db.select().from(responseCache).where(eq(responseCache.key, p('key'))),
    };
    // Each query compiled and prepared by drizzle, run with the same values: the same rows.
    const same = <Row>(build: () => { prepare(): { all(values?: Record<string, unknown>): Row[]; get(values?: Record<string, unknown>): Row | undefined } }, values: Record<string, unknown>) => {
      const compiled = compileSelect(build());
      const drizzle = build().prepare();
      expect(compiled.all(values)).toEqual(drizzle.all(values));
      expect(compiled.get(values)).toEqual(drizzle.get(values));
      return compiled.all(values).length;
    };
    expect(same(builders.session, { id: 's1' })).toBe(1);
    expect(same(builders.session, { id: 's2' })).toBe(1);
    expect(same(builders.session, { id: 'missing' })).toBe(0);
    expect(same(builders.turnsOf, { sessionId: 's1' })).toBe(3);
    expect(same(builders.turnsOf, { sessionId: 's2' })).toBe(0);
    expect(same(builders.contents, {})).toBe(3);
    expect(same(builders.bounds, { sessionId: 's1' })).toBe(1);
    expect(same(builders.bounds, { sessionId: 'missing' })).toBe(1);
    expect(same(builders.cached, { key: 'k1' })).toBe(1);
    const turn = compileSelect(builders.turnsOf()).get({ sessionId: 's1' });
    expect(turn?.topicShift).toBe(true);
    expect(turn?.cacheable).toBe(false);
    expect(turn?.outputValid).toBeNull();
    expect(compileSelect(builders.bounds()).get({ sessionId: 's1' })).toEqual({ count: 2, maxSeq: 2, doubled: 6 });
    expect(Buffer.isBuffer(compileSelect(builders.cached()).get({ key: 'k1' })?.embedding)).toBe(true);
  });

  it('encode placeholders the way drizzle does (a boolean through its column) and run writes', () => {
    const database = freshDatabase();
    seed(database);
    const { db } = database;
    const insert = compileWrite(
      db.insert(turns).values({
        sessionId: p('sessionId'), turnNumber: p('turnNumber'), role: 'user', content: p('content'), tokenCount: 1, topicShift: p('shift'), createdAt: 20,
      }),
    );
    expect(insert.run({ sessionId: 's2', turnNumber: 1, content: 'x', shift: true }).changes).toBe(1);
    expect(insert.run({ sessionId: 's2', turnNumber: 2, content: null, shift: false }).changes).toBe(1);
    const stored = database.sqlite.prepare('select turn_number, content, topic_shift from turns where session_id = ? order by turn_number').all('s2');
    expect(stored).toEqual([
      { turn_number: 1, content: 'x', topic_shift: 1 },
      { turn_number: 2, content: null, topic_shift: 0 },
    ]);
    const remove = compileWrite(db.delete(turns).where(and(eq(turns.sessionId, p('sessionId')), eq(turns.turnNumber, p('turnNumber')))));
    expect(remove.run({ sessionId: 's2', turnNumber: 1 }).changes).toBe(1);
    expect(remove.run({ sessionId: 's2', turnNumber: 1 }).changes).toBe(0);
  });

  it('refuse a call that lacks a placeholder value, naming it, before touching the database', () => {
    const database = freshDatabase();
    seed(database);
    const { db } = database;
    const remove = compileWrite(db.delete(turns).where(and(eq(turns.sessionId, p('sessionId')), eq(turns.turnNumber, p('turnNumber')))));
    expect(() => remove.run({ sessionId: 's1' })).toThrow(/placeholder "turnNumber"/);
    expect(database.sqlite.prepare('select count(*) as n from turns').get()).toEqual({ n: 3 });
    const select = compileSelect(db.select().from(sessions).where(eq(sessions.id, p('id'))));
    expect(() => select.get({})).toThrow(/placeholder "id"/);
  });

  it('refuse a select whose rows are not flat (a join selecting two tables)', () => {
    const database = freshDatabase();
    const { db } = database;
    expect(() => compileSelect(db.select().from(turns).innerJoin(sessions, eq(turns.sessionId, sessions.id)))).toThrow(/not a flat select/);
  });
});
