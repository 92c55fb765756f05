import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/clock.js';
import { runJobCli } from '../../src/cli/run-job-cli.js';
import { countErrors, insertError } from '../../src/storage/errors-repo.js';
import { recentJobRuns } from '../../src/storage/job-runs-repo.js';
import { captureCommandOutput } from '../helpers/process-output.js';
import { REPO_ROOT } from '../helpers/spawn-daemon.js';
import { jobFixture, type JobFixture } from './job-fixture.js';

// A regular file where the logs folder should be: the job's database work must not depend
// on its log lines. It runs, and the logs dir's problem is reported after it, naming the
// setting and the path, with a non-zero exit code.
let f: JobFixture;
let logsPath: string;
beforeEach(() => {
  f = jobFixture();
  logsPath = join(f.dir, 'logs-is-a-file');
  writeFileSync(logsPath, 'not a folder\n');
  insertError(f.database.db, { sessionId: 's', code: 'OLD', message: 'm', createdAt: f.clock.now() - 25 * HOUR_MS });
});
afterEach(() => f.close());

async function run(job: string): Promise<{ code: number; out: string; err: string }> {
  const env = { MEMORYD_DATA_DIR: f.dir, MEMORYD_LOGS_DIR: logsPath };
  const { value: code, stdout: out, stderr: err } = await captureCommandOutput((io) => runJobCli([job], { env, cwd: f.dir, ...io, clock: f.clock }));
  return { code, out, err };
}

const LOGS_PROBLEM = (job: string, path: string): string =>
  `memoryd job: ${job} ran without its log lines, which could not be written: MEMORYD_LOGS_DIR: cannot use the folder ${path}: it is a file, not a folder\n`;

describe('npm run job with a file where the logs folder should be', () => {
  it('runs ttl-cleanup on the database all the same, then reports the logs in its failure and the logs dir (exit 1)', async () => {
    const result = await run('ttl-cleanup');
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      `memoryd job: ttl-cleanup failed: the log files in ${logsPath} could not be expired (ENOTDIR: not a directory, scandir '${logsPath}'); ` +
        "the database's expired rows were deleted (responseCache=0 toolCache=0 errors=1 jobRuns=0)\n" +
        LOGS_PROBLEM('ttl-cleanup', logsPath),
    );
    expect(countErrors(f.database.db)).toBe(0);
    expect(recentJobRuns(f.database.db, 'ttl-cleanup', 1)).toMatchObject([{ trigger: 'manual', status: 'error' }]);
  });

  it('runs the decay job and says it is done, then that its log lines were lost (exit 1)', async () => {
    const result = await run('decay');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^decay: ok in \d+ ms/);
    expect(result.err).toBe(LOGS_PROBLEM('decay', logsPath));
    expect(recentJobRuns(f.database.db, 'decay', 1)).toMatchObject([{ trigger: 'manual', status: 'ok' }]);
  });

  it('does so as a real process too: npm run job -- ttl-cleanup exits 1 after the job, naming the path', () => {
    // The fixture's clock is not the process's: the error row is 25 h old by the real clock too.
    insertError(f.database.db, { sessionId: 's', code: 'OLD', message: 'm', createdAt: Date.now() - 25 * HOUR_MS });
    const result = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', 'job.ts'), 'ttl-cleanup'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MEMORYD_DATA_DIR: f.dir, MEMORYD_LOGS_DIR: logsPath },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`could not be expired (ENOTDIR: not a directory, scandir '${logsPath}')`);
    expect(result.stderr).toContain(LOGS_PROBLEM('ttl-cleanup', logsPath));
    expect(countErrors(f.database.db)).toBe(0);
  });
});
