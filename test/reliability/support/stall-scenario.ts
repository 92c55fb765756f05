import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { startChildDaemon, type ChildDaemon } from './child-daemon.js';
import { HEALTH_BOUND_MS, overlaps } from './fuzz-latency.js';
import { startHealthMonitor } from './health-monitor.js';
import { exchange, type Exchange } from './http-exchange.js';

const KIB = 1024;

interface StallProbe {
  label: string;
  request: Exchange;
}

interface Measured {
  label: string;
  statuses: number[];
  requestMs: number;
  /**
   * Per repeat, how long it could have blocked the daemon: the slowest health check that
   * overlapped it, or, when none did (checks come every 10 ms), the request's own time.
   */
  blockedMs: number[];
}

// A stall the input causes recurs on every repeat; a GC pause or a busy machine does not.
const stallMs = (entry: Measured): number => Math.min(...entry.blockedMs);

const context = (body: object): Exchange => ({ method: 'POST', path: '/v1/sessions/stall/context', body: JSON.stringify(body) });
const whitespace = `x${' '.repeat(250 * KIB)}`;

// Every probe is refused (a 4xx), so the database is never written; only the time it takes matters.
const PROBES: readonly StallProbe[] = [
  { label: 'a 10 MiB body (413 on its Content-Length)', request: { method: 'POST', path: '/v1/sessions/stall/context', body: Buffer.alloc(10 * KIB * KIB, 'a') } },
  { label: 'a chunked 3 MiB body (413 after 1 MiB)', request: { method: 'POST', path: '/v1/sessions/stall/context', body: Buffer.alloc(3 * KIB * KIB, 'a'), chunked: true } },
  { label: 'JSON nested 400,000 deep (400)', request: { method: 'POST', path: '/v1/sessions/stall/context', body: '['.repeat(400_000) + ']'.repeat(400_000) } },
  { label: 'a 900 KiB message (413 over the message cap)', request: context({ message: 'h'.repeat(900 * KIB) }) },
  {
    label: 'a context call with 4 tool results of 250 KiB of spaces (422)',
    request: context({ message: 'hi', toolResults: [0, 1, 2, 3].map((i) => ({ toolCallId: `c${i}`, name: 't', content: whitespace })), budget: 100 }),
  },
  {
    label: 'a tool turn of 250 KiB of spaces (400: at in the future)',
    request: { method: 'POST', path: '/v1/sessions/stall/turns', body: JSON.stringify({ role: 'tool', toolCallId: 'c1', toolName: 't', content: whitespace, at: '2099-01-01T00:00:00Z' }) },
  },
  { label: 'a 250 KiB message of one letter (422)', request: context({ message: 'a'.repeat(250 * KIB), budget: 100 }) },
  { label: 'a 64 KiB message of <|endoftext|> (422)', request: context({ message: '<|endoftext|>'.repeat(5041), budget: 100 }) },
  {
    label: 'a context call declaring 4 tools with 250 KiB descriptions (400: over the description limit)',
    request: context({ message: 'hi', tools: [0, 1, 2, 3].map((i) => ({ name: `t${i}`, description: `${i}${'d'.repeat(250 * KIB)}` })), budget: 100 }),
  },
];

/**
 * Event-loop stalls, input by input: each request is sent alone, a few times, while a
 * second process checks health every 10 ms; the slowest check overlapping a request is how
 * long it blocked the daemon, and the least of that over the repeats must stay under
 * 100 ms whatever the input (long texts are counted in slices that yield to the event
 * loop; tool outputs are cut to their ends before fitting).
 */
export function eventLoopStallSuite(options: { repeat: number; timeoutMs: number }): void {
  describe('event-loop stalls, one input at a time', () => {
    const temp = makeTempDir('memoryd-stall-');
    let daemon: ChildDaemon | undefined;
    const measured = new Map<string, Measured>();

    beforeAll(async () => {
      daemon = await startChildDaemon(temp.dir);
      const monitor = await startHealthMonitor(daemon.socketPath, 10);
      const windows: Array<{ probe: StallProbe; start: number; end: number; status: number; ms: number }> = [];
      for (const probe of PROBES) {
        for (let i = 0; i < options.repeat; i += 1) {
          const start = Date.now();
          const answer = await exchange(daemon.socketPath, false, probe.request, 60_000);
          windows.push({ probe, start, end: Date.now(), status: answer.status, ms: answer.ms });
          await sleep(150);
        }
      }
      const health = await monitor.stop();
      for (const window of windows) {
        const overlapping = health.samples.filter((sample) => overlaps(window, sample)).map((sample) => sample.ms);
        const entry = measured.get(window.probe.label) ?? { label: window.probe.label, statuses: [], requestMs: 0, blockedMs: [] };
        entry.statuses.push(window.status);
        entry.requestMs = Math.max(entry.requestMs, window.ms);
        entry.blockedMs.push(overlapping.length > 0 ? Math.max(...overlapping) : window.ms);
        measured.set(window.probe.label, entry);
      }
      console.log(
        [...measured.values()]
          .map(
            (entry) =>
              `[stalls] blocked at most ${entry.blockedMs.map((ms) => ms.toFixed(0)).join(', ')} ms, ${entry.requestMs.toFixed(0).padStart(5)} ms request: ` +
              `${entry.label} → ${entry.statuses.join(',')}`,
          )
          .join('\n'),
      );
    }, options.timeoutMs);

    afterAll(async () => {
      await daemon?.stop();
      temp.remove();
    });

    it('refuses every probe with a 4xx', () => {
      expect([...measured.values()].filter((entry) => entry.statuses.some((status) => status < 400 || status >= 500))).toEqual([]);
    });

    it(`answers big, deep, oversized and hostile inputs without blocking health checks for ${HEALTH_BOUND_MS} ms`, () => {
      expect([...measured.values()].filter((entry) => stallMs(entry) >= HEALTH_BOUND_MS)).toEqual([]);
    });
  });
}
