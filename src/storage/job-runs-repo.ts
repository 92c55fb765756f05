import { desc, eq } from 'drizzle-orm';
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
