import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { ResponseCache, responseCacheKey } from '../../src/cache/response-cache.js';
import { ManualClock } from '../../src/clock.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { vectorToBuffer } from '../../src/embeddings/vector.js';
import { ConversationStore } from '../../src/storage/conversation-store.js';
import { openDatabase } from '../../src/storage/database.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const MIGRATIONS = fileURLToPath(new URL('../../src/storage/migrations', import.meta.url));
const temp = makeTempDir();
afterAll(() => temp.remove());

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;

// A migrations folder holding only the first `count` migrations: an earlier release.
function earlierRelease(count: number): string {
  const dir = join(temp.dir, `release-${count}`);
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const entry of entries) copyFileSync(join(MIGRATIONS, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

// SQLite's query plan for `sql`, one step per line.
function queryPlan(sqlite: BetterSqlite3.Database, sql: string): string {
  return sqlite
    .prepare(`explain query plan ${sql}`)
    .all()
    .map((row) => (row as { detail: string }).detail)
    .join('\n');
}

// A database made by an earlier release (the first `count` migrations), with one session 's1', still open for seeding.
function databaseOfRelease(name: string, count: number): BetterSqlite3.Database {
  const old = new BetterSqlite3(join(temp.dir, name));
  migrate(drizzle(old), { migrationsFolder: earlierRelease(count) });
  old.prepare("insert into sessions (id, created_at, updated_at) values ('s1', 1, 1)").run();
  return old;
}

// The column names of `table`, as the database has them.
function columnsOf(sqlite: BetterSqlite3.Database, table: string): string[] {
  return sqlite.prepare('select name from pragma_table_info(?)').pluck().all(table) as string[];
}

describe('migrations', () => {
  it('upgrades a database of the first release in place, keeping its rows', () => {
    const old = databaseOfRelease('old.db', 1);
    const insert = old.prepare(
      `insert into summaries (id, session_id, seq, body, topic, token_count, search_text, compact_body, compact_token_count,
       status, first_turn, last_turn, turn_numbers, started_at, ended_at, created_at)
       values (?, 's1', ?, '{}', 't', 3, 'w', '{}', 3, ?, 1, 3, '[1,2,3]', 1, 2, 3)`,
    );
    for (let seq = 1; seq <= 30; seq++) insert.run(`sum_${seq}`, seq, seq <= 26 ? 'archived' : 'active');
    old.close();

    const upgraded = openDatabase(old.name);
    try {
      const { sqlite } = upgraded;
      expect(sqlite.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBe(journal.entries.length);
      expect(sqlite.prepare("select count(*) from summaries where session_id = 's1'").pluck().get()).toBe(30);
      // The archived summaries became the session's archivedThrough; no row keeps a status.
      expect(sqlite.prepare("select archived_through from sessions where id = 's1'").pluck().get()).toBe(26);
      const columns = columnsOf(sqlite, 'summaries');
      expect(columns).not.toContain('status');
      expect(columns).not.toContain('archived_at');
      const store = new ConversationStore(upgraded);
      expect(store.activeSummaries('s1').map((row) => row.seq)).toEqual([27, 28, 29, 30]);
      expect(store.archiveBounds('s1')).toEqual({ count: 26, minSeq: 1, maxSeq: 26, maxId: 'sum_26' });
      expect(store.nextSummarySeq('s1')).toBe(31);
      // The reads made on every context call find the few active summaries by the index.
      const through = "(select archived_through from sessions where id = 's1')";
      const plan = queryPlan(sqlite, `select * from summaries where session_id = 's1' and seq > ${through} order by seq`);
      expect(plan).toContain('summaries_session_seq');
      expect(plan).not.toContain('TEMP B-TREE');
      // Listing the archive for a question about the past reads the index alone.
      const archivePlan = queryPlan(
        sqlite,
        `select id, seq from summaries where session_id = 's1' and seq <= ${through} and ended_at >= 0 and started_at <= 9 order by seq desc`,
      );
      expect(archivePlan).toContain('COVERING INDEX summaries_session_seq_span');
      expect(archivePlan).not.toContain('TEMP B-TREE');
    } finally {
      upgraded.close();
    }
  });

  it('upgrades turns stored with their vectors: the rows stay, the vectors go', () => {
    const old = databaseOfRelease('vectors.db', 2);
    const insert = old.prepare(
      `insert into turns (session_id, turn_number, role, content, token_count, continuity, state, embedding, embedder_id, created_at)
       values ('s1', ?, 'user', ?, 5, 0.5, 'window', ?, 'hashing-v1', ?)`,
    );
    for (let turn = 1; turn <= 3; turn++) insert.run(turn, `message ${turn}`, Buffer.alloc(2048, turn), turn);
    old.close();

    const upgraded = openDatabase(old.name);
    try {
      const { sqlite } = upgraded;
      const columns = columnsOf(sqlite, 'turns');
      expect(columns).not.toContain('embedding');
      expect(columns).not.toContain('embedder_id');
      expect(sqlite.prepare("select turn_number, content, continuity from turns where session_id = 's1' order by turn_number").raw().all()).toEqual([
        [1, 'message 1', 0.5],
        [2, 'message 2', 0.5],
        [3, 'message 3', 0.5],
      ]);
    } finally {
      upgraded.close();
    }
  });

  it('rebuilds turns on a plain rowid: rows, ids and the (session, number) index stay, sqlite_sequence is no longer written', () => {
    const old = databaseOfRelease('autoincrement.db', 4);
    const insert = old.prepare(
      `insert into turns (session_id, turn_number, role, content, token_count, state, created_at) values ('s1', ?, 'user', ?, 5, 'window', ?)`,
    );
    for (let turn = 1; turn <= 3; turn++) insert.run(turn, `message ${turn}`, turn);
    old.prepare("delete from turns where turn_number = 1").run();
    expect(old.prepare("select seq from sqlite_sequence where name = 'turns'").pluck().get()).toBe(3);
    old.close();

    const upgraded = openDatabase(old.name);
    try {
      const { sqlite } = upgraded;
      const tableSql = sqlite.prepare("select sql from sqlite_schema where name = 'turns'").pluck().get() as string;
      expect(tableSql).not.toMatch(/autoincrement/i);
      expect(sqlite.prepare("select id, turn_number, content from turns order by id").raw().all()).toEqual([
        [2, 2, 'message 2'],
        [3, 3, 'message 3'],
      ]);
      expect(sqlite.prepare("select count(*) from sqlite_sequence where name = 'turns'").pluck().get()).toBe(0);
      const store = new ConversationStore(upgraded);
      const row = store.insertTurn({
        sessionId: 's1', turnNumber: 4, role: 'assistant', content: 'reply', toolCallId: null, toolName: null, tokenCount: 3,
        continuity: null, domain: null, topicShift: false, state: 'window', outputValid: null, cacheable: null, createdAt: 4,
      });
      expect(row.id).toBe(4);
      expect(sqlite.prepare("select count(*) from sqlite_sequence where name = 'turns'").pluck().get()).toBe(0);
      // The session's turn numbers stay unique.
      expect(() =>
        sqlite.prepare("insert into turns (session_id, turn_number, role, token_count, created_at) values ('s1', 4, 'user', 1, 5)").run(),
      ).toThrow(/UNIQUE constraint failed: turns.session_id, turns.turn_number/);
    } finally {
      upgraded.close();
    }
  });

  it('upgrades cached answers stored with their domains: the answers stay and are served, the column goes', async () => {
    const old = databaseOfRelease('cache-domains.db', 6);
    const embedder = createHashingEmbedder();
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const insert = old.prepare(
      `insert into response_cache (key, query, language, response, domains, session_id, embedding, embedder_id, created_at, expires_at)
       values (?, ?, ?, ?, ?, 's1', ?, ?, ?, ?)`,
    );
    const cached = [
      { question: 'Which editor do I use for work?', language: 'en', answer: 'Neovim.', domains: '["work"]' },
      { question: '¿Dónde vive mi hermana?', language: 'es', answer: 'En Rosario.', domains: '[]' },
    ];
    for (const row of cached) {
      const vector = vectorToBuffer(await embedder.embed(row.question));
      insert.run(responseCacheKey(row.question), row.question, row.language, row.answer, row.domains, vector, embedder.id, clock.now() - 1, clock.now() + 1000);
    }
    old.close();

    const upgraded = openDatabase(old.name);
    try {
      const { sqlite } = upgraded;
      const columns = columnsOf(sqlite, 'response_cache');
      expect(columns).not.toContain('domains');
      expect(sqlite.prepare('select query, language, response, session_id, embedder_id from response_cache order by query').raw().all()).toEqual([
        ['Which editor do I use for work?', 'en', 'Neovim.', 's1', embedder.id],
        ['¿Dónde vive mi hermana?', 'es', 'En Rosario.', 's1', embedder.id],
      ]);
      const cache = new ResponseCache({ db: upgraded.db, clock, embedder, dedupThreshold: 0.85 });
      expect(cache.indexedQuestions).toBe(2);
      expect(cache.lookup('¿Dónde vive mi hermana?', null)).toMatchObject({ response: 'En Rosario.', source: 'cache' });
      const rephrased = 'For work, which editor do I use?';
      expect(cache.lookup(rephrased, await embedder.embed(rephrased))).toMatchObject({ response: 'Neovim.', source: 'dedup' });
      // The old column was NOT NULL: a new answer could not be stored while it stayed.
      expect(cache.store({ sessionId: 's2', question: 'Where do I work?', answer: 'At Acme.' })).toMatchObject({ stored: true });
      expect(cache.lookup('where do I work', null)?.response).toBe('At Acme.');
    } finally {
      upgraded.close();
    }
  });

  it('upgrades sessions to remember their side-effecting tools: a session that used tools starts with none, carries on, and keeps a declaration', async () => {
    const dataDir = join(temp.dir, 'side-effect-tools');
    mkdirSync(dataDir, { mode: 0o700 });
    const old = databaseOfRelease(join('side-effect-tools', 'memoryd.db'), 5);
    old.prepare(`update sessions set used_tools = '["search_flights"]', last_turn_number = 4, last_turn_at = 4 where id = 's1'`).run();
    old.close();

    const upgraded = openDatabase(old.name);
    try {
      const { sqlite } = upgraded;
      expect(sqlite.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBe(journal.entries.length);
      expect(sqlite.prepare("select used_tools, last_turn_number, side_effect_tools from sessions where id = 's1'").raw().get()).toEqual([
        '["search_flights"]',
        4,
        '[]',
      ]);
      const store = new ConversationStore(upgraded);
      expect(store.findSession('s1')).toMatchObject({ usedTools: '["search_flights"]', sideEffectTools: '[]', sideEffectAt: null });
    } finally {
      upgraded.close();
    }

    // The daemon carries the session on, and a tool its context call declares side-effecting
    // is remembered: the tool's result, recorded as a turn that does not say so, is a side effect.
    const daemon = await startTestDaemon({ dir: dataDir });
    try {
      const { client } = daemon;
      const said = await conversation(client, 's1').say('Book it for me.', {
        tools: [{ name: 'book_flight', description: 'Books a flight and pays for it.', sideEffects: true }],
      });
      expect(said.turn.turnNumber).toBe(5);
      await client.recordTurn('s1', { role: 'assistant', content: '{"tool":"book_flight","flight":"LA2047"}', toolCallId: 'c1' });
      await client.recordTurn('s1', { role: 'tool', content: 'Booked LA2047, 480 EUR.', toolCallId: 'c1', toolName: 'book_flight' });
      const answer = await client.recordTurn('s1', { role: 'assistant', content: 'Booked: LA2047, 480 EUR.', cacheable: true });
      expect(answer.cache).toEqual({ stored: false, reason: 'side-effect' });
    } finally {
      await daemon.stop();
    }
    const reopened = new BetterSqlite3(old.name, { readonly: true });
    try {
      expect(reopened.prepare("select side_effect_tools from sessions where id = 's1'").pluck().get()).toBe('["book_flight"]');
    } finally {
      reopened.close();
    }
  });

  it('applies every migration to a new database exactly once, also when reopened', () => {
    const path = join(temp.dir, 'new.db');
    openDatabase(path).close();
    const again = openDatabase(path);
    try {
      expect(again.sqlite.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBe(journal.entries.length);
    } finally {
      again.close();
    }
  });
});
