import { existsSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runJobCli } from '../../src/cli/run-job-cli.js';
import { recentJobRuns } from '../../src/storage/job-runs-repo.js';
import { captureCommandOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { jobFixture, writeOlderDatabase, type JobFixture } from './job-fixture.js';

let f: JobFixture;
beforeEach(() => {
  f = jobFixture();
});
afterEach(() => f.close());

async function run(argv: string[], dataDir = f.dir): Promise<{ code: number; out: string; err: string }> {
  const { value: code, stdout: out, stderr: err } = await captureCommandOutput((io) => runJobCli(argv, { env: { MEMORYD_DATA_DIR: dataDir }, cwd: dataDir, ...io, clock: f.clock }));
  return { code, out, err };
}

function appliedMigrations(path: string): number {
  const sqlite = new BetterSqlite3(path, { readonly: true });
  try {
    return sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get() as number;
  } finally {
    sqlite.close();
  }
}

describe('npm run job', () => {
  it('says a job name is needed, and which jobs there are, when none is given (exit 2)', async () => {
    const result = await run([]);
    expect({ code: result.code, out: result.out }).toEqual({ code: 2, out: '' });
    expect(result.err).toMatch(/^memoryd job: a job name is needed\nusage: npm run job -- <name>\n/);
    expect(result.err).toMatch(/^ {2}decay /m);
    expect(result.err).toMatch(/^ {2}ttl-cleanup /m);
  });

  it.each([
    [['--bogus'], 'unknown option --bogus (it takes no options)'],
    [['decay', '--bogus'], 'unknown option --bogus (it takes no options)'],
    [['--help=yes'], '--help takes no value'],
    [['decay', 'now'], 'unexpected argument now'],
    [['nope'], 'unknown job "nope"'],
  ])('refuses %j in one line of the same words as the other commands, then the usage (exit 2)', async (argv, message) => {
    const result = await run(argv);
    expect({ code: result.code, out: result.out }).toEqual({ code: 2, out: '' });
    const [first, usage] = result.err.split('\n');
    expect(first).toBe(`memoryd job: ${message}`);
    expect(usage).toBe('usage: npm run job -- <name>');
  });

  it.each([[['--help']], [['-h']], [['decay', '--help']], [['--bogus', '--help']], [['nope', 'now', '-h']]])('prints the usage for %j on stdout and runs nothing (exit 0)', async (argv) => {
    const result = await run(argv);
    expect({ code: result.code, err: result.err }).toEqual({ code: 0, err: '' });
    expect(result.out).toMatch(/^usage: npm run job -- <name>\n/);
    expect(recentJobRuns(f.database.db, 'decay', 1)).toEqual([]);
  });

  it('refuses when there is no database yet, and creates none', async () => {
    const empty = makeTempDir();
    try {
      const dbPath = join(empty.dir, 'memoryd.db');
      expect(await run(['decay'], empty.dir)).toEqual({
        code: 1,
        out: '',
        err: `memoryd job: no database at ${dbPath} yet: start the daemon once (npm start) to create it; if memoryd runs with other settings (a service's MEMORYD_DATA_DIR or MEMORYD_DB), run this with the same\n`,
      });
      expect(existsSync(dbPath)).toBe(false);
    } finally {
      empty.remove();
    }
  });

  it('refuses a database with migrations pending instead of migrating it under a running daemon', async () => {
    const older = makeTempDir();
    try {
      const dbPath = join(older.dir, 'memoryd.db');
      writeOlderDatabase(dbPath, 1, older.dir);
      const result = await run(['ttl-cleanup'], older.dir);
      expect(result.code).toBe(1);
      expect(result.err).toMatch(
        new RegExp(`^memoryd job: the database ${dbPath} is older than this memoryd \\(\\d+ migrations pending\\): start the daemon \\(npm start\\) so it migrates, then try again\\n$`),
      );
      expect(appliedMigrations(dbPath)).toBe(1);
    } finally {
      older.remove();
    }
  });

  it('refuses a database a newer memoryd migrated, and writes nothing to it', async () => {
    const future = Date.UTC(2030, 0, 1);
    f.database.sqlite.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('0'.repeat(64), future);
    const result = await run(['decay']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(`memoryd job: the database ${join(f.dir, 'memoryd.db')} holds 1 migration this memoryd does not know: a newer memoryd migrated it\n`);
    expect(recentJobRuns(f.database.db, 'decay', 1)).toEqual([]);
  });

  it('reports a failing job in one line, without a stack', async () => {
    f.database.sqlite.exec("CREATE TRIGGER job_runs_broken BEFORE INSERT ON job_runs WHEN NEW.job = 'decay' BEGIN SELECT RAISE(ABORT, 'job_runs is broken'); END");
    const result = await run(['decay']);
    expect(result).toEqual({ code: 1, out: '', err: 'memoryd job: decay failed: the run could not be recorded: job_runs is broken\n' });
  });

  it('runs the job on a migrated database and records it', async () => {
    const result = await run(['ttl-cleanup']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^ttl-cleanup: ok in \d+ ms \(logFiles=0 responseCache=0 toolCache=0 errors=0 jobRuns=0\)\n$/);
    expect(recentJobRuns(f.database.db, 'ttl-cleanup', 1)).toMatchObject([{ trigger: 'manual', status: 'ok' }]);
  });
});
