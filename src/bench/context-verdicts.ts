import { AUTOCHECKPOINT_PAGES } from '../storage/idle-checkpointer.js';
import type { Checkpoint, ContextRunResult } from './context-run.js';
import type { LatencySummary } from './stats.js';
import { bytesText, ms } from './text-table.js';

// The "under 30 MB", in bytes (MB, not MiB).
const RSS_GROWTH_LIMIT_BYTES = 30_000_000;

// SQLite checkpoints after the commit that takes the WAL to AUTOCHECKPOINT_PAGES, so the
// file holds that commit's pages on top; a commit of the replay writes tens of pages.
const WAL_COMMIT_SLACK_PAGES = 100;
const WAL_HEADER_BYTES = 32;
const WAL_FRAME_HEADER_BYTES = 24;

/**
 * One line per target of issue 5: "met" or "NOT MET" with the figure. Targets whose
 * checkpoints the run did not reach (a short --turns) say so instead.
 */
export function contextVerdicts(result: ContextRunResult, latency: LatencySummary): string[] {
  const at = (turn: number) => result.checkpoints.find((c) => c.turn === turn);
  const last = result.checkpoints.at(-1);
  const lines = [
    verdict(latency.p50 <= 1, `context call p50 ≤ 1 ms: ${ms(latency.p50)}`),
    verdict(latency.p99 <= 5, `context call p99 ≤ 5 ms: ${ms(latency.p99)}`),
    verdict(result.maxTokens <= 4000 && result.overBudget === 0, `prompt never over 4000 tokens: max ${result.maxTokens}, ${result.overBudget} over budget`),
  ];
  const t100 = at(100);
  if (t100 && last && last.turn >= 1000) {
    const drift = Math.abs(last.memorydTokens - t100.memorydTokens) / t100.memorydTokens;
    lines.push(
      verdict(drift <= 0.1, `tokens at turn ${last.turn} within 10 % of turn 100: ${last.memorydTokens} vs ${t100.memorydTokens} (${(100 * drift).toFixed(1)} %)`),
    );
  } else lines.push('n/a     tokens at turn 10000 within 10 % of turn 100: the run did not reach turn 1000');
  const t1000 = at(1000);
  if (t1000 && last && last.turn > 1000) {
    lines.push(rssVerdict(t1000, last), databaseVerdict(t1000, last));
  } else lines.push('n/a     RSS growth and database size from turn 1000: the run did not go past turn 1000');
  if (result.checkpoints.length > 0) lines.push(walVerdict(result.checkpoints));
  return lines;
}

// The floors compare: each is the lowest reading over the same number of turns before its row.
function rssVerdict(a: Checkpoint, b: Checkpoint): string {
  const target = `daemon RSS growth turn ${a.turn} → ${b.turn} under 30 MB`;
  if (a.floorRss === null || b.floorRss === null) return `n/a     ${target}: RSS is unavailable (not Linux)`;
  const growth = b.floorRss.bytes - a.floorRss.bytes;
  const peakGrowth = (b.peakRssBytes ?? 0) - (a.peakRssBytes ?? 0);
  return verdict(
    growth < RSS_GROWTH_LIMIT_BYTES,
    `${target}: floor ${mbText(a.floorRss.bytes)} → ${mbText(b.floorRss.bytes)} (${signed(growth, mbText)}; the lowest of ${a.floorRss.samples} and ` +
      `${b.floorRss.samples} readings before each row); peak ${mbText(a.peakRssBytes)} → ${mbText(b.peakRssBytes)} (${signed(peakGrowth, mbText)}); ` +
      `at the rows ${mbText(a.rssBytes)} → ${mbText(b.rssBytes)}`,
  );
}

// "Not proportional to turns", judged on the database file alone (the WAL's size is the
// most it ever reached, not the data): from turn a to turn b the file grows by less
// than half of what proportional growth (size × b/a) would add.
function databaseVerdict(a: Checkpoint, b: Checkpoint): string {
  const bytesA = a.databaseFiles.db;
  const bytesB = b.databaseFiles.db;
  const proportionalAdded = bytesA * (b.turn / a.turn - 1);
  const added = bytesB - bytesA;
  const perTurn = added / (b.turn - a.turn);
  return verdict(
    added < proportionalAdded / 2,
    `database file not proportional to turns: ${bytesText(bytesA)} at turn ${a.turn} → ${bytesText(bytesB)} at turn ${b.turn} ` +
      `(${signed(added, bytesText)}, ${(perTurn / 1024).toFixed(2)} KiB per user turn; proportional growth would add ${bytesText(proportionalAdded)}; ` +
      `the raw text added was ${bytesText(b.historyBytes - a.historyBytes)})`,
  );
}

// The WAL is never shrunk, so its size is the most it reached: bounded by SQLite's
// backstop checkpoint whatever the number of turns.
function walVerdict(checkpoints: readonly Checkpoint[]): string {
  const largest = checkpoints.reduce((max, c) => (c.databaseFiles.wal > max.databaseFiles.wal ? c : max));
  const pageSize = largest.databaseFiles.pageSize;
  const target = `WAL within the checkpoint backstop (${AUTOCHECKPOINT_PAGES} + ${WAL_COMMIT_SLACK_PAGES} pages)`;
  if (pageSize === null) return `n/a     ${target}: no database file`;
  const limit = walBytesLimit(pageSize);
  return verdict(
    largest.databaseFiles.wal <= limit,
    `${target}: largest ${bytesText(largest.databaseFiles.wal)} (turn ${largest.turn}) ≤ ${bytesText(limit)} (${pageSize}-byte pages)`,
  );
}

/** The largest WAL file the backstop allows with pages of `pageSize` bytes. */
export function walBytesLimit(pageSize: number): number {
  return WAL_HEADER_BYTES + (AUTOCHECKPOINT_PAGES + WAL_COMMIT_SLACK_PAGES) * (WAL_FRAME_HEADER_BYTES + pageSize);
}

// Bytes as decimal megabytes (10^6), the unit of the RSS target.
function mbText(bytes: number | null): string {
  return bytes === null ? 'n/a' : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function signed(bytes: number, text: (bytes: number) => string): string {
  return `${bytes >= 0 ? '+' : ''}${text(bytes)}`;
}

function verdict(met: boolean, text: string): string {
  return `${met ? 'met    ' : 'NOT MET'} ${text}`;
}
