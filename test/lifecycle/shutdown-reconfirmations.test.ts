import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { openDatabaseReadOnly } from '../../src/storage/database.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// At shutdown the daemon writes the fact re-confirmations its requests queued (a question a
// fact answered), once the last request is done and before the database closes.
const defer = cleanupAfterEach();
const START = Date.UTC(2026, 10, 22, 9);
const ASKED = START + 3_600_000;

// A daemon holding one fact, asked about an hour after it was added: its re-confirmation is queued.
async function withQueuedReconfirmation(): Promise<{ daemon: TestDaemon; dir: string }> {
  const temp = makeTempDir('memoryd-shutdown-reconfirm-');
  defer(temp.remove);
  const clock = new ManualClock(START);
  const daemon = await startTestDaemon({ dir: temp.dir, clock });
  defer(() => daemon.stop());
  await daemon.client.addFact({ fact: 'My editor is Helix', domain: 'preferences' });
  clock.set(ASKED);
  const asked = await daemon.client.context('chat', { message: 'Which editor do I use?' });
  expect(asked.messages.map((message) => message.content).join('\n')).toContain('My editor is Helix');
  daemon.client.close();
  return { daemon, dir: temp.dir };
}

function lastConfirmedAt(dbPath: string): number[] {
  const database = openDatabaseReadOnly(dbPath);
  try {
    const rows = database.sqlite.prepare('select last_confirmed_at as at from facts').all() as Array<{ at: number }>;
    return rows.map((row) => row.at);
  } finally {
    database.close();
  }
}

function logged(logsDir: string): string {
  return readdirSync(logsDir)
    .map((name) => readFileSync(join(logsDir, name), 'utf8'))
    .join('');
}

describe('the last flush of queued re-confirmations at shutdown', () => {
  it('writes them at the time they were asked, counts them, and stops clean', async () => {
    const { daemon } = await withQueuedReconfirmation();
    const reconfirmed = daemon.daemon.context.metrics.facts.get({ kind: 'reconfirmed' });

    expect(await daemon.daemon.stop('SIGTERM')).toEqual({ clean: true });
    expect(daemon.daemon.context.metrics.facts.get({ kind: 'reconfirmed' })).toBe(reconfirmed + 1);
    expect(lastConfirmedAt(daemon.config.dbPath)).toEqual([ASKED]);
  });

  it('is not clean when they cannot be written, and says so naming the database and SQLite’s cause', async () => {
    const { daemon } = await withQueuedReconfirmation();
    // SQLite's own read-only refusal, as for a database file or file system gone read-only.
    daemon.daemon.context.database.sqlite.pragma('query_only = 1');

    const problem =
      `the queued fact re-confirmations could not be written to the database ${daemon.config.dbPath} before it closed ` +
      '(attempt to write a readonly database): they are lost; the facts keep their previous confirmation time';
    expect(await daemon.daemon.stop('SIGTERM')).toEqual({ clean: false, problem });
    expect(lastConfirmedAt(daemon.config.dbPath)).toEqual([START]);
    const logs = logged(daemon.config.logsDir);
    expect(logs).toContain(problem);
    // Said once, as lost: the last flush leaves nothing queued.
    expect(logs).not.toContain('they stay queued');
  });
});
