import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../src/clock.js';
import { runInspectFacts } from '../../src/cli/inspect-facts.js';
import { runJobCli } from '../../src/cli/run-job-cli.js';
import { openDatabaseReadOnly } from '../../src/storage/database.js';
import { recentJobRuns } from '../../src/storage/job-runs-repo.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { daemonRefusal } from '../helpers/test-daemon.js';
import { writeOlderDatabase } from '../jobs/job-fixture.js';
import { factsFixture, START, type FactsFixture } from './facts-fixture.js';

let f: FactsFixture;

beforeEach(async () => {
  f = await factsFixture();
  await f.say('Remember that my editor is Vim.', { session: 'chat', turn: 1 });
  await f.say('My editor is Helix now.', { session: 'chat', turn: 3 });
  await f.say('I work at Acme.', { session: 'chat', turn: 5 });
  await f.say('I think I prefer dark mode.', { session: 'chat', turn: 7 });
  await f.service.add({ fact: 'We decided to use k8s for the deployment', domain: 'decisions', confidence: 'high' });
  f.clock.set(START + 95 * DAY_MS);
  await f.service.add({ fact: 'The memoryd project is written in TypeScript', domain: 'projects', confidence: 'medium' });
});
afterEach(() => f.close());

function capture(options: { tty?: boolean; env?: Record<string, string> } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      env: { MEMORYD_DATA_DIR: f.dir, ...options.env },
      cwd: f.dir,
      stdout: { write: (text: string) => out.push(text), isTTY: options.tty ?? false },
      stderr: { write: (text: string) => err.push(text) },
      clock: f.clock,
    },
  };
}

describe('npm run inspect-facts', () => {
  it('prints counts per domain and status, then the facts, in plain text when not on a terminal', async () => {
    const run = capture();
    expect(await runInspectFacts([], run.io)).toBe(0);
    expect(run.err).toEqual([]);
    const text = run.out.join('').replace(f.dir, '<dir>');
    expect(text).not.toContain('\u001b[');
    expect(text).toMatchInlineSnapshot(`
      "facts in <dir>/memoryd.db at 2026-04-06T09:00:00.000Z

      DOMAIN       ACTIVE  DORMANT  STALE  SUPERSEDED  DELETED  TOTAL
      work              0        1      0           0        0      1
      preferences       0        2      0           1        0      3
      decisions         1        0      0           0        0      1
      personal          0        0      0           0        0      0
      projects          1        0      0           0        0      1
      total             2        3      0           1        0      6

      DOMAIN       FACT                                          CONFIDENCE  STATUS   LAST CONFIRMED  AGE  INJECTABLE
      work         I work at Acme                                medium      dormant  2026-01-01      95d  no: dormant: not confirmed for 95 days (over 90); only when asked about
      preferences  I prefer dark mode                            low         dormant  2026-01-01      95d  no: low confidence, not confirmed for 95 days (over 30)
      preferences  My editor is Helix                            medium      dormant  2026-01-01      95d  no: dormant: not confirmed for 95 days (over 90); only when asked about
      decisions    We decided to use k8s for the deployment      high        active   2026-01-01      95d  yes
      projects     The memoryd project is written in TypeScript  medium      active   2026-04-06       0d  yes
      "
    `);
  });

  it('colours only on a terminal without NO_COLOR', async () => {
    const tty = capture({ tty: true });
    await runInspectFacts([], tty.io);
    expect(tty.out.join('')).toContain('\u001b[32mactive');
    const noColor = capture({ tty: true, env: { NO_COLOR: '1' } });
    await runInspectFacts([], noColor.io);
    expect(noColor.out.join('')).not.toContain('\u001b[');
    const flag = capture({ tty: true });
    await runInspectFacts(['--no-color'], flag.io);
    expect(flag.out.join('')).not.toContain('\u001b[');
  });

  it('names a replacement filed in another domain than the one shown by its words', async () => {
    const sqlite = new BetterSqlite3(join(f.dir, 'memoryd.db'));
    sqlite.prepare("UPDATE facts SET domain = 'work' WHERE fact = 'My editor is Helix'").run();
    sqlite.close();
    const run = capture();
    await runInspectFacts(['--domain', 'preferences', '--status', 'superseded', '--json'], run.io);
    const json = JSON.parse(run.out.join('')) as { facts: Array<{ fact: string; notInjectableBecause?: string }> };
    expect(json.facts).toMatchObject([{ fact: 'My editor is Vim', notInjectableBecause: 'superseded by "My editor is Helix"' }]);
  });

  it('filters by domain and status, and prints JSON', async () => {
    const run = capture();
    expect(await runInspectFacts(['--domain', 'preferences', '--status=all', '--json'], run.io)).toBe(0);
    const json = JSON.parse(run.out.join('')) as {
      filter: unknown;
      counts: { total: Record<string, number> };
      facts: Array<{ fact: string; status: string; injectable: boolean; notInjectableBecause?: string }>;
    };
    expect(json.filter).toEqual({ domain: 'preferences', status: 'all' });
    expect(json.counts.total).toEqual({ active: 0, dormant: 2, stale: 0, superseded: 1, deleted: 0, total: 3 });
    expect(json.facts.map((fact) => [fact.fact, fact.status])).toEqual([
      ['I prefer dark mode', 'dormant'],
      ['My editor is Helix', 'dormant'],
      ['My editor is Vim', 'superseded'],
    ]);
    // What replaced a fact, by its words, not its id.
    expect(json.facts.find((fact) => fact.status === 'superseded')?.notInjectableBecause).toBe('superseded by "My editor is Helix"');
    const table = capture();
    await runInspectFacts(['--status', 'superseded'], table.io);
    expect(table.out.join('')).toContain('no: superseded by "My editor is Helix"');
    const active = capture();
    await runInspectFacts(['--status', 'active', '--json'], active.io);
    expect((JSON.parse(active.out.join('')) as { facts: Array<{ fact: string }> }).facts.map((fact) => fact.fact)).toEqual([
      'We decided to use k8s for the deployment',
      'The memoryd project is written in TypeScript',
    ]);
  });

  it('rejects bad arguments with the usage (exit 2) and prints help', async () => {
    const bad = capture();
    expect(await runInspectFacts(['--domain', 'hobbies'], bad.io)).toBe(2);
    expect(bad.err.join('')).toContain('--domain must be one of work, preferences, decisions, personal, projects');
    expect(bad.out).toEqual([]);
    const help = capture();
    expect(await runInspectFacts(['--help'], help.io)).toBe(0);
    // Every option the help lists below is in its usage line too.
    expect(help.out.join('').split('\n')[0]).toBe('usage: npm run inspect-facts -- [--domain <domain>] [--status <status>] [--json] [--no-color]');
  });

  it.each([
    [['--bogus'], 'unknown option --bogus (it takes --domain, --status, --json, --no-color)'],
    [['--json=yes'], '--json takes no value'],
    [['--no-color=1'], '--no-color takes no value'],
    [['preferences'], 'unexpected argument preferences (it takes only options: --domain, --status, --json, --no-color)'],
    [['--domain'], '--domain needs a value'],
    [['--status', '--json'], '--status needs a value, not --json (for a value that starts with "-", write --status=--json)'],
    [['--status=hobbies'], '--status must be one of active, dormant, stale, superseded, deleted, live, all (got "hobbies")'],
  ])('refuses %j in one line of the same words as the other commands, then the usage (exit 2)', async (argv, message) => {
    const run = capture();
    expect(await runInspectFacts(argv, run.io)).toBe(2);
    expect(run.out).toEqual([]);
    const [first, usage] = run.err.join('').split('\n');
    expect(first).toBe(`inspect-facts: ${message}`);
    expect(usage).toMatch(/^usage: npm run inspect-facts -- /);
  });

  it('takes -h for help', async () => {
    const help = capture();
    expect(await runInspectFacts(['-h'], help.io)).toBe(0);
    expect(help.out.join('')).toMatch(/^usage: npm run inspect-facts -- /);
    expect(help.out.join('')).toContain('Each option is given at most once.');
  });

  it.each([
    [['--status', 'active', '--status', 'deleted'], '--status is given 2 times ("active", "deleted"); give it once'],
    [['--domain', 'work', '--domain=projects', '--json'], '--domain is given 2 times ("work", "projects"); give it once'],
  ])('refuses a repeated filter %j rather than list by one of them (exit 2)', async (argv, message) => {
    const run = capture();
    expect(await runInspectFacts(argv, run.io)).toBe(2);
    expect(run.out).toEqual([]);
    expect(run.err.join('').split('\n')[0]).toBe(`inspect-facts: ${message}`);
  });

  it('with --domain, counts that domain alone: no row claims another domain holds nothing', async () => {
    const run = capture();
    expect(await runInspectFacts(['--domain', 'projects'], run.io)).toBe(0);
    const counts = run.out.join('').split('\n\n')[1];
    expect(counts).toMatchInlineSnapshot(`
      "DOMAIN    ACTIVE  DORMANT  STALE  SUPERSEDED  DELETED  TOTAL
      projects       1        0      0           0        0      1
      total          1        0      0           0        0      1"
    `);
    const json = capture();
    expect(await runInspectFacts(['--domain', 'projects', '--status', 'deleted', '--json'], json.io)).toBe(0);
    expect((JSON.parse(json.out.join('')) as { counts: unknown }).counts).toEqual({
      byDomain: { projects: { active: 1, dormant: 0, stale: 0, superseded: 0, deleted: 0, total: 1 } },
      total: { active: 1, dormant: 0, stale: 0, superseded: 0, deleted: 0, total: 1 },
    });
  });

  it('says clearly that there is no database yet (exit 1)', async () => {
    const empty = makeTempDir();
    try {
      const run = capture({ env: { MEMORYD_DATA_DIR: empty.dir } });
      expect(await runInspectFacts([], run.io)).toBe(1);
      expect(run.out).toEqual([]);
      expect(run.err.join('')).toBe(`inspect-facts: no database at ${join(empty.dir, 'memoryd.db')} yet: start the daemon once (npm start) to create it; if memoryd runs with other settings (a service's MEMORYD_DATA_DIR or MEMORYD_DB), run this with the same\n`);
    } finally {
      empty.remove();
    }
  });

  it('names MEMORYD_DATA_DIR when it is a file, as the daemon does, instead of advising to start it (exit 1)', async () => {
    const parent = makeTempDir();
    try {
      const notADir = join(parent.dir, 'data');
      writeFileSync(notADir, 'not a folder');
      const refusal = await daemonRefusal(notADir);
      expect(refusal).toBe(`MEMORYD_DATA_DIR: cannot use the folder ${notADir}: it is a file, not a folder`);
      const run = capture({ env: { MEMORYD_DATA_DIR: notADir } });
      expect(await runInspectFacts([], run.io)).toBe(1);
      expect(run.out).toEqual([]);
      expect(run.err.join('')).toBe(`inspect-facts: ${refusal}\n`);
      // A database path through a file names MEMORYD_DB and the file.
      const through = capture({ env: { MEMORYD_DATA_DIR: parent.dir, MEMORYD_DB: join(notADir, 'memoryd.db') } });
      expect(await runInspectFacts([], through.io)).toBe(1);
      expect(through.err.join('')).toBe(`inspect-facts: MEMORYD_DB: cannot use the file ${join(notADir, 'memoryd.db')}: ${notADir} is a file, not a folder\n`);
    } finally {
      parent.remove();
    }
  });

  it('reads without writing: neither the database file nor its WAL changes, even while another connection writes', async () => {
    f.database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    // A write would land in the WAL (the daemon's connection keeps it from being checkpointed away).
    const files = (): Array<{ bytes: Buffer; mtimeMs: number }> =>
      [f.dbPath, `${f.dbPath}-wal`].map((path) => ({ bytes: readFileSync(path), mtimeMs: statSync(path).mtimeMs }));
    const before = files();
    expect(before[1]?.bytes.length).toBe(0);
    for (const args of [[], ['--json'], ['--status', 'all']]) expect(await runInspectFacts(args, capture().io)).toBe(0);
    expect(files()).toEqual(before);
    // The daemon's connection is still open and can write beside the read-only reader.
    await f.service.add({ fact: 'The standup is at 9:30', domain: 'work' });
    const run = capture();
    await runInspectFacts(['--domain', 'work', '--json'], run.io);
    expect(run.out.join('')).toContain('The standup is at 9:30');
  });

  it('reads through a connection SQLite itself keeps from writing', () => {
    const reader = openDatabaseReadOnly(f.dbPath);
    try {
      expect(reader.sqlite.readonly).toBe(true);
      expect(() => reader.sqlite.prepare("UPDATE facts SET status = 'stale'").run()).toThrow(expect.objectContaining({ code: 'SQLITE_READONLY' }));
    } finally {
      reader.close();
    }
  });

  it('shows control characters of a fact escaped and long facts whole, wrapped within their column', async () => {
    await f.service.add({ fact: 'My alarm says \u001b[31mWAKE UP\u001b[0m\u0007 at 7', domain: 'personal' });
    await f.service.add({ fact: `My flamingo ${'a'.repeat(34)}🦩 is called Rosa`, domain: 'personal' });
    const run = capture({ tty: true });
    expect(await runInspectFacts(['--domain', 'personal', '--no-color'], run.io)).toBe(0);
    const text = run.out.join('');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/u);
    expect(text).toContain('My alarm says \\x1b[31mWAKE UP\\x1b[0m\\x07 at 7');
    // 48 columns: the flamingo is two of them.
    expect(text).toContain(`My flamingo ${'a'.repeat(34)}🦩  high`);
    expect(text).toMatch(/\n {10}is called Rosa\n/u);
    // With the u flag, a surrogate class matches only a lone half.
    expect(text).not.toMatch(/[\uD800-\uDFFF]/u);
  });

  it('says to start the daemon when the database is older than this memoryd and a read fails', async () => {
    const older = makeTempDir();
    try {
      const dbPath = join(older.dir, 'memoryd.db');
      writeOlderDatabase(dbPath, 1, older.dir);
      // Stands in for a column a later migration would add: today's migrations never change facts.
      const sqlite = new BetterSqlite3(dbPath);
      sqlite.exec('ALTER TABLE facts RENAME COLUMN deleted_reason TO reason_deleted');
      sqlite.close();
      const run = capture({ env: { MEMORYD_DATA_DIR: older.dir } });
      expect(await runInspectFacts([], run.io)).toBe(1);
      expect(run.err.join('')).toMatch(
        new RegExp(
          `^inspect-facts: cannot read the facts of ${dbPath}: no such column: .*deleted_reason.*; ` +
            `the database ${dbPath} is older than this memoryd \\(\\d+ migrations pending\\): start the daemon \\(npm start\\) so it migrates\\n$`,
        ),
      );
    } finally {
      older.remove();
    }
  });
});

describe('npm run job -- decay', () => {
  it('runs the decay job once with the scheduler\'s code, records the run and prints the counts', async () => {
    const run = capture();
    expect(await runJobCli(['decay'], run.io)).toBe(0);
    expect(run.out.join('')).toMatch(/^decay: ok in \d+ ms \(dormant=3 stale=0 reactivated=0 unchanged=2\)\n$/);
    expect(recentJobRuns(f.database.db, 'decay', 1)[0]).toMatchObject({ trigger: 'manual', status: 'ok', counts: { dormant: 3 } });
    expect(f.service.list({ status: 'dormant' }).map((fact) => fact.storedStatus)).toEqual(['dormant', 'dormant', 'dormant']);
    const again = capture({});
    again.io.clock = new ManualClock(START + 95 * DAY_MS);
    await runJobCli(['decay'], again.io);
    expect(again.out.join('')).toContain('dormant=0 stale=0 reactivated=0 unchanged=5');
  });

  it('names the jobs when the job is unknown or missing (exit 2)', async () => {
    for (const args of [['nope'], []]) {
      const run = capture();
      expect(await runJobCli(args, run.io)).toBe(2);
      expect(run.err.join('')).toContain('decay');
      expect(run.err.join('')).toContain('ttl-cleanup');
    }
  });
});
