import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { summarize } from '../../../src/bench/stats.js';
import { REPO_ROOT } from '../../helpers/spawn-daemon.js';

export interface HealthSample {
  at: number;
  ms: number;
  status: number;
}

export interface HealthSummary {
  samples: HealthSample[];
  count: number;
  maxMs: number;
  p99Ms: number;
  medianMs: number;
  failures: number;
}

const PROBE = fileURLToPath(new URL('./health-probe.ts', import.meta.url));
const READY_TIMEOUT_MS = 30_000;

/** Starts the health prober in its own process; `stop()` ends it and returns every sample. */
export async function startHealthMonitor(socketPath: string, intervalMs = 20): Promise<{ stop(): Promise<HealthSummary> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', PROBE, socketPath, String(intervalMs)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Starting the prober takes a moment (tsx): wait for its first answered check.
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const poll = setInterval(() => {
      if (stderr.includes('ready\n')) done(resolve);
      else if (child.exitCode !== null) done(() => reject(new Error(`the health prober exited: ${stderr}`)));
      else if (Date.now() > deadline) {
        child.kill('SIGKILL');
        done(() => reject(new Error(`the health prober finished no health check within ${READY_TIMEOUT_MS} ms: ${stderr}`)));
      }
    }, 20);
    const done = (settle: () => void): void => {
      clearInterval(poll);
      settle();
    };
  });
  return {
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`the health prober exited with ${code}: ${stderr}`);
      return healthSummary(JSON.parse(stdout) as HealthSample[]);
    },
  };
}

function healthSummary(samples: HealthSample[]): HealthSummary {
  const latency = summarize(samples.map((sample) => sample.ms));
  return {
    samples,
    count: latency.samples,
    maxMs: latency.max,
    p99Ms: latency.p99,
    medianMs: latency.p50,
    failures: samples.filter((sample) => sample.status !== 200).length,
  };
}
