import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import pino from 'pino';
import { ManualClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import type { JobDeps } from '../../src/jobs/job.js';
import { openDatabase, type Database } from '../../src/storage/database.js';
import { makeTempDir } from '../helpers/temp-dir.js';

export const NOW = Date.UTC(2026, 2, 10, 12);

/** One log line as pino wrote it. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** Job dependencies on a real, migrated SQLite file in a temp dir, a manual clock and a logger tests can read. */
export interface JobFixture {
  dir: string;
  config: Config;
  database: Database;
  clock: ManualClock;
  logs: LogLine[];
  deps: JobDeps;
  close(): void;
}

export function jobFixture(): JobFixture {
  const temp = makeTempDir('memoryd-jobs-');
  const config = loadConfig({ MEMORYD_DATA_DIR: temp.dir }, { cwd: temp.dir });
  const database = openDatabase(join(temp.dir, 'memoryd.db'));
  const clock = new ManualClock(NOW);
  const logs: LogLine[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
  return {
    dir: temp.dir,
    config,
    database,
    clock,
    logs,
    deps: { config, database, clock, logger },
    close() {
      database.close();
      temp.remove();
    },
  };
}

const MIGRATIONS = fileURLToPath(new URL('../../src/storage/migrations', import.meta.url));

/**
 * A database as an older memoryd left it: only the first `applied` of today's real
 * migrations, applied by drizzle from a copy of the folder whose journal stops there.
 */
export function writeOlderDatabase(path: string, applied: number, scratchDir: string): void {
  const folder = join(scratchDir, `migrations-${applied}`);
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, applied) }));
  const sqlite = new BetterSqlite3(path);
  try {
    sqlite.pragma('journal_mode = WAL');
    migrate(drizzle(sqlite), { migrationsFolder: folder });
  } finally {
    sqlite.close();
  }
}
