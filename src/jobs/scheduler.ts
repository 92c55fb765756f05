import { createTask, type ScheduledTask } from 'node-cron';
import type { Job, JobDeps } from './job.js';
import { runJob, type JobOutcome } from './run-job.js';

/** Runs the registry's jobs on their cron schedules until stopped. */
export class JobScheduler {
  private readonly tasks: ScheduledTask[] = [];
  private readonly abort = new AbortController();
  private readonly running = new Set<Promise<JobOutcome>>();

  constructor(
    private readonly jobs: readonly Job[],
    private readonly deps: JobDeps,
    private readonly onOutcome: (outcome: JobOutcome) => void = () => {},
  ) {}

  /** Runs the startup jobs once, then schedules every job. */
  async start(): Promise<void> {
    for (const job of this.jobs.filter((each) => each.runAtStartup)) {
      this.onOutcome(await runJob(job, this.deps, 'startup', this.abort.signal));
    }
    for (const job of this.jobs) {
      const task = createTask(job.schedule(this.deps.config), () => this.trigger(job), { name: job.name, noOverlap: true });
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

  private trigger(job: Job): Promise<JobOutcome> {
    const run = runJob(job, this.deps, 'schedule', this.abort.signal).then((outcome) => {
      this.onOutcome(outcome);
      return outcome;
    });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }
}
