// npm run bench -- start [--runs 6] [--calls 30] [--pause-ms 2000] [--seed 42]
//
// The first context calls after a daemon start, the user's first messages: the same
// machine, the same run, daemons with the start-up warm-up (its default size) and without
// it (MEMORYD_WARM_UP_EXCHANGES=0) started in turn, one variant then the other. Each is a
// child process (the compiled daemon, hashing embedder, fresh temp data dir); after its
// health check answers the bench waits --pause-ms (the user types a moment after the
// start; the warm-up runs then), reads its RSS and replays the first --calls user turns
// of the seeded synthetic chat through the socket, each answer recorded in between.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ContextRequestBody } from '../api/schemas/sessions.js';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, type Command } from '../cli/command-line.js';
import { integerFlag } from '../cli/flags.js';
import { MemorydClient } from '../client/memoryd-client.js';
import { SETTINGS } from '../config/settings.js';
import { AppError, messageOf } from '../errors.js';
import { startBenchDaemon } from './bench-daemon.js';
import { SEED_OPTION, seedFlag } from './replay-args.js';
import { median, summarize } from './stats.js';
import { contextBody, syntheticConversation } from './synthetic-conversation.js';
import { alignRows, bytesText, ms } from './text-table.js';

const START: Command = { name: 'start bench', usage: 'usage: npm run bench -- start [--runs 6] [--calls 30] [--pause-ms 2000] [--seed 42]\n' };
const SESSION = 'bench-start';
// The calls whose mean is printed apart from the rest's: the ones a cold start slows most.
const EARLY_CALLS = 10;

export interface StartBenchArgs {
  /** Daemon starts per variant. */
  runs: number;
  /** Context calls replayed after each start. */
  calls: number;
  /** The wait between the answered health check and the first call, in ms. */
  pauseMs: number;
  seed: number;
}

/** One configuration of the daemon started by the benchmark. */
export interface StartVariant {
  name: string;
  env: Record<string, string>;
}

const START_VARIANTS: readonly StartVariant[] = [
  { name: 'warm-up on', env: { MEMORYD_WARM_UP_EXCHANGES: SETTINGS.warmUpExchanges.default } },
  { name: 'warm-up off', env: { MEMORYD_WARM_UP_EXCHANGES: '0' } },
];

/** What one daemon start measured. */
export interface StartRunSample {
  variant: string;
  /** 1-based position among all the starts of the benchmark. */
  start: number;
  /** From the call that spawns the daemon to its first answered health check. */
  healthyMs: number;
  /** The daemon's RSS after the pause, before the first call; null where /proc is unavailable. */
  rssBytes: number | null;
  /** Client round trip of each context call, in the order sent. */
  callMs: number[];
}

// The printed figures of one start.
interface StartRunFigures {
  healthyMs: number;
  rssBytes: number | null;
  firstMs: number;
  /** Mean of calls 1–EARLY_CALLS, and of the calls after them (NaN when there are none). */
  earlyMeanMs: number;
  laterMeanMs: number;
  slowestMs: number;
}

// The printed figures of one variant, over its starts.
interface StartVariantFigures {
  name: string;
  runs: number;
  /** Medians (nearest rank) over the runs; RSS over the runs that have it (null for none). */
  healthyMs: number;
  rssBytes: number | null;
  firstMedianMs: number;
  firstMaxMs: number;
  earlyMeanMs: number;
  laterMeanMs: number;
  /** The slowest call of any run. */
  slowestMs: number;
}

/** Where the replay sends its requests: the daemon's socket in the benchmark. */
export interface ReplayTarget {
  context(body: ContextRequestBody): Promise<unknown>;
  reply(content: string): Promise<unknown>;
}

/** Reads the flags; throws a UsageError naming the option or flag value that is wrong. */
export function parseStartArgs(argv: readonly string[]): StartBenchArgs {
  const { values } = parseOrRefuse(argv, {
    options: {
      runs: { type: 'string', default: '6' },
      calls: { type: 'string', default: '30' },
      'pause-ms': { type: 'string', default: '2000' },
      ...SEED_OPTION,
    },
  });
  return {
    runs: integerFlag(values.runs, '--runs', 1, 'a positive integer'),
    calls: integerFlag(values.calls, '--calls', 1, 'a positive integer'),
    pauseMs: integerFlag(values['pause-ms'], '--pause-ms', 0, 'a non-negative whole number of milliseconds'),
    seed: seedFlag(values.seed),
  };
}

/** The variant of each start, in order: the variants in turn, `runs` starts each. */
export function startOrder(runs: number): StartVariant[] {
  return Array.from({ length: runs * START_VARIANTS.length }, (_, i) => START_VARIANTS[i % START_VARIANTS.length] as StartVariant);
}

/**
 * Replays the first `calls` user turns of the synthetic chat of `seed` into `target`, each
 * assistant answer between them, and returns each context call's time by `now`.
 */
export async function timeContextCalls(target: ReplayTarget, calls: number, seed: number, now: () => number = () => performance.now()): Promise<number[]> {
  const times: number[] = [];
  for (const exchange of syntheticConversation({ seed })) {
    const body = contextBody(exchange.user, exchange.toolResult);
    const started = now();
    await target.context(body);
    times.push(now() - started);
    if (times.length === calls) break;
    await target.reply(exchange.assistant);
  }
  return times;
}

export function runFigures(sample: StartRunSample): StartRunFigures {
  return {
    healthyMs: sample.healthyMs,
    rssBytes: sample.rssBytes,
    firstMs: sample.callMs[0] ?? Number.NaN,
    earlyMeanMs: summarize(sample.callMs.slice(0, EARLY_CALLS)).mean,
    laterMeanMs: summarize(sample.callMs.slice(EARLY_CALLS)).mean,
    slowestMs: summarize(sample.callMs).max,
  };
}

/** Aggregates the starts of the variant `name` among `samples`. */
export function variantFigures(name: string, samples: readonly StartRunSample[]): StartVariantFigures {
  const runs = samples.filter((sample) => sample.variant === name).map(runFigures);
  const first = summarize(runs.map((run) => run.firstMs));
  const rss = runs.map((run) => run.rssBytes).filter((bytes): bytes is number => bytes !== null);
  return {
    name,
    runs: runs.length,
    healthyMs: median(runs.map((run) => run.healthyMs)),
    rssBytes: rss.length === 0 ? null : median(rss),
    firstMedianMs: first.p50,
    firstMaxMs: first.max,
    earlyMeanMs: median(runs.map((run) => run.earlyMeanMs)),
    laterMeanMs: median(runs.map((run) => run.laterMeanMs)),
    slowestMs: summarize(runs.map((run) => run.slowestMs)).max,
  };
}

/** The benchmark's output: what was measured, the figures per variant, then each start's. */
export function startReport(args: StartBenchArgs, samples: readonly StartRunSample[]): string {
  const later = args.calls > EARLY_CALLS;
  const laterColumn = <T>(cell: T): T[] => (later ? [cell] : []);
  const early = `mean 1–${Math.min(EARLY_CALLS, args.calls)}`;
  const rest = `mean ${EARLY_CALLS + 1}–${args.calls}`;
  const summaryRows = [
    ['', 'runs', 'healthy', 'RSS before 1st', '1st call', '1st call max', early, ...laterColumn(rest), 'slowest'],
    ...START_VARIANTS.map((variant) => {
      const f = variantFigures(variant.name, samples);
      return [f.name, String(f.runs), ms(f.healthyMs), bytesText(f.rssBytes), ms(f.firstMedianMs), ms(f.firstMaxMs), ms(f.earlyMeanMs), ...laterColumn(ms(f.laterMeanMs)), ms(f.slowestMs)];
    }),
  ];
  const runRows = [
    ['start', 'variant', 'healthy', 'RSS before 1st', '1st call', early, ...laterColumn(rest), 'slowest'],
    ...samples.map((sample) => {
      const f = runFigures(sample);
      return [String(sample.start), sample.variant, ms(f.healthyMs), bytesText(f.rssBytes), ms(f.firstMs), ms(f.earlyMeanMs), ...laterColumn(ms(f.laterMeanMs)), ms(f.slowestMs)];
    }),
  ];
  const described = START_VARIANTS.map((variant) => `${variant.name} (${envText(variant.env)})`).join(', ');
  return [
    `memoryd start benchmark — the first ${args.calls} context calls after a daemon start (synthetic chat, seed ${args.seed}), ` +
      `${args.runs} starts per variant, the variants in turn; a pause of ${args.pauseMs} ms between the answered health check and the first call; hashing embedder`,
    `variants: ${described}`,
    '',
    'per variant: medians over its starts (nearest rank); 1st call max and slowest = the largest over its starts',
    alignRows(summaryRows),
    '',
    'per start, in the order started:',
    alignRows(runRows, 2),
    '',
    'healthy = from starting the daemon child (temp data dir, spawn) to its first answered GET /v1/health (polled every 50 ms).',
    'RSS = VmRSS from /proc (Linux only) after the pause. Calls = client round trips of POST /v1/sessions/…/context on a fresh',
    'session, each assistant answer recorded in between (not counted). MiB = 2^20 bytes.',
    '',
  ].join('\n');
}

function envText(env: Record<string, string>): string {
  const settings = Object.entries(env).map(([key, value]) => `${key}=${value}`);
  return settings.length === 0 ? 'default settings' : settings.join(' ');
}

// Starts one daemon of `variant`, waits, and times its first context calls.
async function measureStart(variant: StartVariant, start: number, args: StartBenchArgs): Promise<StartRunSample> {
  const spawned = performance.now();
  const daemon = await startBenchDaemon({ env: variant.env });
  const healthyMs = performance.now() - spawned;
  const client = new MemorydClient({ socketPath: daemon.socketPath });
  try {
    await sleep(args.pauseMs);
    const rssBytes = daemon.rssBytes();
    const target: ReplayTarget = {
      context: (body) => client.context(SESSION, body),
      reply: (content) => client.recordTurn(SESSION, { role: 'assistant', content }),
    };
    const callMs = await timeContextCalls(target, args.calls, args.seed);
    return { variant: variant.name, start, healthyMs, rssBytes, callMs };
  } catch (cause) {
    throw new AppError('INTERNAL', `${variant.name}, start ${start}: ${messageOf(cause)}\ndaemon stderr (tail):\n${daemon.stderrTail()}`, { cause });
  } finally {
    client.close();
    await daemon.stop();
  }
}

/** Entry point of `npm run bench -- start`: prints the figures; 1 when a daemon fails to start or a call fails. */
export async function run(argv: string[]): Promise<number> {
  const args = readCommandArgs(START, argv, parseStartArgs);
  if (args instanceof CommandExit) return args.code;
  const samples: StartRunSample[] = [];
  try {
    const order = startOrder(args.runs);
    for (const [i, variant] of order.entries()) {
      samples.push(await measureStart(variant, i + 1, args));
      process.stderr.write(`start bench: start ${i + 1} of ${order.length} (${variant.name}) done\n`);
    }
  } catch (error) {
    reportCommandFailure(START, error);
    return 1;
  }
  process.stdout.write(startReport(args, samples));
  return 0;
}
