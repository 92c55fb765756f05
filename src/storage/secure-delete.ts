import type BetterSqlite3 from 'better-sqlite3';

const SECURE_DELETE_FAST = 2;

/**
 * Runs `work` (synchronous deletes) with `secure_delete` on, so deleted rows are
 * overwritten with zeros instead of lingering in free space, then restores the
 * connection's previous setting. Safe on a shared connection: nothing else can run on
 * it while this synchronous block does.
 */
export function withSecureDelete<T>(sqlite: BetterSqlite3.Database, work: () => T): T {
  const previous = Number(sqlite.pragma('secure_delete', { simple: true }));
  sqlite.pragma('secure_delete = 1');
  try {
    return work();
  } finally {
    // SQLite reads FAST back as 2, and takes "secure_delete = 2" for on: FAST by its name.
    sqlite.pragma(`secure_delete = ${previous === SECURE_DELETE_FAST ? 'FAST' : previous}`);
  }
}

export interface CheckpointResult {
  /** 1 when another connection's read or write transaction kept the checkpoint from finishing (the WAL still holds old pages). */
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * Copies the WAL into the database file and truncates it to zero bytes, so page images
 * written before a secure delete do not survive in the WAL. Never waits: a TRUNCATE
 * checkpoint would otherwise sit in the connection's busy handler (5 s on the daemon's)
 * while another process holds a transaction, blocking the event loop all that time; it
 * reports `busy` instead. The connection's busy timeout is restored afterwards.
 */
export function truncateWal(sqlite: BetterSqlite3.Database): CheckpointResult {
  const previous = Number(sqlite.pragma('busy_timeout', { simple: true }));
  sqlite.pragma('busy_timeout = 0');
  try {
    const rows = sqlite.pragma('wal_checkpoint(TRUNCATE)') as CheckpointResult[];
    return rows[0] ?? { busy: 0, log: 0, checkpointed: 0 };
  } finally {
    sqlite.pragma(`busy_timeout = ${previous}`);
  }
}
