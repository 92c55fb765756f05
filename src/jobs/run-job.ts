import { recordJobEnd, recordJobStart, type JobTrigger } from '../storage/job-runs-repo.js';
import type { Job, JobDeps } from './job.js';

export interface JobOutcome {
  job: string;
  counts: Record<string, number>;
  error: string | null;
  ms: number;
}

/**
 * Runs a job once and records the run (start, end, counts, error). A failing job is
 * logged with its context and reported in the outcome; it never takes the daemon down.
 */
export async function runJob(job: Job, deps: JobDeps, trigger: JobTrigger, signal: AbortSignal): Promise<JobOutcome> {
  const log = deps.logger.child({ part: 'jobs', job: job.name, trigger });
  const started = deps.clock.now();
  const runId = recordJobStart(deps.database.db, job.name, trigger, started);
  const t0 = performance.now();
  let counts: Record<string, number> = {};
  let error: string | null = null;
  try {
    counts = await job.run(deps, signal);
  } catch (cause) {
    error = cause instanceof Error ? cause.message : String(cause);
    log.error({ err: cause }, 'job failed');
  }
  const ms = performance.now() - t0;
  recordJobEnd(deps.database.db, runId, { at: deps.clock.now(), counts, error });
  if (error === null) log.info({ counts, ms: Math.round(ms) }, 'job done');
  return { job: job.name, counts, error, ms };
}
