import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DIST_ENTRY } from '../../src/cli/dist-paths.js';
import { MemorydClient } from '../../src/client/memoryd-client.js';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface SpawnedDaemon {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `npm start`'s entry point as a child process: the compiled daemon in dist/ (built once
 * per test run by test/build-daemon.setup.ts), no npm wrapper in between. Without the
 * start-up warm-up unless `env` asks for one (test/warm-up/ tests it).
 */
export function spawnDaemon(env: Record<string, string>, args: string[] = []): SpawnedDaemon {
  return spawnCommand(process.execPath, [DIST_ENTRY, ...args], { MEMORYD_WARM_UP_EXCHANGES: '0', ...env });
}

/**
 * `program args` from the repository root with only PATH, HOME and `env`, its output
 * collected; `detached` puts it in a process group of its own (as systemd's cgroup would).
 */
export function spawnCommand(program: string, args: string[], env: Record<string, string>, options: { detached?: boolean } = {}): SpawnedDaemon {
  const child = spawn(program, args, {
    cwd: REPO_ROOT,
    detached: options.detached ?? false,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output, exited };
}

/** Polls the socket until the daemon answers its health check (or the child exits). */
export async function waitForHealthy(socketPath: string, spawned: SpawnedDaemon, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void spawned.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`daemon exited before answering: ${spawned.output.stderr}`);
    if (existsSync(socketPath)) {
      const client = new MemorydClient({ socketPath, timeoutMs: 2000 });
      try {
        await client.health();
        return;
      } catch {
        // not ready yet
      } finally {
        client.close();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`daemon not healthy after ${timeoutMs} ms: ${spawned.output.stderr}`);
}
