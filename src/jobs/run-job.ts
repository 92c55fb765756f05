import type { Logger } from '../discardable/logger.js';
import { messageOf } from '../errors.js';
import { recordJobEnd, recordJobStart, type JobTrigger } from '../storage/job-runs-repo.js';
import { runInTransaction } from '../storage/transaction.js';
import type { Job, JobDeps } from './job.js';

export interface JobOutcome {
  job: string;
  counts: Record<string, number>;
  /** Why the run failed: the job's own error, or else why it could not be recorded; null when it did both. */
  error: string | null;
  ms: number;
}

/**
 * Runs a job once and records the run (start, end, counts, error). Never rejects: a
 * failing job, and a run that cannot be recorded (a locked or broken job_runs table),
 * are logged with their context and reported in the outcome's `error`, so a failing job
 * never takes the daemon down.
 */
export async function runJob(job: Job, deps: JobDeps, trigger: JobTrigger, signal: AbortSignal): Promise<JobOutcome> {
  const log = deps.logger.child({ part: 'jobs', job: job.name, trigger });
  // The job still runs when its start cannot be recorded: the bookkeeping failed, not the work.
  const started = record(deps, log, 'start', () => recordJobStart(deps.database.db, job.name, trigger, deps.clock.now()));
  const t0 = performance.now();
  let counts: Record<string, number> = {};
  let error: string | null = null;
  try {
    counts = await job.run(deps, signal);
  } catch (cause) {
    error = messageOf(cause);
    log.error({ err: cause }, 'job failed');
  }
  const ms = performance.now() - t0;
  const ended = started.ok
    ? record(deps, log, 'end', () => recordJobEnd(deps.database.db, started.value, { at: deps.clock.now(), counts, error }))
    : started;
  if (error === null && !ended.ok) error = `the run could not be recorded: ${ended.reason}`;
  if (error === null) log.info({ counts, ms: Math.round(ms) }, 'job done');
  return { job: job.name, counts, error, ms };
}

type Recorded<T> = { ok: true; value: T } | { ok: false; reason: string };

// In a transaction of its own, so that a file that cannot take it (a full disk at start) is
// on record for the health check as any request's failed write is (lastWriteFailure).
function record<T>(deps: JobDeps, log: Logger, moment: 'start' | 'end', write: () => T): Recorded<T> {
  try {
    return { ok: true, value: runInTransaction(deps.database, write) };
  } catch (cause) {
    log.error({ err: cause }, `could not record the ${moment} of the run in job_runs`);
    return { ok: false, reason: messageOf(cause) };
  }
}
