import type BetterSqlite3 from 'better-sqlite3';

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
    sqlite.pragma(`secure_delete = ${previous}`);
  }
}

export interface CheckpointResult {
  /** 1 when a reader kept the checkpoint from finishing (the WAL still holds old pages). */
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * Copies the WAL into the database file and truncates it to zero bytes, so page images
 * written before a secure delete do not survive in the WAL.
 */
export function truncateWal(sqlite: BetterSqlite3.Database): CheckpointResult {
  const rows = sqlite.pragma('wal_checkpoint(TRUNCATE)') as CheckpointResult[];
  return rows[0] ?? { busy: 0, log: 0, checkpointed: 0 };
}
