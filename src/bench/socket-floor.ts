import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorydClient } from '../client/memoryd-client.js';
import { AppError } from '../errors.js';
import { exitOf, REPO_ROOT, stopChild, type ChildExit } from './child-process.js';
import { MIN_RESPONSE_BYTES } from './floor-server.js';
import { summarize, type LatencySummary } from './stats.js';

const READY_TIMEOUT_MS = 30_000;

/** The round trips measured against the bare server for one amount of work per call. */
export interface FloorLevel {
  workMs: number;
  latency: LatencySummary;
}

/**
 * The machine's floor for a request-response call over a Unix socket: the same client
 * the benchmark uses for memoryd, against a bare node:http child process that parses the
 * body, keeps its core busy for a set time and answers a body of memoryd's size.
 *
 * It separates what the machine charges for a call between two processes (waking the
 * other side, the syscalls, HTTP and JSON at their cheapest) from what memoryd's own work
 * costs, in the same run. Levels are sampled round-robin in blocks spread over the run,
 * so a change in the machine's speed during the run touches them all alike.
 */
export class SocketFloor {
  private readonly latencies: Map<number, number[]>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<ChildExit>,
    private readonly client: MemorydClient,
    private readonly dir: string,
    readonly socketPath: string,
    readonly workLevelsMs: readonly number[],
    readonly responseBytes: number,
  ) {
    this.latencies = new Map(workLevelsMs.map((ms) => [ms, []]));
  }

  /** Starts the bare server; rejects, leaving nothing running, when it cannot. */
  static async start(workLevelsMs: readonly number[], responseBytes: number): Promise<SocketFloor> {
    const bad = workLevelsMs.find((ms) => !(Number.isFinite(ms) && ms >= 0));
    if (workLevelsMs.length === 0 || bad !== undefined) {
      throw new RangeError(`socket floor: work levels must be one or more finite ms ≥ 0, got [${workLevelsMs.join(', ')}]`);
    }
    if (!Number.isInteger(responseBytes) || responseBytes < MIN_RESPONSE_BYTES) {
      throw new RangeError(`socket floor: responseBytes must be an integer ≥ ${MIN_RESPONSE_BYTES}, got ${responseBytes}`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'memoryd-floor-'));
    const socketPath = join(dir, 'floor.sock');
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/floor-server.ts', socketPath, String(responseBytes)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const exited = exitOf(child);
    try {
      await untilReady(child);
    } catch (error) {
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return new SocketFloor(child, exited, new MemorydClient({ socketPath }), dir, socketPath, [...new Set(workLevelsMs)], responseBytes);
  }

  /** `rounds` calls per level, levels interleaved, each sending `body` as memoryd's context call would. */
  async sample(rounds: number, body: unknown): Promise<void> {
    const payload = JSON.stringify(body);
    for (let round = 0; round < rounds; round++) {
      for (const ms of this.workLevelsMs) {
        const started = performance.now();
        const response = await this.client.raw('POST', `/work/${ms}`, payload);
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new AppError('INTERNAL', `socket floor: the bare server answered ${response.status}`);
        this.latencies.get(ms)?.push(elapsed);
      }
    }
  }

  levels(): FloorLevel[] {
    return this.workLevelsMs.map((workMs) => ({ workMs, latency: summarize(this.latencies.get(workMs) ?? []) }));
  }

  async stop(): Promise<void> {
    this.client.close();
    await stopChild(this.child, this.exited, 5_000);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function untilReady(child: ChildProcess): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not listen within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    const onExit = (code: number | null) => fail(`exited (code ${code}) before listening: ${stderr.trim()}`);
    function fail(why: string): void {
      clearTimeout(timer);
      child.off('exit', onExit);
      reject(new AppError('INTERNAL', `socket floor: the bare server ${why}`));
    }
    child.once('exit', onExit);
    child.once('message', (message) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      if (message === 'ready') resolve();
      else reject(new AppError('INTERNAL', `socket floor: unexpected message from the bare server: ${String(message)}`));
    });
  });
}
