// npm run bench -- hot-path [--turns 3000] [--seed 42] [--warmup 100]
//
// The context call without the socket: a daemon started in this process (hashing
// embedder, fresh temp data dir, no scheduler) has its services called directly with the
// seeded synthetic chat, one context call and one assistant turn per exchange. It
// separates the per-message work from HTTP, JSON and the client. On a noisy machine,
// compare two commits by running this on each in turn, several times.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runContextCall } from '../compiler/context-service.js';
import { loadConfig } from '../config/config.js';
import { recordReply } from '../conversation/record-reply.js';
import { startDaemon } from '../daemon.js';
import { replaySteps } from './replay.js';
import { replayCounts, replayOptions, type ReplayCounts } from './replay-args.js';
import { summarize, type LatencySummary } from './stats.js';
import { ms } from './text-table.js';

const USAGE = 'usage: npm run bench -- hot-path [--turns 3000] [--seed 42] [--warmup 100]\n';
const SESSION = 'bench-hot-path';

export type HotPathOptions = ReplayCounts;

export interface HotPathResult {
  context: LatencySummary;
  /** Context calls that closed a segment and wrote its summary, and those that did not. */
  summarising: LatencySummary;
  plain: LatencySummary;
  reply: LatencySummary;
  /** Process CPU time (user + system, all threads) per measured user turn, µs. */
  cpuPerUserTurnUs: number;
}

/** Replays the synthetic chat through the daemon's services in this process. */
export async function measureHotPath(options: HotPathOptions): Promise<HotPathResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoryd-hot-path-'));
  const config = loadConfig({ MEMORYD_DATA_DIR: dataDir, MEMORYD_EMBEDDER: 'hashing', MEMORYD_LOG_LEVEL: 'warn' }, { cwd: dataDir });
  const daemon = await startDaemon({ config, scheduler: false });
  const { services, context } = daemon;
  const replyDeps = { recorder: services.recorder, database: context.database, config, answers: services.answers };
  const samples = { context: [] as number[], summarising: [] as number[], plain: [] as number[], reply: [] as number[] };
  let userTurns = 0;
  let cpuStart = process.cpuUsage();
  try {
    for (const step of replaySteps(null, options.seed)) {
      const measured = userTurns > options.warmup;
      if (step.kind === 'assistant') {
        const started = performance.now();
        await recordReply(replyDeps, SESSION, { role: 'assistant', content: step.text });
        if (measured) samples.reply.push(performance.now() - started);
        continue;
      }
      if (userTurns === options.turns) break;
      userTurns += 1;
      if (userTurns === options.warmup + 1) cpuStart = process.cpuUsage();
      const request = step.toolResult === null ? { message: step.text } : { message: step.text, toolResults: [step.toolResult] };
      const started = performance.now();
      const outcome = await runContextCall(services.contextDeps, { sessionId: SESSION, ...request });
      const elapsed = performance.now() - started;
      if (userTurns > options.warmup) {
        samples.context.push(elapsed);
        (outcome.window.summariesCreated.length > 0 ? samples.summarising : samples.plain).push(elapsed);
      }
    }
    const cpu = process.cpuUsage(cpuStart);
    return {
      context: summarize(samples.context),
      summarising: summarize(samples.summarising),
      plain: summarize(samples.plain),
      reply: summarize(samples.reply),
      cpuPerUserTurnUs: (cpu.user + cpu.system) / Math.max(1, samples.context.length),
    };
  } finally {
    await daemon.stop('hot-path benchmark done');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Entry point of `npm run bench -- hot-path`. */
export async function run(argv: string[]): Promise<number> {
  const options = parseHotPathArgs(argv);
  if (options === null) return 2;
  const result = await measureHotPath(options);
  const line = (name: string, s: LatencySummary): string =>
    `${name}: p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  mean ${ms(s.mean)}  (${s.samples})`;
  process.stdout.write(
    [
      `memoryd hot path — ${options.turns} user turns of the synthetic chat (seed ${options.seed}), the daemon's services called in`,
      `this process (no socket, HTTP or JSON); hashing embedder; the first ${options.warmup} user turns are warm-up`,
      '',
      line('context call', result.context),
      line('  closing a segment (a summary written)', result.summarising),
      line('  not closing one', result.plain),
      line('assistant turn', result.reply),
      `CPU per user turn (its context call and assistant turn, all threads): ${Math.round(result.cpuPerUserTurnUs)} µs`,
      '',
    ].join('\n'),
  );
  return 0;
}

function parseHotPathArgs(argv: string[]): HotPathOptions | null {
  try {
    const { values } = parseArgs({ args: argv, options: replayOptions(3000) });
    return replayCounts(values);
  } catch (error) {
    process.stderr.write(`hot-path bench: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return null;
  }
}
