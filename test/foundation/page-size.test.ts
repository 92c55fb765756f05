import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, PAGE_SIZE } from '../../src/storage/database.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

function tempPath(): string {
  const temp = makeTempDir('memoryd-page-');
  defer(() => temp.remove());
  return join(temp.dir, 'memoryd.db');
}

const pageSize = (sqlite: BetterSqlite3.Database): number => Number(sqlite.pragma('page_size', { simple: true }));

describe('the page size', () => {
  it('of a new database is 1 KiB: a commit appends a quarter of the bytes to the WAL that 4 KiB pages would', () => {
    const database = openDatabase(tempPath());
    defer(() => database.close());
    expect(PAGE_SIZE).toBe(1024);
    expect(pageSize(database.sqlite)).toBe(1024);
    expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('of a database created before stays as it was, and the database works', () => {
    const path = tempPath();
    const old = new BetterSqlite3(path);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE kept (text TEXT)');
    old.prepare('INSERT INTO kept VALUES (?)').run('from before');
    old.close();
    const database = openDatabase(path);
    defer(() => database.close());
    expect(pageSize(database.sqlite)).toBe(4096);
    expect(database.sqlite.prepare('SELECT text FROM kept').pluck().all()).toEqual(['from before']);
    database.sqlite.prepare("INSERT INTO sessions (id, created_at, updated_at) VALUES ('s', 0, 0)").run();
    expect(database.sqlite.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(1);
  });
});
