import { setTimeout as sleep } from 'node:timers/promises';
import { countBy } from './count-by.js';
import type { FuzzContext } from './fuzz-cases.js';
import { fuzzCaseAt, sendCase, type FuzzOutcome } from './fuzz-runner.js';
import { startHealthMonitor, type HealthSample, type HealthSummary } from './health-monitor.js';

export const HEALTH_BOUND_MS = 100;
const REPLAYS = 3;
const MAX_SUSPECTS = 150;

export function overlaps(outcome: Pick<FuzzOutcome, 'start' | 'end'>, sample: Pick<HealthSample, 'at' | 'ms'>): boolean {
  return outcome.start <= sample.at + sample.ms && outcome.end >= sample.at;
}

export interface StallVerdict {
  /** Requests in flight during a slow health check, replayed alone. */
  suspects: number;
  /** Requests in flight during a slow health check past the first MAX_SUSPECTS: not replayed, so not judged. */
  notReplayed: number;
  /** Requests that blocked health checks for the bound on every replay, alone. */
  confirmed: string[];
}

/**
 * A slow health check on a shared machine may be the machine's doing (another process,
 * a GC pause in the prober), and under concurrency it overlaps several requests. So
 * every request in flight during one (the first MAX_SUSPECTS) is sent again, alone,
 * with health checked every 10 ms; one that blocks it for the bound is sent twice more,
 * and a stall is a request that reproduces it every time.
 */
export async function confirmStalls(
  socketPath: string,
  seed: number,
  context: FuzzContext,
  outcomes: readonly FuzzOutcome[],
  health: HealthSummary,
): Promise<StallVerdict> {
  const slow = health.samples.filter((sample) => sample.ms >= HEALTH_BOUND_MS);
  const inFlight = [...new Set(slow.flatMap((sample) => outcomes.filter((outcome) => overlaps(outcome, sample)).map((outcome) => outcome.index)))];
  const suspects = inFlight.slice(0, MAX_SUSPECTS);
  const notReplayed = inFlight.length - suspects.length;
  if (suspects.length === 0) return { suspects: 0, notReplayed, confirmed: [] };
  const replayAll = async (indices: readonly number[], times: number): Promise<Array<{ index: number; blockedMs: number; label: string }>> => {
    const monitor = await startHealthMonitor(socketPath, 10);
    const replays: FuzzOutcome[] = [];
    for (const index of indices) {
      for (let i = 0; i < times; i += 1) {
        replays.push(await sendCase(socketPath, false, index, fuzzCaseAt(seed, index, context)));
        await sleep(50);
      }
    }
    const { samples } = await monitor.stop();
    return replays.map((outcome) => ({
      index: outcome.index,
      label: `${outcome.category} / ${outcome.label}`,
      blockedMs: Math.max(0, ...samples.filter((sample) => overlaps(outcome, sample)).map((sample) => sample.ms)),
    }));
  };
  const first = await replayAll(suspects, 1);
  const repeat = first.filter((replay) => replay.blockedMs >= HEALTH_BOUND_MS).map((replay) => replay.index);
  const all = repeat.length === 0 ? first : [...first, ...(await replayAll(repeat, REPLAYS - 1))];
  const confirmed = repeat.flatMap((index) => {
    const mine = all.filter((replay) => replay.index === index);
    const reproduced = mine.every((replay) => replay.blockedMs >= HEALTH_BOUND_MS);
    return reproduced ? [`${mine[0]?.label}: health blocked ${mine.map((replay) => replay.blockedMs.toFixed(0)).join(', ')} ms`] : [];
  });
  return { suspects: suspects.length, notReplayed, confirmed };
}

export function printFuzzReport(outcomes: readonly FuzzOutcome[], health: HealthSummary, seconds: number, rows: Record<string, number>, verdict: StallVerdict | null): void {
  const slowHealth = health.samples.filter((sample) => sample.ms >= HEALTH_BOUND_MS);
  const blamed = slowHealth.flatMap((sample) => outcomes.filter((outcome) => overlaps(outcome, sample)).map((outcome) => outcome.category));
  const slowest = [...outcomes].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 6);
  console.log(
    [
      `[bad-input] ${outcomes.length} requests in ${seconds.toFixed(1)} s; database rows before: ${JSON.stringify(rows)}`,
      `[bad-input] per status: ${JSON.stringify(countBy(outcomes, (outcome) => String(outcome.status ?? 'no answer')))}`,
      `[bad-input] per category: ${JSON.stringify(countBy(outcomes, (outcome) => outcome.category))}`,
      `[bad-input] health checks: ${health.count}, median ${health.medianMs.toFixed(1)} ms, p99 ${health.p99Ms.toFixed(1)} ms, max ${health.maxMs.toFixed(1)} ms, ` +
        `${slowHealth.length} at or over ${HEALTH_BOUND_MS} ms, failures ${health.failures}`,
      `[bad-input] categories in flight during slow health checks: ${JSON.stringify(countBy(blamed, (category) => category))}`,
      verdict === null
        ? ''
        : `[bad-input] replayed alone the ${verdict.suspects} requests in flight during slow checks: ${verdict.confirmed.length} stalls reproduced` +
          (verdict.notReplayed > 0 ? `; ${verdict.notReplayed} more past the cap of ${MAX_SUSPECTS} were NOT replayed, so not judged` : ''),
      `[bad-input] slowest requests (client side): ${slowest.map((outcome) => `${outcome.end - outcome.start} ms ${outcome.category} (${outcome.label.slice(0, 50)})`).join('; ')}`,
    ]
      .filter((line) => line !== '')
      .join('\n'),
  );
}
