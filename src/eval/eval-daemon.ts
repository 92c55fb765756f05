import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../clock.js';
import { loadConfig } from '../config/config.js';
import { startDaemon } from '../daemon.js';

/** A daemon in the evaluation's own process, on a clock the evaluation sets. */
export interface EvalDaemon {
  socketPath: string;
  /** "Now" for the daemon: the replay sets it to each turn's time. */
  clock: ManualClock;
  /** Where the daemon's data and logs are: kept when `stop` is told to, to look into a failure. */
  dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts a daemon with a fresh data dir and `env`'s settings, in this process, on a
 * manual clock that starts at `start` (epoch ms): a replayed conversation's dates are then "now" for everything the daemon
 * dates (facts confirmed and decayed, days named in a question, summaries' times), not
 * the machine's today, years later. No cron jobs: decay rules apply when facts are read.
 */
export async function startEvalDaemon(env: Record<string, string>, cwd: string, start: number): Promise<EvalDaemon> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoryd-eval-'));
  const clock = new ManualClock(start);
  try {
    const config = loadConfig({ MEMORYD_LOG_LEVEL: 'warn', ...env, MEMORYD_DATA_DIR: dataDir }, { cwd });
    const daemon = await startDaemon({ config, clock, scheduler: false });
    return {
      socketPath: daemon.socketPath,
      clock,
      dataDir,
      stop: async (options = {}) => {
        try {
          await daemon.stop('evaluation done');
        } finally {
          if (options.keepData !== true) rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
