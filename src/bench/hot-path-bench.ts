// npm run bench -- hot-path [--turns 3000] [--seed 42] [--warmup 100] [--pause-ms 0]
//
// The context call without the socket: daemons started in this process (hashing
// embedder, fresh temp data dirs, no scheduler) have their services called directly with
// the seeded synthetic chat, one context call and one assistant turn per exchange. It
// separates the per-message work from HTTP, JSON and the client. Two daemons replay the
// same chat side by side, their calls alternated so both see the same machine noise:
// memoryd as configured, and the same with segment summaries computed only when their
// segment closes (MEMORYD_ANTICIPATED_SUMMARIES=0), the baseline of that trade.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommandExit, parseOrRefuse, readCommandArgs, type Command } from '../cli/command-line.js';
import { numberFlag } from '../cli/flags.js';
import { runContextCall } from '../compiler/context-service.js';
import { loadConfig } from '../config/config.js';
import { recordReply } from '../conversation/record-reply.js';
import { SUMMARY_WORK, type SummaryWork } from '../conversation/segment-summarizer.js';
import { startDaemon, type RunningDaemon } from '../daemon.js';
import { replaySteps, type ReplayStep } from './replay.js';
import { replayCounts, replayOptions, type ReplayCounts } from './replay-args.js';
import { summarize, type LatencySummary } from './stats.js';
import { contextBody } from './synthetic-conversation.js';
import { alignRows, ms } from './text-table.js';

const HOT_PATH: Command = { name: 'hot-path bench', usage: 'usage: npm run bench -- hot-path [--turns 3000] [--seed 42] [--warmup 100] [--pause-ms 0]\n' };
const SESSION = 'bench-hot-path';

export interface HotPathOptions extends ReplayCounts {
  /** Sleep before each call, in ms (0: calls back to back). */
  pauseMs?: number;
}

/** One configuration of the daemon replayed by the benchmark. */
export interface HotPathVariant {
  name: string;
  env: Record<string, string>;
}

export const HOT_PATH_VARIANTS: readonly HotPathVariant[] = [
  { name: 'memoryd', env: {} },
  { name: 'summaries only at closing', env: { MEMORYD_ANTICIPATED_SUMMARIES: '0' } },
];

export interface HotPathResult {
  name: string;
  context: LatencySummary;
  /** Context calls that closed a segment and wrote its summary, and those that did not. */
  summarising: LatencySummary;
  plain: LatencySummary;
  reply: LatencySummary;
  /** Process CPU time (user + system, all threads) during this daemon's measured calls, per user turn, µs. */
  cpuPerUserTurnUs: number;
  /** This daemon's summaries by how they were computed, over the whole replay. */
  summaryWork: Record<SummaryWork, number>;
}

interface Replayer {
  name: string;
  daemon: RunningDaemon;
  replyDeps: Parameters<typeof recordReply>[0];
  dataDir: string;
  samples: { context: number[]; summarising: number[]; plain: number[]; reply: number[] };
  cpuUs: number;
}

/** Replays the synthetic chat through each variant's services in this process, calls alternated. */
export async function measureHotPath(options: HotPathOptions, variants: readonly HotPathVariant[] = HOT_PATH_VARIANTS): Promise<HotPathResult[]> {
  const replayers: Replayer[] = [];
  try {
    for (const variant of variants) replayers.push(await startReplayer(variant));
    let userTurns = 0;
    for (const step of replaySteps([], options.seed)) {
      if (step.kind === 'user' && userTurns === options.turns) break;
      if (step.kind === 'user') userTurns += 1;
      const order = userTurns % 2 === 0 ? replayers : [...replayers].reverse();
      for (const replayer of order) {
        if ((options.pauseMs ?? 0) > 0) await sleep(options.pauseMs);
        await replayStep(replayer, step, userTurns > options.warmup);
      }
    }
    return replayers.map(({ name, daemon, samples, cpuUs }) => ({
      name,
      context: summarize(samples.context),
      summarising: summarize(samples.summarising),
      plain: summarize(samples.plain),
      reply: summarize(samples.reply),
      cpuPerUserTurnUs: cpuUs / Math.max(1, samples.context.length),
      summaryWork: Object.fromEntries(SUMMARY_WORK.map((work) => [work, daemon.context.metrics.summaryWork.get({ work })])) as Record<SummaryWork, number>,
    }));
  } finally {
    for (const { daemon, dataDir } of replayers) {
      await daemon.stop('hot-path benchmark done');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function startReplayer(variant: HotPathVariant): Promise<Replayer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoryd-hot-path-'));
  const env = { MEMORYD_DATA_DIR: dataDir, MEMORYD_EMBEDDER: 'hashing', MEMORYD_LOG_LEVEL: 'warn', ...variant.env };
  const config = loadConfig(env, { cwd: dataDir });
  const daemon = await startDaemon({ config, scheduler: false });
  const { services, context } = daemon;
  const replyDeps = { recorder: services.recorder, database: context.database, config, answers: services.answers, facts: services.facts };
  return { name: variant.name, daemon, replyDeps, dataDir, samples: { context: [], summarising: [], plain: [], reply: [] }, cpuUs: 0 };
}

async function replayStep(replayer: Replayer, step: ReplayStep, measured: boolean): Promise<void> {
  const { samples } = replayer;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let summarised = false;
  if (step.kind === 'assistant') {
    await recordReply(replayer.replyDeps, SESSION, { role: 'assistant', content: step.text });
  } else {
    const request = contextBody(step.text, step.toolResult);
    const outcome = await runContextCall(replayer.daemon.services.contextDeps, { sessionId: SESSION, ...request });
    summarised = outcome.window.summariesCreated.length > 0;
  }
  const elapsed = performance.now() - started;
  if (!measured) return;
  const cpu = process.cpuUsage(cpuBefore);
  replayer.cpuUs += cpu.user + cpu.system;
  if (step.kind === 'assistant') {
    samples.reply.push(elapsed);
    return;
  }
  samples.context.push(elapsed);
  (summarised ? samples.summarising : samples.plain).push(elapsed);
}

/** Entry point of `npm run bench -- hot-path`. */
export async function run(argv: string[]): Promise<number> {
  const options = readCommandArgs(HOT_PATH, argv, parseHotPathArgs);
  if (options instanceof CommandExit) return options.code;
  const results = await measureHotPath(options);
  const latency = (s: LatencySummary): string[] => [ms(s.p50), ms(s.p95), ms(s.p99), ms(s.mean), String(s.samples)];
  const rows = [['', 'p50', 'p95', 'p99', 'mean', 'calls']];
  for (const result of results) {
    rows.push(
      [`${result.name}: context call`, ...latency(result.context)],
      ['  closing a segment (a summary written)', ...latency(result.summarising)],
      ['  not closing one', ...latency(result.plain)],
      ['  assistant turn', ...latency(result.reply)],
    );
  }
  const work = results.map(
    ({ name, summaryWork: w, cpuPerUserTurnUs }) =>
      `${name}: ${w.prepared} summaries prepared ahead, ${w.anticipated} ready at closing, ${w.computed} computed at closing; CPU ${Math.round(cpuPerUserTurnUs)} µs per user turn`,
  );
  process.stdout.write(
    [
      `memoryd hot path — ${options.turns} user turns of the synthetic chat (seed ${options.seed}), the daemons' services called in`,
      `this process (no socket, HTTP or JSON), their calls alternated; hashing embedder; the first ${options.warmup} user turns are warm-up;`,
      options.pauseMs ? `a pause of ${options.pauseMs} ms before every call` : 'calls back to back (no pause)',
      '',
      alignRows(rows),
      '',
      'segment summaries and process CPU (user + system, all threads) during each daemon\'s measured context calls and assistant turns:',
      ...work.map((line) => `  ${line}`),
      '',
    ].join('\n'),
  );
  return 0;
}

function parseHotPathArgs(argv: readonly string[]): HotPathOptions {
  const { values } = parseOrRefuse(argv, { options: { ...replayOptions(3000), 'pause-ms': { type: 'string', default: '0' } } });
  const pauseMs = numberFlag(values['pause-ms'], '--pause-ms', { atLeast: 0 }, 'a non-negative number of milliseconds');
  return { ...replayCounts(values), pauseMs };
}
