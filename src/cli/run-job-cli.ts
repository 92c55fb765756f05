import { systemClock, type Clock } from '../clock.js';
import { loadConfig, type Config, type Environment } from '../config/config.js';
import { createLogger, noLogger, type LogSink } from '../discardable/logger.js';
import type { Job } from '../jobs/job.js';
import { jobRegistry } from '../jobs/registry.js';
import { runJob } from '../jobs/run-job.js';
import { openMigratedDatabase, type Database } from '../storage/database.js';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, UsageError, type Command, type CommandIo } from './command-line.js';

/** The process edges a command reads and writes; tests pass their own. */
export interface CliIo extends CommandIo {
  env: Environment;
  cwd: string;
  clock?: Clock;
}

function usage(): string {
  const jobs = jobRegistry()
    .map((job) => `  ${job.name.padEnd(14)}${job.description}`)
    .join('\n');
  return `usage: npm run job -- <name>

Runs one job once, with the same code the daemon's scheduler runs, and records the run.
Safe while the daemon runs. Needs a database the daemon has created and migrated (it
never creates or migrates one itself). Jobs:
${jobs}
`;
}

/**
 * `npm run job -- <name>`: runs the named job once; returns the exit code (0 ok, 1 no
 * database, one that needs migrating, a failed job, or log files that could not be
 * written, 2 usage). Failures are one line each on stderr, never a stack. A logs dir that
 * cannot be used does not keep the job from its database work: it runs without log lines,
 * and the logs dir's problem is reported after it.
 */
export async function runJobCli(argv: string[], io: CliIo): Promise<number> {
  const command: Command = { name: 'memoryd job', usage: usage() };
  const job = readCommandArgs(command, argv, chooseJob, io);
  if (job instanceof CommandExit) return job.code;
  const clock = io.clock ?? systemClock;
  let config: Config;
  let database: Database;
  try {
    config = loadConfig(io.env, { cwd: io.cwd });
    database = openMigratedDatabase(config.dbPath);
  } catch (error) {
    reportCommandFailure(command, error, '', io);
    return 1;
  }
  const logs = openLogs(config, clock);
  try {
    const logger = logs.sink?.logger ?? noLogger();
    const outcome = await runJob(job, { config, database, clock, logger }, 'manual', new AbortController().signal);
    const counts = Object.entries(outcome.counts)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ');
    if (outcome.error !== null) reportCommandFailure(command, outcome.error, `${job.name} failed: `, io);
    else io.stdout.write(`${job.name}: ok in ${Math.round(outcome.ms)} ms${counts === '' ? '' : ` (${counts})`}\n`);
    if (logs.problem !== null) reportCommandFailure(command, logs.problem, `${job.name} ran without its log lines, which could not be written: `, io);
    return outcome.error === null && logs.problem === null ? 0 : 1;
  } catch (error) {
    reportCommandFailure(command, error, `${job.name} failed: `, io);
    return 1;
  } finally {
    database.close();
    logs.sink?.files.close();
  }
}

// The log files, or why they cannot be written (an UnusablePathError naming MEMORYD_LOGS_DIR and the path).
function openLogs(config: Config, clock: Clock): { sink: LogSink; problem: null } | { sink: null; problem: unknown } {
  try {
    return { sink: createLogger({ logsDir: config.logsDir, level: config.logLevel, verbose: false, clock }), problem: null };
  } catch (error) {
    return { sink: null, problem: error };
  }
}

// The one job the arguments name; throws a UsageError saying what is wrong with them.
function chooseJob(argv: readonly string[]): Job {
  const { positionals } = parseOrRefuse(argv, { allowPositionals: true });
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError('a job name is needed');
  const job = jobRegistry().find((each) => each.name === name);
  if (!job) throw new UsageError(`unknown job ${JSON.stringify(name)}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument ${rest.join(' ')}`);
  return job;
}
