import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../src/jobs/job.js';
import type { JobOutcome } from '../../src/jobs/run-job.js';
import { JobScheduler } from '../../src/jobs/scheduler.js';
import { INTERRUPTED_RUN_ERROR, recentJobRuns, recordJobStart } from '../../src/storage/job-runs-repo.js';
import { jobFixture, type JobFixture } from './job-fixture.js';

// node-cron reads the wall clock and sleeps with setTimeout: both are faked, so a
// minute of schedule passes in no time. Everything else (SQLite, the job runs table,
// the runner) is real.
const MINUTE = 60_000;

let f: JobFixture;
let unhandled: unknown[];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date(2026, 2, 10, 12, 0, 30) });
  f = jobFixture();
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  vi.useRealTimers();
  f.close();
});

function job(name: string, options: { schedule?: string; runAtStartup?: boolean; run?: Job['run'] } = {}): Job & { calls: number } {
  const made = {
    name,
    description: `test job ${name}`,
    schedule: () => options.schedule ?? '* * * * *',
    runAtStartup: options.runAtStartup ?? false,
    calls: 0,
    run: async (...args: Parameters<Job['run']>) => {
      made.calls += 1;
      return options.run ? options.run(...args) : { calls: made.calls };
    },
  };
  return made;
}

function scheduler(jobs: Job[], onOutcome?: (outcome: JobOutcome) => void): JobScheduler {
  return new JobScheduler(jobs, f.deps, onOutcome);
}

// Lets unhandled rejections reach the process listener (they are reported after the microtask queue drains).
async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

function breakJobRuns(on: 'INSERT' | 'UPDATE'): void {
  f.database.sqlite.exec(`CREATE TRIGGER job_runs_broken BEFORE ${on} ON job_runs BEGIN SELECT RAISE(ABORT, 'job_runs is broken'); END`);
}

describe('JobScheduler', () => {
  it('runs the startup jobs once at start, then every job on its own schedule', async () => {
    const everyMinute = job('every-minute', { runAtStartup: true });
    const everyFive = job('every-five', { schedule: '*/5 * * * *' });
    const outcomes: JobOutcome[] = [];
    const jobs = scheduler([everyMinute, everyFive], (outcome) => outcomes.push(outcome));
    await jobs.start();
    expect(outcomes.map((outcome) => [outcome.job, outcome.error])).toEqual([['every-minute', null]]);
    expect(recentJobRuns(f.database.db, 'every-minute', 5).map((run) => [run.trigger, run.status])).toEqual([['startup', 'ok']]);

    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    await jobs.stop();
    expect(everyMinute.calls).toBe(1 + 5);
    expect(everyFive.calls).toBe(1);
    expect(recentJobRuns(f.database.db, 'every-minute', 10).map((run) => run.trigger)).toEqual([...Array<string>(5).fill('schedule'), 'startup']);
    expect(recentJobRuns(f.database.db, 'every-five', 10)).toMatchObject([{ trigger: 'schedule', status: 'ok', counts: { calls: 1 } }]);

    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(everyMinute.calls).toBe(6);
  });

  it('skips a tick while the previous run of the same job is still going, and says so in the log', async () => {
    let release = (): void => {};
    const slow = job('slow', {
      run: () =>
        new Promise((resolve) => {
          release = () => resolve({});
        }),
    });
    const jobs = scheduler([slow]);
    await jobs.start();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(slow.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(slow.calls).toBe(1);
    expect(f.logs.filter((line) => line.part === 'cron').map((line) => line.msg)).toContain('task still running, new execution blocked by overlap prevention!');
    release();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(slow.calls).toBe(2);
    release();
    await jobs.stop();
  });

  it('reports a failing job as an error outcome and keeps running it on schedule', async () => {
    const failing = job('failing', {
      runAtStartup: true,
      run: () => Promise.reject(new Error('the disk is on fire')),
    });
    const outcomes: JobOutcome[] = [];
    const jobs = scheduler([failing], (outcome) => outcomes.push(outcome));
    await jobs.start();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    await jobs.stop();
    await settle();
    expect(unhandled).toEqual([]);
    expect(outcomes.map((outcome) => outcome.error)).toEqual(Array(3).fill('the disk is on fire'));
    expect(recentJobRuns(f.database.db, 'failing', 5).map((run) => [run.status, run.error])).toEqual(Array(3).fill(['error', 'the disk is on fire']));
    expect(f.logs.filter((line) => line.msg === 'job failed')).toHaveLength(3);
  });

  it('survives a job_runs table that refuses the start of a run: start resolves, the work is done, the outcome is an error', async () => {
    breakJobRuns('INSERT');
    const work = job('work', { runAtStartup: true });
    const outcomes: JobOutcome[] = [];
    const jobs = scheduler([work], (outcome) => outcomes.push(outcome));
    await expect(jobs.start()).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(MINUTE);
    await jobs.stop();
    await settle();
    expect(unhandled).toEqual([]);
    expect(work.calls).toBe(2);
    expect(outcomes.map((outcome) => outcome.error)).toEqual(Array(2).fill('the run could not be recorded: job_runs is broken'));
    expect(f.logs.filter((line) => line.msg === 'could not record the start of the run in job_runs')).toHaveLength(2);
  });

  it('survives a job_runs table that starts refusing the end of runs while scheduled', async () => {
    const work = job('work', { runAtStartup: true });
    const outcomes: JobOutcome[] = [];
    const jobs = scheduler([work], (outcome) => outcomes.push(outcome));
    await jobs.start();
    breakJobRuns('UPDATE');
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    await jobs.stop();
    await settle();
    expect(unhandled).toEqual([]);
    expect(outcomes.map((outcome) => [outcome.error, outcome.counts])).toEqual([
      [null, { calls: 1 }],
      ['the run could not be recorded: job_runs is broken', { calls: 2 }],
      ['the run could not be recorded: job_runs is broken', { calls: 3 }],
    ]);
    expect(recentJobRuns(f.database.db, 'work', 5).map((run) => run.status)).toEqual(['running', 'running', 'ok']);
  });

  it('logs an outcome handler that throws instead of leaking a rejected promise', async () => {
    const work = job('work', { runAtStartup: true });
    const jobs = scheduler([work], () => {
      throw new Error('metrics are down');
    });
    await jobs.start();
    await vi.advanceTimersByTimeAsync(MINUTE);
    await jobs.stop();
    await settle();
    expect(unhandled).toEqual([]);
    expect(work.calls).toBe(2);
    expect(f.logs.filter((line) => line.msg === 'job outcome not handled').map((line) => line.trigger)).toEqual(['startup', 'schedule']);
  });

  it('marks the scheduled and startup runs a previous process left running as interrupted, not the manual ones', async () => {
    const db = f.database.db;
    const scheduled = recordJobStart(db, 'work', 'schedule', f.clock.now() - MINUTE);
    const startup = recordJobStart(db, 'work', 'startup', f.clock.now() - 2 * MINUTE);
    const manual = recordJobStart(db, 'work', 'manual', f.clock.now() - 3 * MINUTE);
    const jobs = scheduler([job('work')]);
    await jobs.start();
    await jobs.stop();
    const byId = new Map(recentJobRuns(db, 'work', 10).map((run) => [run.id, run]));
    expect(byId.get(scheduled)).toMatchObject({ status: 'error', error: INTERRUPTED_RUN_ERROR, endedAt: null });
    expect(byId.get(startup)).toMatchObject({ status: 'error', error: INTERRUPTED_RUN_ERROR });
    expect(byId.get(manual)).toMatchObject({ status: 'running', error: null });
    expect(f.logs.find((line) => line.interrupted === 2)?.msg).toBe('marked job runs left running by a previous process as interrupted');
  });
});
