import type { Clock } from '../clock.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../discardable/logger.js';
import type { Database } from '../storage/database.js';

/** What every job may use; built by the composition root or the run-once script. */
export interface JobDeps {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
}

/**
 * A periodic piece of work: the scheduler runs it on `schedule(config)` and
 * `npm run job -- <name>` runs the same `run` once. `run` returns what it changed.
 */
export interface Job {
  name: string;
  description: string;
  schedule(config: Config): string;
  /** Also run once when the daemon starts (e.g. to expire what aged while it was down). */
  runAtStartup: boolean;
  run(deps: JobDeps, signal: AbortSignal): Promise<Record<string, number>>;
}
