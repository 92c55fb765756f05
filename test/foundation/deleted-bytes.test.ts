import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { tempDatabase } from '../helpers/temp-database.js';

const defer = cleanupAfterEach();

// A summarised turn or a forgotten fact leaves its row; the bytes of that row must not stay
// readable in the pages the database keeps using (`strings memoryd.db` found a purged turn's
// password). SQLite's secure_delete FAST zeroes them in the pages a write rewrites anyway.
describe('a deleted row in a page the database keeps', () => {
  it('leaves none of its bytes in the database file', () => {
    const database = tempDatabase(defer);
    const insert = database.sqlite.prepare('INSERT INTO meta (key, value, updated_at) VALUES (?, ?, 0)');
    for (let i = 0; i < 5; i++) insert.run(`keep-${i}`, `an ordinary value ${i}`);
    insert.run('gone', 'Perro2024! is the bank password');
    database.sqlite.prepare('DELETE FROM meta WHERE key = ?').run('gone');
    database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const file = readFileSync(database.path);
    expect(file.includes(Buffer.from('an ordinary value 4'))).toBe(true);
    expect(file.includes(Buffer.from('Perro2024!'))).toBe(false);
  });
});

describe('the hourly cleanup\'s full secure delete', () => {
  it('gives the connection back its FAST setting, not full secure delete on every later write', async () => {
    const { withSecureDelete } = await import('../../src/storage/secure-delete.js');
    const database = tempDatabase(defer);
    const level = (): number => Number(database.sqlite.pragma('secure_delete', { simple: true }));
    const fast = level();
    withSecureDelete(database.sqlite, () => expect(level()).toBe(1));
    expect(level()).toBe(fast);
    expect(fast).toBe(2);
  });
});
