import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnDaemon, waitForHealthy, type SpawnedDaemon } from '../../helpers/spawn-daemon.js';

// Cron expressions that never fire during a test run (29 February at midnight).
const NEVER = '0 0 29 2 *';

/** A memoryd started as `npm start` does, in its own process, on a data dir of the test's. */
export interface ChildDaemon {
  readonly dataDir: string;
  readonly socketPath: string;
  readonly dbPath: string;
  readonly spawned: SpawnedDaemon;
  /** Sends a signal; resolves with how the process ended. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it has not exited within `timeoutMs`; resolves with how it ended. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns the daemon with the hashing embedder, and jobs scheduled never to fire so
 * nothing writes on its own while a test compares database contents.
 */
export function spawnChildDaemon(dataDir: string, env: Record<string, string> = {}): ChildDaemon {
  const spawned = spawnDaemon({
    MEMORYD_DATA_DIR: dataDir,
    MEMORYD_EMBEDDER: 'hashing',
    MEMORYD_DECAY_SCHEDULE: NEVER,
    MEMORYD_CLEANUP_SCHEDULE: NEVER,
    ...env,
  });
  const kill = async (signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> => {
    if (spawned.child.exitCode === null && spawned.child.signalCode === null) spawned.child.kill(signal);
    return spawned.exited;
  };
  return {
    dataDir,
    socketPath: join(dataDir, 'memoryd.sock'),
    dbPath: join(dataDir, 'memoryd.db'),
    spawned,
    kill,
    stop: async (timeoutMs = 10_000) => {
      // A daemon stuck in its shutdown must not outlive the test run.
      const timer = setTimeout(() => spawned.child.kill('SIGKILL'), timeoutMs);
      try {
        return await kill('SIGTERM');
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Spawns the daemon and waits until it answers its health check. */
export async function startChildDaemon(dataDir: string, env: Record<string, string> = {}): Promise<ChildDaemon> {
  const daemon = spawnChildDaemon(dataDir, env);
  try {
    await waitForHealthy(daemon.socketPath, daemon.spawned, 60_000);
  } catch (error) {
    await daemon.kill('SIGKILL');
    throw error;
  }
  return daemon;
}

/** True while the socket file exists (a clean stop removes it; a SIGKILL leaves it). */
export function socketExists(daemon: ChildDaemon): boolean {
  return existsSync(daemon.socketPath);
}
