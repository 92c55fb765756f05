import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ManualClock, type Clock } from '../../src/clock.js';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { startDaemon, type DaemonOptions, type RunningDaemon } from '../../src/daemon.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { makeTempDir } from './temp-dir.js';

export interface TestDaemon {
  daemon: RunningDaemon;
  client: MemorydClient;
  config: Config;
  dir: string;
  clock: Clock;
  stop(): Promise<void>;
}

/**
 * A real daemon in this process, on a real socket and SQLite file in a temp dir, with
 * the hashing embedder and, unless given another, a manual clock. `stop` removes the dir
 * unless `keepDir` is set.
 */
export async function startTestDaemon(
  options: { env?: Record<string, string>; dir?: string; keepDir?: boolean } & Partial<Omit<DaemonOptions, 'config'>> = {},
): Promise<TestDaemon> {
  const temp = options.dir === undefined ? makeTempDir() : { dir: options.dir, remove: () => {} };
  const removeDir = (): void => {
    if (!options.keepDir) temp.remove();
  };
  const clock = options.clock ?? new ManualClock(Date.UTC(2026, 10, 22, 9));
  let config: Config;
  let daemon: RunningDaemon;
  try {
    config = loadConfig({ MEMORYD_DATA_DIR: temp.dir, MEMORYD_LOG_LEVEL: 'debug', ...options.env }, { cwd: temp.dir });
    daemon = await startDaemon({
      config,
      clock,
      embedder: options.embedder ?? createHashingEmbedder(),
      scheduler: options.scheduler ?? false,
      ...(options.ids ? { ids: options.ids } : {}),
      ...(options.logFiles ? { logFiles: options.logFiles } : {}),
    });
  } catch (error) {
    // A daemon that does not start (what some tests ask for) leaves no data dir behind.
    removeDir();
    throw error;
  }
  const client = new MemorydClient({ socketPath: config.socketPath, timeoutMs: 10_000 });
  return {
    daemon,
    client,
    config,
    dir: temp.dir,
    clock,
    stop: async () => {
      client.close();
      try {
        await daemon.stop('test finished');
      } finally {
        removeDir();
      }
    },
  };
}

/**
 * One daemon for a whole test file: started before its first test, stopped after its last.
 * Read `daemon` and `client` inside tests (they throw before the daemon has started).
 */
export function daemonPerFile(options: Parameters<typeof startTestDaemon>[0] = {}): { readonly daemon: TestDaemon; readonly client: MemorydClient } {
  let started: TestDaemon | undefined;
  beforeAll(async () => {
    started = await startTestDaemon(options);
  });
  afterAll(() => started?.stop());
  const current = (): TestDaemon => {
    if (started === undefined) throw new Error('the test daemon starts before the first test of the file');
    return started;
  };
  return {
    get daemon() {
      return current();
    },
    get client() {
      return current().client;
    },
  };
}

/**
 * A test daemon whose socket lives outside its data dir, so that deleting or replacing
 * the data dir leaves it reachable; stopped, and the socket's folder removed, by `defer`.
 */
export async function startDaemonWithSocketOutside(defer: (cleanup: () => unknown) => void): Promise<TestDaemon> {
  const sockets = makeTempDir('memoryd-sockets-');
  defer(sockets.remove);
  const daemon = await startTestDaemon({ env: { MEMORYD_SOCKET: join(sockets.dir, 'memoryd.sock') } });
  defer(() => daemon.stop());
  return daemon;
}

/**
 * Why a test daemon refuses to start on `dataDir`, in its own words. A daemon that starts
 * after all is stopped before this throws, so the test fails without leaving it running.
 */
export async function daemonRefusal(dataDir: string): Promise<string> {
  let started: TestDaemon;
  try {
    started = await startTestDaemon({ dir: dataDir, keepDir: true });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  await started.stop();
  throw new Error(`the daemon started on ${dataDir}`);
}
