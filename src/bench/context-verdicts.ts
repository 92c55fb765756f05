import type { ContextRunResult } from './context-run.js';
import type { LatencySummary } from './stats.js';
import { bytesText, ms } from './text-table.js';

const RSS_GROWTH_LIMIT = 30 * 1024 * 1024;

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
  if (t1000 && last && last.turn > 1000 && t1000.floorRssBytes !== null && last.floorRssBytes !== null) {
    const growth = last.floorRssBytes - t1000.floorRssBytes;
    const peakGrowth = (last.peakRssBytes ?? 0) - (t1000.peakRssBytes ?? 0);
    lines.push(
      verdict(
        growth < RSS_GROWTH_LIMIT,
        `daemon RSS growth turn 1000 → ${last.turn} < 30 MB: floor ${bytesText(t1000.floorRssBytes)} → ${bytesText(last.floorRssBytes)} (${signed(growth)}); ` +
          `peak ${bytesText(t1000.peakRssBytes)} → ${bytesText(last.peakRssBytes)} (${signed(peakGrowth)}); at the rows ${bytesText(t1000.rssBytes)} → ${bytesText(last.rssBytes)}`,
      ),
    );
    lines.push(databaseVerdict(t1000.turn, t1000.databaseBytes, last.turn, last.databaseBytes, last.historyBytes - t1000.historyBytes));
  } else lines.push('n/a     RSS growth and database size from turn 1000: the run did not go past turn 1000 (or RSS is unavailable)');
  return lines;
}

/**
 * "Not proportional to turns": from turn a to turn b the database grows by less than
 * half of what proportional growth (size × b/a) would add.
 */
function databaseVerdict(a: number, bytesA: number, b: number, bytesB: number, rawAdded: number): string {
  const proportionalAdded = bytesA * (b / a - 1);
  const added = bytesB - bytesA;
  const perTurn = added / (b - a);
  return verdict(
    added < proportionalAdded / 2,
    `database size not proportional to turns: ${bytesText(bytesA)} at turn ${a} → ${bytesText(bytesB)} at turn ${b} ` +
      `(${signed(added)}, ${(perTurn / 1024).toFixed(2)} KiB per user turn; proportional growth would add ${bytesText(proportionalAdded)}; ` +
      `the raw text added was ${bytesText(rawAdded)})`,
  );
}

function signed(bytes: number): string {
  return `${bytes >= 0 ? '+' : ''}${bytesText(bytes)}`;
}

function verdict(met: boolean, text: string): string {
  return `${met ? 'met    ' : 'NOT MET'} ${text}`;
}
