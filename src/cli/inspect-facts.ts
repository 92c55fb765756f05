import { existsSync, statSync } from 'node:fs';
import { systemClock } from '../clock.js';
import { toApiFact } from '../api/routes/facts.js';
import { loadConfig, type Config } from '../config/config.js';
import { SETTINGS } from '../config/settings.js';
import { isAppError } from '../errors.js';
import { readDashboard, type FactDashboard } from '../facts/fact-dashboard.js';
import { A_FILE_NOT_A_FOLDER, unusablePath, UnusablePathError } from '../lifecycle/path-setting.js';
import { olderSchema, openDatabaseReadOnly, pendingMigrations, type Database } from '../storage/database.js';
import { CommandExit, readCommandArgs, type Command } from './command-line.js';
import { INSPECT_FACTS_USAGE, parseInspectFactsArgs, type InspectFactsOptions } from './inspect-facts-args.js';
import { renderDashboard } from './inspect-facts-render.js';
import type { CliIo } from './run-job-cli.js';

const INSPECT_FACTS: Command = { name: 'inspect-facts', usage: INSPECT_FACTS_USAGE };

/** The process edges of the command; colours only when `stdout.isTTY`, NO_COLOR is unset and no `--no-color`. */
export interface InspectFactsIo extends CliIo {
  stdout: CliIo['stdout'] & { isTTY?: boolean };
}

/**
 * `npm run inspect-facts`: the facts dashboard, from a read-only connection (safe beside
 * the daemon). Returns the exit code: 0, 1 (no database or unreadable), 2 (usage).
 */
export async function runInspectFacts(argv: string[], io: InspectFactsIo): Promise<number> {
  const options = readCommandArgs(INSPECT_FACTS, argv, parseInspectFactsArgs, io);
  if (options instanceof CommandExit) return options.code;
  let database: Database;
  try {
    database = openDashboardDatabase(loadConfig(io.env, { cwd: io.cwd }));
  } catch (error) {
    io.stderr.write(`inspect-facts: ${isAppError(error) ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    const now = (io.clock ?? systemClock).now();
    const dashboard = readDashboard(database.db, now, { status: options.status, ...(options.domain ? { domain: options.domain } : {}) });
    io.stdout.write(format(dashboard, options, { io, database: database.path, now }));
    return 0;
  } catch (error) {
    io.stderr.write(`inspect-facts: cannot read the facts of ${database.path}: ${error instanceof Error ? error.message : String(error)}${migrationHint(database)}\n`);
    return 1;
  } finally {
    database.close();
  }
}

// With no database yet the advice is to start the daemon once, unless the daemon cannot
// start there either: a data dir that is a file or runs through one, or a database path
// that runs through a file, is refused as the daemon refuses it (path-setting.ts), naming the setting.
function openDashboardDatabase(config: Pick<Config, 'dataDir' | 'dbPath'>): Database {
  if (existsSync(config.dbPath)) return openDatabaseReadOnly(config.dbPath);
  refuseUnusable(SETTINGS.dataDir.env, { kind: 'folder', path: config.dataDir });
  refuseUnusable(SETTINGS.db.env, { kind: 'file', path: config.dbPath });
  return openDatabaseReadOnly(config.dbPath);
}

// Throws the daemon's error for a path it could not make (ensureUsableDir's words): one that
// runs through a file, or a folder's path where a file is. An absent path is left to the caller.
function refuseUnusable(setting: string, target: { kind: 'folder' | 'file'; path: string }): void {
  let found;
  try {
    found = statSync(target.path, { throwIfNoEntry: false });
  } catch (error) {
    throw unusablePath(setting, target, error);
  }
  if (target.kind === 'folder' && found !== undefined && !found.isDirectory()) throw new UnusablePathError(setting, target, A_FILE_NOT_A_FOLDER);
}

// Why a read may have failed ("no such column"): the daemon has not migrated the database to this memoryd's schema yet.
function migrationHint(database: Database): string {
  let pending: number;
  try {
    pending = pendingMigrations(database.sqlite);
  } catch {
    // Only a hint beside the error already reported; a database this broken says so there.
    return '';
  }
  return pending > 0 ? `; ${olderSchema(database.path, pending)}` : '';
}

function format(dashboard: FactDashboard, options: InspectFactsOptions, context: { io: InspectFactsIo; database: string; now: number }): string {
  if (options.json) {
    const json = {
      database: context.database,
      at: new Date(context.now).toISOString(),
      filter: { domain: options.domain ?? null, status: options.status },
      counts: dashboard.counts,
      facts: dashboard.facts.map(toApiFact),
    };
    return `${JSON.stringify(json, null, 2)}\n`;
  }
  const colour = options.color ?? (context.io.stdout.isTTY === true && (context.io.env.NO_COLOR ?? '') === '');
  return renderDashboard(dashboard, { database: context.database, now: context.now, colour });
}
