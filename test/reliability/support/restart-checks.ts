import { sessionPath } from '../../../src/client/memoryd-client.js';
import { integrityProblems, verifyAcknowledged, type AckVerification } from './acked-writes.js';
import type { ChildDaemon } from './child-daemon.js';
import { openReadOnly } from './db-snapshot.js';
import { exchange } from './http-exchange.js';
import { sessionViolations } from './session-invariants.js';
import type { AckedWrite } from './writers.js';

export interface RestartReport extends AckVerification {
  integrity: string[];
  invariants: string[];
  /** Where the API's view of a session disagrees with the database, or a call failed. */
  serving: string[];
  turnsInDatabase: number;
  factsInDatabase: number;
}

interface SessionRow {
  id: string;
  last: number;
  window: string | null;
  segment: string | null;
}

/**
 * What must hold once a daemon has restarted on a data dir: the file is sound, every
 * acknowledged write is there, every session is consistent, the API shows the same
 * sessions as the file, and a new message in each session is recorded as the next turn.
 */
export async function checkAfterRestart(daemon: ChildDaemon, acked: readonly AckedWrite[]): Promise<RestartReport> {
  const sqlite = openReadOnly(daemon.dbPath);
  let sessions: SessionRow[];
  let report: Omit<RestartReport, 'serving'>;
  try {
    report = {
      integrity: integrityProblems(sqlite),
      ...verifyAcknowledged(sqlite, acked),
      invariants: sessionViolations(sqlite),
      turnsInDatabase: sqlite.prepare('select count(*) from turns').pluck().get() as number,
      factsInDatabase: sqlite.prepare('select count(*) from facts').pluck().get() as number,
    };
    sessions = sqlite
      .prepare(
        `select s.id, s.last_turn_number as last,
                (select group_concat(turn_number) from (select turn_number from turns where session_id = s.id and state = 'window' order by turn_number)) as window,
                (select group_concat(turn_number) from (select turn_number from turns where session_id = s.id and state = 'segment' order by turn_number)) as segment
           from sessions s order by s.id`,
      )
      .all() as SessionRow[];
  } finally {
    sqlite.close();
  }
  return { ...report, serving: await servingProblems(daemon, sessions) };
}

async function servingProblems(daemon: ChildDaemon, sessions: readonly SessionRow[]): Promise<string[]> {
  const problems: string[] = [];
  const health = await exchange(daemon.socketPath, false, { method: 'GET', path: '/v1/health' });
  if (health.status !== 200) problems.push(`health answered ${health.status}`);
  for (const session of sessions) {
    const view = await exchange(daemon.socketPath, false, { method: 'GET', path: sessionPath(session.id) });
    if (view.status !== 200) {
      problems.push(`GET session ${session.id} answered ${view.status}`);
      continue;
    }
    const body = JSON.parse(view.body) as { lastTurnNumber: number; window: { turns: Array<{ turnNumber: number }> }; openSegment: { turns: Array<{ turnNumber: number }> } };
    const shown = {
      last: body.lastTurnNumber,
      window: body.window.turns.map((turn) => turn.turnNumber).join(','),
      segment: body.openSegment.turns.map((turn) => turn.turnNumber).join(','),
    };
    const stored = { last: session.last, window: session.window ?? '', segment: session.segment ?? '' };
    if (JSON.stringify(shown) !== JSON.stringify(stored)) problems.push(`session ${session.id}: the API shows ${JSON.stringify(shown)}, the file holds ${JSON.stringify(stored)}`);
    const message = `After the restart, is session ${session.id} still fine?`;
    const next = await exchange(daemon.socketPath, false, { method: 'POST', path: sessionPath(session.id, '/context'), body: JSON.stringify({ message }) });
    const answer = next.status === 200 ? (JSON.parse(next.body) as { turn: { turnNumber: number }; messages: Array<{ role: string; content: string }> }) : null;
    if (answer === null) problems.push(`a new message in ${session.id} answered ${next.status}: ${next.body.slice(0, 200)}`);
    else if (answer.turn.turnNumber !== session.last + 1) problems.push(`a new message in ${session.id} became turn ${answer.turn.turnNumber}, not ${session.last + 1}`);
    else if (answer.messages.at(-1)?.content !== message) problems.push(`the prompt for ${session.id} does not end with the new message`);
  }
  return problems;
}
