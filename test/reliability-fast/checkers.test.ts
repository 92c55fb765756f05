import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { verifyAcknowledged } from '../reliability/support/acked-writes.js';
import { snapshotDatabase, snapshotDifferences } from '../reliability/support/db-snapshot.js';
import { errorFormatProblem } from '../reliability/support/fuzz-runner.js';
import { sessionViolations } from '../reliability/support/session-invariants.js';
import type { AckedWrite } from '../reliability/support/writers.js';

// The reliability checks are only as good as their ability to fail: each one is run on a
// real database, then on copies damaged in the ways it exists to catch.
const temp = makeTempDir('memoryd-checkers-');
const defer = cleanupAfterEach();
const acked: AckedWrite[] = [];
let copies = 0;

function damagedCopy(damage: (sqlite: BetterSqlite3.Database) => void): BetterSqlite3.Database {
  const path = join(temp.dir, `copy-${copies++}.db`);
  copyFileSync(join(temp.dir, 'memoryd.db'), path);
  const sqlite = new BetterSqlite3(path);
  defer(() => sqlite.close());
  damage(sqlite);
  return sqlite;
}

function newestTurn(sqlite: BetterSqlite3.Database, state: string): { session: string; turnNumber: number } {
  return sqlite.prepare('select session_id as session, turn_number as turnNumber from turns where state = ? order by turn_number desc limit 1').get(state) as {
    session: string;
    turnNumber: number;
  };
}

beforeAll(async () => {
  const daemon = await startTestDaemon({ dir: temp.dir, keepDir: true, env: { MEMORYD_LOG_LEVEL: 'warn' } });
  for (let i = 0; i < 12; i += 1) {
    const message = i === 0 ? 'Remember that my checker colour is teal' : `Tell me about the checker garden, row ${i}`;
    const context = await daemon.client.json<{ turn: { turnNumber: number }; facts: { added: Array<{ id: string; fact: string }> } }>('POST', sessionPath('check-1', '/context'), { message });
    acked.push({ kind: 'turn', sessionId: 'check-1', turnNumber: context.turn.turnNumber, role: 'user', content: message });
    acked.push(...context.facts.added.map((fact): AckedWrite => ({ kind: 'fact', id: fact.id, fact: fact.fact })));
    const content = `The garden row ${i} looks fine.`;
    const reply = await daemon.client.json<{ turn: { turnNumber: number } }>('POST', sessionPath('check-1', '/turns'), { role: 'assistant', content });
    acked.push({ kind: 'turn', sessionId: 'check-1', turnNumber: reply.turn.turnNumber, role: 'assistant', content });
  }
  await daemon.stop();
});

afterAll(() => temp.remove());

describe('the reliability checkers', () => {
  it('pass on a database the daemon wrote', () => {
    const sqlite = damagedCopy(() => {});
    const summaries = sqlite.prepare('select count(*) from summaries').pluck().get() as number;
    expect(summaries).toBeGreaterThan(0);
    expect(acked.some((write) => write.kind === 'fact')).toBe(true);
    expect(verifyAcknowledged(sqlite, acked).failures).toEqual([]);
    expect(sessionViolations(sqlite)).toEqual([]);
  });

  it('find an acknowledged turn that is gone, changed, or summarised without provenance, and a lost fact', () => {
    const gone = damagedCopy((db) => db.prepare('delete from turns where turn_number = ?').run(newestTurn(db, 'window').turnNumber));
    expect(verifyAcknowledged(gone, acked).failures).toEqual([expect.stringContaining('missing')]);
    const changed = damagedCopy((db) => db.prepare("update turns set content = 'tampered' where turn_number = ?").run(newestTurn(db, 'window').turnNumber));
    expect(verifyAcknowledged(changed, acked).failures).toEqual([expect.stringContaining('content is "tampered"')]);
    let unnamedTurns: number[] = [];
    const unnamed = damagedCopy((db) => {
      unnamedTurns = JSON.parse(db.prepare('select turn_numbers from summaries where seq = 1').pluck().get() as string) as number[];
      db.prepare("update summaries set turn_numbers = '[]' where seq = 1").run();
    });
    expect(unnamedTurns.length).toBeGreaterThan(0);
    expect(verifyAcknowledged(unnamed, acked).failures).toEqual(unnamedTurns.map((turnNumber) => expect.stringMatching(new RegExp(`^turn check-1#${turnNumber} .*: missing$`))));
    const noFact = damagedCopy((db) => db.prepare('delete from facts').run());
    expect(verifyAcknowledged(noFact, acked).failures).toEqual([expect.stringContaining('found null')]);
  });

  it('find a gap in the turn numbers, places out of order and a turn named by two summaries', () => {
    const gap = damagedCopy((db) => db.prepare('delete from turns where turn_number = ?').run(newestTurn(db, 'window').turnNumber));
    expect(sessionViolations(gap)).toEqual([expect.stringContaining('do not cover')]);
    const disorder = damagedCopy((db) => db.prepare("update turns set state = 'segment' where turn_number = ?").run(newestTurn(db, 'window').turnNumber));
    expect(sessionViolations(disorder).join('\n')).toContain('out of order');
    const twice = damagedCopy((db) => {
      const first = db.prepare('select turn_numbers from summaries where seq = 1').pluck().get() as string;
      db.prepare('update summaries set turn_numbers = ? where seq = 2').run(JSON.stringify([...(JSON.parse(first) as number[]), 999]));
    });
    expect(sessionViolations(twice).join('\n')).toMatch(/named by 2 summaries/);
  });

  it('see any changed row between two snapshots', () => {
    const path = join(temp.dir, 'memoryd.db');
    const before = snapshotDatabase(path);
    expect(snapshotDifferences(before, snapshotDatabase(path))).toEqual([]);
    const sqlite = new BetterSqlite3(path);
    sqlite.prepare("update sessions set window_reason = 'tampered'").run();
    sqlite.close();
    expect(snapshotDifferences(before, snapshotDatabase(path))).toHaveLength(2);
  });

  it('accept only 4xx answers in the api.md error format without internals', () => {
    const good = JSON.stringify({ error: { code: 'INVALID_REQUEST', message: 'bad', details: {} } });
    expect(errorFormatProblem(400, 'application/json; charset=utf-8', good)).toBeNull();
    expect(errorFormatProblem(500, 'application/json', good)).toMatch(/status 500/);
    expect(errorFormatProblem(200, 'application/json', '{}')).toMatch(/status 200/);
    expect(errorFormatProblem(400, 'text/plain', good)).toMatch(/content-type/);
    expect(errorFormatProblem(400, 'application/json', '{"error":"Bad Request","statusCode":400}')).toMatch(/format/);
    expect(errorFormatProblem(400, 'application/json', '{"error":{"code":"X","message":"at f (/work/main/src/a.ts:1:2)","details":{}}}')).toMatch(/leaked/);
  });
});
