import { and, desc, eq, inArray, isNotNull, lte, max, notInArray } from 'drizzle-orm';
import type { Db } from './database.js';
import { jobRuns } from './schema.js';

export type JobTrigger = 'schedule' | 'startup' | 'manual';

export interface JobRunRecord {
  id: number;
  job: string;
  trigger: JobTrigger;
  status: 'running' | 'ok' | 'error';
  startedAt: number;
  endedAt: number | null;
  counts: Record<string, number>;
  error: string | null;
}

/** The error of a run its process never finished (the status column has no value of its own for it). */
export const INTERRUPTED_RUN_ERROR = 'interrupted: memoryd stopped before the run ended';

export function recordJobStart(db: Db, job: string, trigger: JobTrigger, at: number): number {
  const row = db.insert(jobRuns).values({ job, trigger, status: 'running', startedAt: at }).returning({ id: jobRuns.id }).get();
  return row.id;
}

export function recordJobEnd(db: Db, id: number, outcome: { at: number; counts: Record<string, number>; error: string | null }): void {
  db.update(jobRuns)
    .set({ status: outcome.error === null ? 'ok' : 'error', endedAt: outcome.at, counts: JSON.stringify(outcome.counts), error: outcome.error })
    .where(eq(jobRuns.id, id))
    .run();
}

/**
 * Marks the runs still `running` under `triggers` as failed with INTERRUPTED_RUN_ERROR
 * (their end time stays unknown); returns how many. For the daemon at start: the
 * scheduled and start-up runs of a previous process can no longer end.
 */
export function markRunsInterrupted(db: Db, triggers: readonly JobTrigger[]): number {
  return db
    .update(jobRuns)
    .set({ status: 'error', error: INTERRUPTED_RUN_ERROR })
    .where(and(eq(jobRuns.status, 'running'), inArray(jobRuns.trigger, [...triggers])))
    .run().changes;
}

/**
 * Deletes the runs started at or before `cutoff`, except each job's latest run, whose error
 * message is erased instead once it is that old (error history lives 24 h, spec §1.3;
 * the latest run keeps its status). Returns how many rows were deleted.
 */
export function pruneJobRunsUpTo(db: Db, cutoff: number): number {
  const latest = db.select({ id: max(jobRuns.id) }).from(jobRuns).groupBy(jobRuns.job);
  const deleted = db
    .delete(jobRuns)
    .where(and(lte(jobRuns.startedAt, cutoff), notInArray(jobRuns.id, latest)))
    .run().changes;
  db.update(jobRuns)
    .set({ error: null })
    .where(and(lte(jobRuns.startedAt, cutoff), isNotNull(jobRuns.error)))
    .run();
  return deleted;
}

export function recentJobRuns(db: Db, job: string, limit: number): JobRunRecord[] {
  return db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, job))
    .orderBy(desc(jobRuns.id))
    .limit(limit)
    .all()
    .map((row) => ({ ...row, counts: JSON.parse(row.counts) as Record<string, number> }));
}
