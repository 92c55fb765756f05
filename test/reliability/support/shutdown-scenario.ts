import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { socketExists, startChildDaemon, type ChildDaemon } from './child-daemon.js';
import { countBy } from './count-by.js';
import { openReadOnly } from './db-snapshot.js';
import { checkAfterRestart } from './restart-checks.js';
import { derivedRandom, testSeed } from './seed.js';
import { factsApiAvailable, runWriters, type UnansweredWrite } from './writers.js';

export interface ShutdownOptions {
  /** SIGTERMs, each on a fresh daemon under load. */
  rounds: number;
  clients: number;
  timeoutMs: number;
}

// Refused before anything was sent: the listener is gone (ECONNREFUSED) or so is the socket file (ENOENT).
const REFUSED = new Set(['ECONNREFUSED', 'ENOENT']);

/**
 * Shutdown under load: SIGTERM while clients write. Requests in flight finish or get a
 * clean error (a 503 SHUTTING_DOWN, or a refused connection), nothing acknowledged is
 * lost, the socket is removed and the exit code is 0.
 */
export function shutdownSuite(options: ShutdownOptions): void {
  describe('shutdown under load', () => {
    it(
      `finishes or cleanly refuses every request on SIGTERM with ${options.clients} clients writing (${options.rounds} rounds)`,
      async () => {
        const seed = testSeed('shutdown');
        for (let round = 0; round < options.rounds; round += 1) await shutdownRound(seed, round, options.clients);
      },
      options.timeoutMs,
    );
  });
}

async function shutdownRound(seed: number, round: number, clients: number): Promise<void> {
  const random = derivedRandom(seed, 2000 + round);
  const temp = makeTempDir('memoryd-shutdown-');
  let daemon: ChildDaemon | undefined;
  try {
    daemon = await startChildDaemon(temp.dir);
    const factMode = (await factsApiAvailable(daemon.socketPath)) ? 'api' : 'signal';
    // One session per client: its last write, answered or not, is the newest turn of its session.
    const writing = runWriters({
      socketPath: daemon.socketPath,
      clients,
      seed: seed + round,
      sessionsOf: (index) => [`shutdown-${index}`],
      factMode,
      shouldStop: () => false,
      retryDelayMs: 0,
      stopOnNoResponse: true,
    });
    await sleep(random.int(400, 1500));
    const signalled = performance.now();
    const exit = await daemon.kill('SIGTERM');
    const exitMs = performance.now() - signalled;
    const result = await writing;
    const cut = result.unanswered.filter((write) => !REFUSED.has(write.errorCode));
    const committedButCut = committedWrites(daemon.dbPath, cut);
    const socketLeft = socketExists(daemon);
    const restarted = await startChildDaemon(temp.dir);
    try {
      const report = await checkAfterRestart(restarted, result.acked);
      console.log(
        `[shutdown] round ${round}: exit ${JSON.stringify(exit)} ${exitMs.toFixed(0)} ms after SIGTERM; acknowledged ${report.acknowledged}, verified ${report.verified}; ` +
          `503 SHUTTING_DOWN ${result.unavailable.length}; refused connections ${result.unanswered.length - cut.length}; ` +
          `connections closed before an answer ${cut.length} (${JSON.stringify(countBy(cut, (write) => write.errorCode))}; committed anyway: ${committedButCut.length})`,
      );
      expect(exit).toEqual({ code: 0, signal: null });
      expect(socketLeft).toBe(false);
      expect(crashOutput(daemon.spawned.output.stderr)).toEqual([]);
      expect(result.unexpected).toEqual([]);
      expect(result.unavailable.filter((answer) => answer.code !== 'SHUTTING_DOWN')).toEqual([]);
      // A write the daemon committed but never answered would be an in-flight request cut off.
      expect(committedButCut).toEqual([]);
      expect(report.acknowledged).toBeGreaterThan(0);
      expect(report.failures).toEqual([]);
      expect(report.verified).toBe(report.acknowledged);
      expect(report.integrity).toEqual([]);
      expect(report.invariants).toEqual([]);
      expect(report.serving).toEqual([]);
    } finally {
      await restarted.stop();
    }
  } finally {
    await daemon?.kill('SIGKILL');
    temp.remove();
  }
}

// Unanswered writes whose content is in the database anyway (turn content or fact text).
function committedWrites(dbPath: string, writes: readonly UnansweredWrite[]): UnansweredWrite[] {
  const sqlite = openReadOnly(dbPath);
  try {
    const turn = sqlite.prepare('select 1 from turns where session_id = ? and content = ?');
    const fact = sqlite.prepare('select 1 from facts where fact = ?');
    return writes.filter((write) => turn.get(write.sessionId, write.content) !== undefined || fact.get(write.content) !== undefined);
  } finally {
    sqlite.close();
  }
}

// The daemon's stderr without Node's own process warnings ("(node:123) ExperimentalWarning: …"
// and its "(Use `node --trace-warnings …`" hint): what is left is a crash or an error it printed.
function crashOutput(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '' && !/^\(node:\d+\) |^\(Use `node --trace-warnings/.test(line));
}
