import type BetterSqlite3 from 'better-sqlite3';
import { countNamedTurns } from './summary-provenance.js';
import type { AckedWrite } from './writers.js';

interface TurnRow {
  role: string;
  content: string | null;
  state: string;
}

export interface AckVerification {
  acknowledged: number;
  verified: number;
  /** One line per acknowledged write that is missing or wrong. */
  failures: string[];
}

/**
 * Checks every acknowledged write against the database, exactly: a turn is at its
 * session and number with its role and content, or was summarised (its row deleted or
 * purged) and is named by exactly one summary's provenance, or is an answer whose
 * statement the summary before it took as its outcome (the answer's own segment then
 * writes no second summary of it); a fact row exists with its id and text, whatever its
 * status now.
 */
export function verifyAcknowledged(sqlite: BetterSqlite3.Database, acked: readonly AckedWrite[]): AckVerification {
  const turnAt = sqlite.prepare('select role, content, state from turns where session_id = ? and turn_number = ?');
  // The summary whose segment ends right before the turn: the one that took it as its outcome.
  const summaryBefore = sqlite.prepare('select body from summaries where session_id = ? and last_turn = ?').pluck();
  const provenance = provenanceIndex(sqlite);
  const factById = sqlite.prepare('select fact from facts where id = ?').pluck();
  const failures: string[] = [];
  const seen = new Set<string>();
  for (const write of acked) {
    if (write.kind === 'fact') {
      const fact = factById.get(write.id) as string | undefined;
      if (fact !== write.fact) failures.push(`fact ${write.id} (${JSON.stringify(write.fact)}): found ${JSON.stringify(fact ?? null)}`);
      continue;
    }
    const key = `${write.sessionId}#${write.turnNumber}`;
    if (seen.has(key)) failures.push(`turn ${key} was acknowledged twice (for different writes)`);
    seen.add(key);
    const row = turnAt.get(write.sessionId, write.turnNumber) as TurnRow | undefined;
    const said = () => write.role === 'assistant' && saysOutcome(write.content, summaryBefore.get(write.sessionId, write.turnNumber - 1) as string | undefined);
    const problem = turnProblem(row, write.role, write.content, provenance.get(key) ?? 0, said);
    if (problem !== null) failures.push(`turn ${key} (${write.role}, ${JSON.stringify(write.content.slice(0, 60))}): ${problem}`);
  }
  return { acknowledged: acked.length, verified: acked.length - failures.length, failures };
}

function turnProblem(row: TurnRow | undefined, role: string, content: string, summaries: number, saidBefore: () => boolean): string | null {
  // Summarised turns lose their row: the summary's provenance is then the only trace,
  // and it must be exactly one summary, or the summary before's outcome. (A segment with
  // nothing to keep, "Noted." alone, leaves no summary; every text the writers send carries
  // a marker word, so none is.)
  if (row === undefined) return summaries === 1 ? null : summaries > 1 ? `summarised, but named by ${summaries} summaries` : saidBefore() ? null : 'missing';
  if (row.role !== role) return `role is ${row.role}`;
  if (row.content !== content) return `content is ${JSON.stringify(row.content?.slice(0, 60) ?? null)}`;
  return summaries === 0 ? null : `still ${row.state} but also named by ${summaries} summaries`;
}

// Whether the text holds the words of the summary's outcome in a row (the last one may be
// clipped with "…" when the summary was cut to fit).
function saysOutcome(content: string, body: string | undefined): boolean {
  if (body === undefined) return false;
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const outcome = (JSON.parse(body) as { outcome?: string }).outcome ?? '';
  const said = words(outcome.endsWith('…') ? outcome.slice(0, outcome.lastIndexOf(' ') + 1) : outcome);
  const text = words(content);
  if (said.length < 2) return false;
  for (let at = 0; at + said.length <= text.length; at += 1) if (said.every((word, i) => text[at + i] === word)) return true;
  return false;
}

// `session#turn` → how many summaries name that turn in their provenance.
function provenanceIndex(sqlite: BetterSqlite3.Database): Map<string, number> {
  const rows = sqlite.prepare('select session_id as sessionId, turn_numbers as turnNumbers from summaries').all() as Array<{
    sessionId: string;
    turnNumbers: string;
  }>;
  return countNamedTurns(rows, (row, turnNumber) => `${row.sessionId}#${turnNumber}`);
}

/** `PRAGMA integrity_check` and `PRAGMA foreign_key_check`: empty when the file is sound. */
export function integrityProblems(sqlite: BetterSqlite3.Database): string[] {
  const integrity = sqlite.pragma('integrity_check', { simple: false }) as Array<{ integrity_check: string }>;
  const problems = integrity.map((row) => row.integrity_check).filter((line) => line !== 'ok');
  const foreign = sqlite.pragma('foreign_key_check') as unknown[];
  return [...problems, ...foreign.map((row) => `foreign key: ${JSON.stringify(row)}`)];
}
