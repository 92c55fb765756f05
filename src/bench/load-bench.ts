// npm run bench -- load [--seconds 60] [--clients 16] [--health-every 10]
//
// Concurrent clients against one daemon child (hashing embedder, fresh temp data dir),
// each in its own session and on its own connection: a context call, then the assistant's
// answer, in a loop, with a health check every --health-every exchanges. Prints
// throughput, latency, the daemon's RSS every 5 s (Linux: /proc) and every error.
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, type Command } from '../cli/command-line.js';
import { integerFlag, numberFlag } from '../cli/flags.js';
import { MemorydClient, sessionPath } from '../client/memoryd-client.js';
import { messageOf } from '../errors.js';
import { startBenchDaemon, type BenchDaemon } from './bench-daemon.js';
import { summarize } from './stats.js';
import { contextBody, syntheticConversation } from './synthetic-conversation.js';
import { alignRows, bytesText, ms } from './text-table.js';

const LOAD: Command = { name: 'load bench', usage: 'usage: npm run bench -- load [--seconds 60] [--clients 16] [--health-every 10]\n' };
const RSS_SAMPLE_MS = 5_000;
const ERRORS_SHOWN = 20;

interface LoadArgs {
  seconds: number;
  clients: number;
  healthEvery: number;
}

type RequestKind = 'context' | 'turn' | 'health';

interface LoadTally {
  latencies: Record<RequestKind, number[]>;
  errors: string[];
}

/** Entry point of `npm run bench -- load`: 0 when no request failed, 1 otherwise. */
export async function run(argv: string[]): Promise<number> {
  const args = readCommandArgs(LOAD, argv, parseLoadArgs);
  if (args instanceof CommandExit) return args.code;
  let daemon: BenchDaemon;
  try {
    daemon = await startBenchDaemon();
  } catch (error) {
    reportCommandFailure(LOAD, error, 'cannot start the daemon: ');
    return 1;
  }
  const rss: Array<{ atS: number; bytes: number | null }> = [{ atS: 0, bytes: daemon.rssBytes() }];
  const tally: LoadTally = { latencies: { context: [], turn: [], health: [] }, errors: [] };
  const started = performance.now();
  const sampler = setInterval(() => rss.push({ atS: Math.round((performance.now() - started) / 1000), bytes: daemon.rssBytes() }), RSS_SAMPLE_MS);
  try {
    process.stderr.write(`load bench: daemon pid ${daemon.pid}; ${args.clients} clients for ${args.seconds} s\n`);
    const deadline = started + args.seconds * 1000;
    await Promise.all(Array.from({ length: args.clients }, (_, i) => clientLoop(daemon.socketPath, i, deadline, args.healthEvery, tally)));
    const wallS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rss.push({ atS: Math.round(wallS), bytes: daemon.rssBytes() });
    process.stdout.write(report(args, tally, rss, wallS));
    if (tally.errors.length > 0) process.stderr.write(`daemon stderr (tail):\n${daemon.stderrTail()}\n`);
    return tally.errors.length > 0 ? 1 : 0;
  } finally {
    clearInterval(sampler);
    await daemon.stop();
  }
}

async function clientLoop(socketPath: string, index: number, deadline: number, healthEvery: number, tally: LoadTally): Promise<void> {
  const client = new MemorydClient({ socketPath, timeoutMs: 30_000 });
  const session = `load-${index}`;
  const conversation = syntheticConversation({ seed: 1000 + index });
  const timed = async (kind: RequestKind, request: () => Promise<unknown>): Promise<void> => {
    const t0 = performance.now();
    try {
      await request();
      tally.latencies[kind].push(performance.now() - t0);
    } catch (error) {
      tally.errors.push(`${session} ${kind}: ${messageOf(error)}`);
    }
  };
  try {
    for (let n = 1; performance.now() < deadline; n++) {
      const exchange = conversation.next().value;
      const body = contextBody(exchange.user, exchange.toolResult);
      await timed('context', () => client.json('POST', sessionPath(session, '/context'), body));
      await timed('turn', () => client.json('POST', sessionPath(session, '/turns'), { role: 'assistant', content: exchange.assistant }));
      if (n % healthEvery === 0) await timed('health', () => client.health());
    }
  } finally {
    client.close();
  }
}

function report(args: LoadArgs, tally: LoadTally, rss: ReadonlyArray<{ atS: number; bytes: number | null }>, wallS: number): string {
  const all = [...tally.latencies.context, ...tally.latencies.turn, ...tally.latencies.health];
  const rows = [['request', 'count', 'per s', 'p50', 'p99', 'max']];
  for (const [name, samples] of [...Object.entries(tally.latencies), ['all', all] as const]) {
    const s = summarize(samples);
    rows.push([name, String(s.samples), (s.samples / wallS).toFixed(1), ms(s.p50), ms(s.p99), ms(s.max)]);
  }
  const first = rss[0]?.bytes ?? null;
  const last = rss.at(-1)?.bytes ?? null;
  const lines = [
    `memoryd load benchmark — ${args.clients} concurrent clients (one session and connection each) for ${wallS.toFixed(1)} s; ` +
      `context call + assistant turn per exchange, a health check every ${args.healthEvery} exchanges; hashing embedder`,
    '',
    alignRows(rows),
    '',
    `throughput: ${(all.length / wallS).toFixed(1)} requests/s (${(tally.latencies.context.length / wallS).toFixed(1)} context calls/s)`,
    `daemon RSS (VmRSS from /proc, Linux only): start ${bytesText(first)}, end ${bytesText(last)}; ${halves(rss)}`,
    `  samples: ${rss.map((s) => `${s.atS}s ${bytesText(s.bytes)}`).join(', ')}`,
    `errors: ${tally.errors.length}${tally.errors.length === 0 ? '' : ' (must be 0)'}`,
    ...tally.errors.slice(0, ERRORS_SHOWN).map((e) => `  ${e}`),
    ...(tally.errors.length > ERRORS_SHOWN ? [`  … and ${tally.errors.length - ERRORS_SHOWN} more`] : []),
    '',
  ];
  return lines.join('\n');
}

// Min–max of the RSS samples in each half of the run: garbage collection makes a saw, a leak a ramp.
function halves(rss: ReadonlyArray<{ bytes: number | null }>): string {
  const known = rss.map((s) => s.bytes).filter((b): b is number => b !== null);
  if (known.length < 4) return 'too few samples to compare the halves';
  const middle = Math.floor(known.length / 2);
  const range = (part: number[]) => `${bytesText(Math.min(...part))}–${bytesText(Math.max(...part))}`;
  return `first half ${range(known.slice(0, middle))}, second half ${range(known.slice(middle))}`;
}

function parseLoadArgs(argv: readonly string[]): LoadArgs {
  const { values } = parseOrRefuse(argv, {
    options: {
      seconds: { type: 'string', default: '60' },
      clients: { type: 'string', default: '16' },
      'health-every': { type: 'string', default: '10' },
    },
  });
  const seconds = numberFlag(values.seconds, '--seconds', { above: 0 }, 'a positive number');
  return {
    seconds,
    clients: integerFlag(values.clients, '--clients', 1, 'a positive integer'),
    healthEvery: integerFlag(values['health-every'], '--health-every', 1, 'a positive integer'),
  };
}
