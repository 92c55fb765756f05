import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/discardable/logger.js';
import type { JobOutcome } from '../../src/jobs/run-job.js';
import { JobScheduler } from '../../src/jobs/scheduler.js';
import { recentJobRuns } from '../../src/storage/job-runs-repo.js';
import { diskWithRoom } from '../discardable/full-disk.js';
import { jobFixture, type JobFixture } from './job-fixture.js';

// The daemon's own logger on a logs disk that is full.
let f: JobFixture;
beforeEach(() => {
  f = jobFixture();
});
afterEach(() => f.close());

describe('jobs on a full logs disk', () => {
  it('count a failed run as an error even though logging about it fails', async () => {
    const logsDir = join(f.dir, 'logs');
    const sink = createLogger({ logsDir, level: 'info', verbose: false, clock: f.clock, files: { writeSync: diskWithRoom({ free: 0 }), notice: () => {} } });
    const failing = {
      name: 'failing',
      description: 'fails every run',
      schedule: () => '0 0 1 1 *',
      runAtStartup: true,
      run: () => Promise.reject(new Error('the job broke')),
    };
    const outcomes: JobOutcome[] = [];
    const jobs = new JobScheduler([failing], { ...f.deps, logger: sink.logger }, (outcome) => outcomes.push(outcome));

    await jobs.start();
    await jobs.stop();
    sink.files.close();

    expect(outcomes.map((outcome) => [outcome.job, outcome.error])).toEqual([['failing', 'the job broke']]);
    expect(recentJobRuns(f.database.db, 'failing', 5)).toMatchObject([{ status: 'error', error: 'the job broke' }]);
    expect(sink.files.droppedLines).toBeGreaterThan(0);
  });
});
