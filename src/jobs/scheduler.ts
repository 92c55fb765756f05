import { createTask, type Logger as CronLogger, type ScheduledTask } from 'node-cron';
import type { Logger } from '../discardable/logger.js';
import { markRunsInterrupted } from '../storage/job-runs-repo.js';
import type { Job, JobDeps } from './job.js';
import { runJob, type JobOutcome } from './run-job.js';

/**
 * Runs the registry's jobs on their cron schedules (node-cron, in the machine's local
 * time) until stopped. Nothing a job or its bookkeeping does rejects out of here: every
 * run is awaited by node-cron (which is how it skips a tick while the previous run of
 * that job is still going) and ends in `onOutcome` or in the log, so a failing job never
 * takes the daemon down.
 */
export class JobScheduler {
  private readonly tasks: ScheduledTask[] = [];
  private readonly abort = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private readonly log: Logger;

  constructor(
    private readonly jobs: readonly Job[],
    private readonly deps: JobDeps,
    private readonly onOutcome: (outcome: JobOutcome) => void = () => {},
  ) {
    this.log = deps.logger.child({ part: 'jobs' });
  }

  /** Marks runs a previous process left `running` as interrupted, runs the startup jobs once, then schedules every job. */
  async start(): Promise<void> {
    this.markInterruptedRuns();
    for (const job of this.jobs.filter((each) => each.runAtStartup)) await this.track(this.runOnce(job, 'startup'));
    const logger = cronLogger(this.log);
    for (const job of this.jobs) {
      const task = createTask(job.schedule(this.deps.config), () => this.trigger(job), { name: job.name, noOverlap: true, logger });
      await task.start();
      this.tasks.push(task);
    }
  }

  /** Stops scheduling and waits for runs in progress (they see the abort signal). */
  async stop(): Promise<void> {
    this.abort.abort();
    for (const task of this.tasks) await task.destroy();
    this.tasks.length = 0;
    await Promise.allSettled([...this.running]);
  }

  private trigger(job: Job): Promise<void> {
    return this.track(this.runOnce(job, 'schedule'));
  }

  // `run` never rejects (runOnce catches everything), so neither does anything derived from it.
  private track(run: Promise<void>): Promise<void> {
    this.running.add(run);
    return run.then(() => {
      this.running.delete(run);
    });
  }

  private async runOnce(job: Job, trigger: 'startup' | 'schedule'): Promise<void> {
    try {
      this.onOutcome(await runJob(job, this.deps, trigger, this.abort.signal));
    } catch (error) {
      this.log.error({ err: error, job: job.name, trigger }, 'job outcome not handled');
    }
  }

  // Only one daemon runs on a database (it holds memoryd.db.lock), so its predecessor's
  // scheduled and start-up runs still `running` can never end. Manual runs are left
  // alone: `npm run job` may be running one right now.
  private markInterruptedRuns(): void {
    try {
      const interrupted = markRunsInterrupted(this.deps.database.db, ['schedule', 'startup']);
      if (interrupted > 0) this.log.warn({ interrupted }, 'marked job runs left running by a previous process as interrupted');
    } catch (error) {
      this.log.error({ err: error }, 'could not mark job runs left running by a previous process');
    }
  }
}

// node-cron's own messages (a tick skipped while the previous run goes on, a missed tick) go to the log, not to the console.
function cronLogger(log: Logger): CronLogger {
  const cron = log.child({ part: 'cron' });
  return {
    info: (message) => cron.info(message),
    warn: (message) => cron.warn(message),
    error: (message, err) => (message instanceof Error ? cron.error({ err: message }, message.message) : cron.error({ err }, message)),
    debug: (message, err) => (message instanceof Error ? cron.debug({ err: message }, message.message) : cron.debug({ err }, message)),
  };
}
