import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { startChildDaemon, type ChildDaemon } from './child-daemon.js';
import { snapshotCounts, snapshotDatabase, snapshotDifferences } from './db-snapshot.js';
import type { FuzzContext } from './fuzz-cases.js';
import { confirmStalls, HEALTH_BOUND_MS, printFuzzReport, type StallVerdict } from './fuzz-latency.js';
import { runFuzz, type FuzzOutcome } from './fuzz-runner.js';
import { seedBeforeFuzz } from './fuzz-seeding.js';
import { startHealthMonitor, type HealthSummary } from './health-monitor.js';
import { exchange } from './http-exchange.js';
import { testSeed } from './seed.js';

export interface FuzzSuiteOptions {
  requests: number;
  concurrency: number;
  /**
   * `assert`: no request blocks a health check for 100 ms (a slow check's requests are
   * replayed alone; the stall must reproduce, so the machine's own hiccups do not count).
   * `print`: figures only (the fast subset).
   */
  latency: 'assert' | 'print';
  timeoutMs: number;
}

/**
 * Bad input: a seeded fuzzer sends requests that must all be refused, while a second
 * process checks health every 20 ms. Every answer is a 4xx in the error format, no
 * request stalls the event loop, the daemon stays up, and the database is exactly as it
 * was, in memory too.
 */
export function badInputSuite(options: FuzzSuiteOptions): void {
  describe(`bad input: ${options.requests} fuzzed requests`, () => {
    const temp = makeTempDir('memoryd-fuzz-');
    let daemon: ChildDaemon;
    let outcomes: FuzzOutcome[] = [];
    let health: HealthSummary;
    let differences: string[] = [];
    let afterwards: { healthStatus: number; promptLeaks: string[]; exitCode: number | null };
    let stopped: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let verdict: StallVerdict | null = null;

    beforeAll(async () => {
      const seed = testSeed('bad-input');
      daemon = await startChildDaemon(temp.dir);
      const seeded = await seedBeforeFuzz(daemon.socketPath);
      const context: FuzzContext = { seededSessions: seeded.sessions, seededFactIds: seeded.factIds, tenMiB: Buffer.alloc(10 * 1024 * 1024, 'a') };
      const before = snapshotDatabase(daemon.dbPath);
      const monitor = await startHealthMonitor(daemon.socketPath);
      const started = performance.now();
      outcomes = await runFuzz({ socketPath: daemon.socketPath, seed, count: options.requests, concurrency: options.concurrency, context });
      const seconds = (performance.now() - started) / 1000;
      health = await monitor.stop();
      differences = snapshotDifferences(before, snapshotDatabase(daemon.dbPath));
      afterwards = await checkAfterFuzz(daemon);
      if (options.latency !== 'print') {
        verdict = await confirmStalls(daemon.socketPath, seed, context, outcomes, health);
      }
      // Whatever a shutdown flushes must not hold anything of the refused requests either.
      stopped = await daemon.kill('SIGTERM');
      differences.push(...snapshotDifferences(before, snapshotDatabase(daemon.dbPath)).map((line) => `after stopping: ${line}`));
      printFuzzReport(outcomes, health, seconds, snapshotCounts(before), verdict);
    }, options.timeoutMs);

    afterAll(async () => {
      await daemon?.stop();
      temp.remove();
    });

    it('answers every request with a 4xx in the JSON error format, never a 5xx, a hang or a stack trace', () => {
      expect(outcomes).toHaveLength(options.requests);
      const problems = outcomes.filter((outcome) => outcome.problem !== null).map((outcome) => `${outcome.category} / ${outcome.label}: ${outcome.problem}`);
      expect(problems.slice(0, 20)).toEqual([]);
    });

    it('stays up, stops cleanly, and the database is exactly as it was before, live and after stopping', () => {
      expect(afterwards.exitCode).toBeNull();
      expect(afterwards.healthStatus).toBe(200);
      expect(stopped).toEqual({ code: 0, signal: null });
      expect(health.failures).toBe(0);
      expect(differences.slice(0, 20)).toEqual([]);
    });

    it('keeps nothing of the refused writes in memory either (no fuzz fact reaches a prompt)', () => {
      expect(afterwards.promptLeaks).toEqual([]);
    });

    if (options.latency !== 'print') {
      it(`stalls no health check for ${HEALTH_BOUND_MS} ms with any request`, () => {
        expect(verdict?.confirmed).toEqual([]);
      });
    }
  });
}

async function checkAfterFuzz(daemon: ChildDaemon): Promise<{ healthStatus: number; promptLeaks: string[]; exitCode: number | null }> {
  const healthStatus = (await exchange(daemon.socketPath, false, { method: 'GET', path: '/v1/health' })).status;
  // The fuzz sent "Remember that my fuzzcolour is fzmk…" and "I prefer fzmkpref…" in
  // requests that were all refused: no fact of them may be selected for a prompt (asked
  // as a dry run, which changes nothing, so the database can still be compared after).
  const answer = await exchange(daemon.socketPath, false, {
    method: 'POST',
    path: '/v1/sessions/after-fuzz/context',
    body: JSON.stringify({ message: 'What is my fuzzcolour, and what do I prefer?', dryRun: true }),
  });
  const promptLeaks = answer.status === 200 ? [...answer.body.matchAll(/fzmk\w*/g)].map((match) => match[0]) : [`context call answered ${answer.status}`];
  const facts = await exchange(daemon.socketPath, false, { method: 'GET', path: '/v1/facts?status=all&limit=10000' });
  if (facts.status === 200) promptLeaks.push(...[...facts.body.matchAll(/fzmk\w*/g)].map((match) => `fact list: ${match[0]}`));
  else promptLeaks.push(`fact list answered ${facts.status}`);
  return { healthStatus, promptLeaks, exitCode: daemon.spawned.child.exitCode };
}
