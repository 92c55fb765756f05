import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/**
 * FTS5 indexes checked against their content: PRAGMA integrity_check does not look
 * inside them. The check is a write statement in form, so it runs on a consistent copy
 * (SQLite's online backup) and never on the daemon's own file.
 */
export async function ftsProblems(sqlite: BetterSqlite3.Database): Promise<string[]> {
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and sql like '%USING fts5%'").pluck().all() as string[];
  if (tables.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'memoryd-fts-'));
  try {
    const copyPath = join(dir, 'copy.db');
    await sqlite.backup(copyPath);
    const copy = new BetterSqlite3(copyPath);
    try {
      return tables.flatMap((table) => {
        const quoted = `"${table.replaceAll('"', '""')}"`;
        try {
          copy.prepare(`insert into ${quoted} (${quoted}, rank) values ('integrity-check', 1)`).run();
          return [];
        } catch (error) {
          return [`${table}: ${(error as Error).message}`];
        }
      });
    } finally {
      copy.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
