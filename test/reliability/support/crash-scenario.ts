import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { spawnChildDaemon, startChildDaemon, type ChildDaemon } from './child-daemon.js';
import { checkAfterRestart } from './restart-checks.js';
import { derivedRandom, testSeed } from './seed.js';
import { factsApiAvailable, runWriters } from './writers.js';

export interface CrashOptions {
  /** SIGKILLs while the daemon serves (each followed by a restart). */
  kills: number;
  clients: number;
  sessions: number;
  /** Time the daemon serves between a restart and the next kill, ms. */
  servingMs: [number, number];
  /** Chance of an extra kill while the daemon is still starting up. */
  startupKillChance: number;
  timeoutMs: number;
}

/**
 * Crash safety: concurrent clients write while the daemon is killed with SIGKILL at
 * seeded random moments and restarted; afterwards every acknowledged write is in the
 * database, the file is sound, every session is consistent and the daemon serves.
 */
// Every acknowledged turn is verified in the database or through the provenance of the
// summary that replaced it: the archive must keep every summary for that (by default the
// oldest archived summaries are forgotten by design, past 200 per session).
const KEEP_EVERY_SUMMARY = { MEMORYD_MAX_ARCHIVED_SUMMARIES: '100000' };

export function crashSafetySuite(options: CrashOptions): void {
  describe('crash safety under SIGKILL', () => {
    it(
      `loses no acknowledged write across ${options.kills} kills with ${options.clients} clients writing`,
      async () => {
        const seed = testSeed('crash-safety');
        const schedule = derivedRandom(seed, 1000);
        const temp = makeTempDir('memoryd-crash-');
        let daemon: ChildDaemon | undefined;
        try {
          daemon = await startChildDaemon(temp.dir, KEEP_EVERY_SUMMARY);
          const factMode = (await factsApiAvailable(daemon.socketPath)) ? 'api' : 'signal';
          const sessions = Array.from({ length: options.sessions }, (_, i) => `crash-${i}`);
          let stopping = false;
          const writing = runWriters({
            socketPath: daemon.socketPath,
            clients: options.clients,
            seed,
            sessionsOf: () => sessions,
            factMode,
            shouldStop: () => stopping,
            retryDelayMs: 40,
          });
          let startupKills = 0;
          for (let kill = 0; kill < options.kills; kill += 1) {
            await sleep(schedule.int(options.servingMs[0], options.servingMs[1]));
            expect((await daemon.kill('SIGKILL')).signal).toBe('SIGKILL');
            if (schedule.chance(options.startupKillChance)) {
              // A kill while it starts: migrations, the facts index, the socket claim.
              const starting = spawnChildDaemon(temp.dir, KEEP_EVERY_SUMMARY);
              await sleep(schedule.int(50, 2500));
              await starting.kill('SIGKILL');
              startupKills += 1;
            }
            daemon = await startChildDaemon(temp.dir, KEEP_EVERY_SUMMARY);
          }
          await sleep(schedule.int(options.servingMs[0], options.servingMs[1]));
          stopping = true;
          const result = await writing;
          const report = await checkAfterRestart(daemon, result.acked);
          const turns = result.acked.filter((write) => write.kind === 'turn').length;
          console.log(
            `[crash-safety] kills ${options.kills} while serving + ${startupKills} during startup; facts via ${factMode}; ` +
              `acknowledged ${report.acknowledged} writes (${turns} turns, ${report.acknowledged - turns} facts), verified ${report.verified}; ` +
              `requests without an answer (daemon down or killed mid-request) ${result.unanswered.length}; statuses ${JSON.stringify(Object.fromEntries(result.statuses))}; ` +
              `database holds ${report.turnsInDatabase} turns, ${report.factsInDatabase} facts`,
          );
          expect(result.unexpected).toEqual([]);
          expect(report.acknowledged).toBeGreaterThan(options.kills * 5);
          expect(report.failures).toEqual([]);
          expect(report.verified).toBe(report.acknowledged);
          expect(report.integrity).toEqual([]);
          expect(report.invariants).toEqual([]);
          expect(report.serving).toEqual([]);
          expect(await daemon.kill('SIGTERM')).toEqual({ code: 0, signal: null });
        } finally {
          await daemon?.kill('SIGKILL');
          temp.remove();
        }
      },
      options.timeoutMs,
    );
  });
}
