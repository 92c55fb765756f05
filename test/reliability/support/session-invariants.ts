import type BetterSqlite3 from 'better-sqlite3';
import { loadConfig, type WindowParams } from '../../../src/config/config.js';
import { countNamedTurns, provenanceOf } from './summary-provenance.js';

interface TurnRow {
  turnNumber: number;
  state: string;
  hasContent: number;
  tokenCount: number;
  topicShift: number;
  toolCallId: string | null;
}

interface SummaryRow {
  seq: number;
  status: string;
  firstTurn: number;
  lastTurn: number;
  turnNumbers: string;
  outcome: string;
}

/**
 * Every way a session's conversation tier can be inconsistent, as sentences (empty when
 * all hold). A turn number is in exactly one place: a summary's provenance (its row
 * deleted), the open segment, or the window; and they come in that order. An answer right
 * after a summary's segment that is in none may be that summary's outcome, purged with a
 * segment that said nothing more (acked-writes checks its text). Bounds on the
 * window and the open segment are checked for sessions without tool-call units, where
 * they are exact, against the default settings the daemons under test run with.
 */
export function sessionViolations(sqlite: BetterSqlite3.Database): string[] {
  const limits = loadConfig({ MEMORYD_DATA_DIR: '/tmp/unused' }, { cwd: '/tmp' }).window;
  const sessions = sqlite.prepare('select id, last_turn_number as last from sessions order by id').all() as Array<{ id: string; last: number }>;
  const turnsOf = sqlite.prepare(
    `select turn_number as turnNumber, state, content is not null as hasContent, token_count as tokenCount,
            topic_shift as topicShift, tool_call_id as toolCallId
       from turns where session_id = ? order by turn_number`,
  );
  const summariesOf = sqlite.prepare(
    `select seq, case when seq <= (select archived_through from sessions where id = summaries.session_id) then 'archived' else 'active' end as status,
       first_turn as firstTurn, last_turn as lastTurn, turn_numbers as turnNumbers, json_extract(body, '$.outcome') as outcome
       from summaries where session_id = ? order by seq`,
  );
  const violations: string[] = [];
  for (const session of sessions) {
    const turns = turnsOf.all(session.id) as TurnRow[];
    const summaries = summariesOf.all(session.id) as SummaryRow[];
    for (const problem of checkSession(session.last, turns, summaries, limits)) violations.push(`session ${session.id}: ${problem}`);
  }
  return violations;
}

function checkSession(last: number, rows: readonly TurnRow[], summaries: readonly SummaryRow[], limits: WindowParams): string[] {
  const problems = checkSummaries(summaries, limits);
  const named = countNamedTurns(summaries, (_, turnNumber) => turnNumber);
  const place = new Map<number, string>();
  for (const [turnNumber, count] of named) {
    if (count !== 1) problems.push(`turn ${turnNumber} is named by ${count} summaries`);
    place.set(turnNumber, 'summarized');
  }
  for (const row of rows) {
    const live = row.state === 'window' || row.state === 'segment';
    if (live && named.has(row.turnNumber)) problems.push(`turn ${row.turnNumber} is summarised but still ${row.state}`);
    if (live && !row.hasContent) problems.push(`turn ${row.turnNumber} is ${row.state} without content`);
    if (!live) problems.push(`turn ${row.turnNumber} is in no known state: ${row.state}`);
    if (live) place.set(row.turnNumber, row.state);
  }
  for (const summary of summaries) {
    const reply = summary.lastTurn + 1;
    if (summary.outcome !== '' && reply <= last && !place.has(reply)) place.set(reply, 'summarized');
  }
  const numbers = [...place.keys()].sort((a, b) => a - b);
  if (numbers.length !== last || numbers.some((number, i) => number !== i + 1)) {
    problems.push(`turns and summaries do not cover 1..${last} exactly: ${describeNumbers(numbers)}`);
  }
  const order = ['summarized', 'segment', 'window'];
  const sequence = numbers.map((number) => order.indexOf(place.get(number) ?? ''));
  if (sequence.some((rank, i) => i > 0 && rank < (sequence[i - 1] ?? 0))) {
    problems.push(`places out of order (summarised < segment < window): ${numbers.map((n) => `${n}:${(place.get(n) ?? '?')[0]}`).join(' ')}`);
  }
  const window = rows.filter((row) => row.state === 'window');
  const segment = rows.filter((row) => row.state === 'segment');
  if (segment.slice(1).some((row) => row.topicShift)) problems.push('the open segment spans a topic start');
  if (rows.some((row) => row.toolCallId !== null)) return problems;
  if (window.length > limits.windowMax) problems.push(`window holds ${window.length} turns, over ${limits.windowMax}`);
  const windowTokens = window.reduce((sum, row) => sum + row.tokenCount, 0);
  if (window.length > 1 && windowTokens > limits.maxWindowTokens) problems.push(`window holds ${windowTokens} tokens, over ${limits.maxWindowTokens}`);
  if (segment.length >= limits.segmentSize) problems.push(`open segment holds ${segment.length} turns; it closes at ${limits.segmentSize}`);
  return problems;
}

function checkSummaries(summaries: readonly SummaryRow[], limits: WindowParams): string[] {
  const problems: string[] = [];
  summaries.forEach((summary, i) => {
    if (summary.seq !== i + 1) problems.push(`summary seq ${summary.seq} where ${i + 1} was expected`);
    const numbers = provenanceOf(summary);
    if (numbers.length === 0) problems.push(`summary ${summary.seq} names no turn`);
    if (numbers.some((number, j) => j > 0 && number <= (numbers[j - 1] ?? 0))) problems.push(`summary ${summary.seq}: turn numbers not increasing`);
    if (numbers[0] !== summary.firstTurn || numbers.at(-1) !== summary.lastTurn) problems.push(`summary ${summary.seq}: first/last turn disagree with its provenance`);
  });
  const active = summaries.filter((summary) => summary.status === 'active').length;
  if (active > limits.maxSummaries) problems.push(`${active} active summaries, over ${limits.maxSummaries}`);
  return problems;
}

function describeNumbers(numbers: readonly number[]): string {
  return numbers.length <= 30 ? numbers.join(',') : `${numbers.length} numbers from ${numbers[0]} to ${numbers.at(-1)}`;
}
