// Run as its own process (node --import tsx health-probe.ts <socket> <intervalMs>): asks
// GET /v1/health every interval over one kept-alive connection, so its latencies are
// the daemon's and not those of the process that sends the fuzz. On SIGTERM it prints
// every sample as one JSON line and exits.
import { Agent } from 'node:http';
import { exchange } from './http-exchange.js';

interface Sample {
  /** Epoch ms when the check was sent. */
  at: number;
  ms: number;
  status: number;
}

const [socketPath, intervalText] = process.argv.slice(2);
if (socketPath === undefined) throw new Error('usage: health-probe.ts <socket> [intervalMs]');
const intervalMs = Number(intervalText ?? '20');
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const samples: Sample[] = [];
let running = true;

process.once('SIGTERM', () => {
  running = false;
});

while (running) {
  const at = Date.now();
  const started = performance.now();
  let status = 0;
  try {
    status = (await exchange(socketPath, agent, { method: 'GET', path: '/v1/health' }, 10_000)).status;
  } catch (error) {
    status = -1;
    process.stderr.write(`health check failed: ${(error as Error).message}\n`);
  }
  const ms = performance.now() - started;
  if (samples.length === 0) process.stderr.write('ready\n');
  samples.push({ at, ms, status });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - ms)));
}
agent.destroy();
process.stdout.write(`${JSON.stringify(samples)}\n`);
