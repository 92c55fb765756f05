import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';

/** Every row of every table, in a stable order, as JSON lines per table. */
export type DatabaseSnapshot = Map<string, string[]>;

/** Opens the daemon's database read-only (safe beside a running daemon: WAL readers never block it). */
export function openReadOnly(dbPath: string): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** The logical content of the database: all tables (sqlite_master included), all rows, ordered. */
export function snapshotDatabase(dbPath: string): DatabaseSnapshot {
  const sqlite = openReadOnly(dbPath);
  try {
    const snapshot: DatabaseSnapshot = new Map();
    // One read transaction, so the snapshot is of one instant.
    sqlite.transaction(() => {
      snapshot.set('sqlite_master', rowsOf(sqlite, 'select type, name, tbl_name, sql from sqlite_master order by type, name'));
      const tables = sqlite.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
      for (const table of tables) {
        const quoted = `"${table.replaceAll('"', '""')}"`;
        const columns = (sqlite.pragma(`table_info(${quoted})`) as Array<{ name: string }>).map((column) => `"${column.name}"`);
        snapshot.set(table, rowsOf(sqlite, `select * from ${quoted} order by ${columns.join(', ')}`));
      }
    })();
    return snapshot;
  } finally {
    sqlite.close();
  }
}

function rowsOf(sqlite: BetterSqlite3.Database, sql: string): string[] {
  return (sqlite.prepare(sql).all() as Array<Record<string, unknown>>).map((row) =>
    JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? `blob:${createHash('sha256').update(value).digest('hex')}` : value)),
  );
}

/** What changed between two snapshots, table by table: rows gone and rows new (empty when equal). */
export function snapshotDifferences(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const differences: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const old = new Set(before.get(table) ?? []);
    const now = new Set(after.get(table) ?? []);
    const gone = [...old].filter((row) => !now.has(row));
    const added = [...now].filter((row) => !old.has(row));
    for (const row of gone) differences.push(`${table} - ${row.slice(0, 300)}`);
    for (const row of added) differences.push(`${table} + ${row.slice(0, 300)}`);
  }
  return differences;
}

/** Rows per table, for the printed summary. */
export function snapshotCounts(snapshot: DatabaseSnapshot): Record<string, number> {
  return Object.fromEntries([...snapshot].map(([table, rows]) => [table, rows.length]));
}
