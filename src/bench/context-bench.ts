// npm run bench -- context [--turns 10000] [--seed 42] [--warmup 100] [--no-locomo] [--cpu-prof <dir>]
//
// Replays a long conversation through the real socket with the TS client against a
// daemon child process (hashing embedder, fresh temp data dir): the LoCoMo conversations
// of ../shared/data/locomo first (*.json, in name order) when it exists, then the
// seeded synthetic chat up to --turns user turns.
// At turns 20, 100, 1000 and 10000 it prints memoryd's prompt tokens beside a naive
// full-history prompt and LangChain.js trimMessages at the same budget, measured in the
// same run on the same history, plus the daemon's RSS (Linux: /proc) and database size.
// Beside the context call's latency it prints the machine's floor for such a call, from
// a bare server sampled in blocks over the same run (src/bench/socket-floor.ts).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, type Command } from '../cli/command-line.js';
import { MemorydClient } from '../client/memoryd-client.js';
import { messageOf } from '../errors.js';
import { loadLocomo, LOCOMO_DIR, locomoFiles, type LocomoConversation } from '../eval/locomo-data.js';
import { createTokenizer } from '../tokens/create-tokenizer.js';
import { startBenchDaemon, type BenchDaemon } from './bench-daemon.js';
import { contextVerdicts } from './context-verdicts.js';
import { runContextReplay, type ContextRunResult } from './context-run.js';
import { replayCounts, replayOptions, type ReplayCounts } from './replay-args.js';
import { reachedConversations } from './replay.js';
import { RSS_FLOOR_WINDOW_TURNS, RSS_SAMPLE_TURNS } from './rss-samples.js';
import { SocketFloor } from './socket-floor.js';
import { summarize } from './stats.js';
import { alignRows, bytesText, ms } from './text-table.js';

const CHECKPOINTS = [20, 100, 1000, 10_000];
// CPU the bare server burns per call: from nothing to about what memoryd's context call takes.
const FLOOR_WORK_MS = [0, 0.25, 0.5, 1, 2];
// The floor is sampled in this many blocks, spread evenly over the user turns...
const FLOOR_BLOCKS = 10;
// ...each block making this many calls per level, the levels interleaved.
const FLOOR_ROUNDS = 40;
const CONTEXT: Command = { name: 'context bench', usage: 'usage: npm run bench -- context [--turns 10000] [--seed 42] [--warmup 100] [--no-locomo] [--cpu-prof <dir>]\n' };

interface BenchArgs extends ReplayCounts {
  locomo: boolean;
  /** Where the daemon writes a V8 CPU profile (node --cpu-prof), or null. */
  cpuProfDir: string | null;
}

/** Entry point of `npm run bench -- context`: prints the table and verdicts; 1 on a failed request. */
export async function run(argv: string[]): Promise<number> {
  const args = readCommandArgs(CONTEXT, argv, parseContextArgs);
  if (args instanceof CommandExit) return args.code;
  let locomo: LocomoConversation[];
  try {
    locomo = await loadLocomoIfPresent(args.locomo);
  } catch (error) {
    reportCommandFailure(CONTEXT, `${messageOf(error)}; fix or remove it, or pass --no-locomo`);
    return 1;
  }
  const checkpoints = [...new Set([...CHECKPOINTS.filter((c) => c < args.turns), args.turns])];
  const tokenizer = await createTokenizer('cl100k_base');
  let daemon: BenchDaemon;
  try {
    const nodeArgs = args.cpuProfDir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${args.cpuProfDir}`];
    daemon = await startBenchDaemon({ nodeArgs });
  } catch (error) {
    reportCommandFailure(CONTEXT, error, 'cannot start the daemon: ');
    return 1;
  }
  const client = new MemorydClient({ socketPath: daemon.socketPath });
  let floor = null as SocketFloor | null; // started at the first block, with the size of a real answer
  try {
    process.stderr.write(`context bench: daemon pid ${daemon.pid} on ${daemon.socketPath}; ${args.turns} user turns\n`);
    const result = await runContextReplay(client, daemon, tokenizer, {
      turns: args.turns,
      checkpoints,
      seed: args.seed,
      warmup: args.warmup,
      locomo,
      sessionId: 'bench-context',
      trimIterations: 5,
      trimTimeBudgetMs: 5_000,
      between: {
        every: Math.max(1, Math.floor(args.turns / FLOOR_BLOCKS)),
        sample: async (body, responseBytes) => {
          floor ??= await SocketFloor.start(FLOOR_WORK_MS, responseBytes);
          await floor.sample(FLOOR_ROUNDS, body);
        },
      },
      progress: (line) => process.stderr.write(`context bench: ${line}\n`),
    });
    process.stdout.write(report(result, args, reachedConversations(locomo, result.locomoUserTurns), floor));
    return 0;
  } catch (error) {
    reportCommandFailure(CONTEXT, error);
    process.stderr.write(`daemon stderr (tail):\n${daemon.stderrTail()}\n`);
    return 1;
  } finally {
    client.close();
    await floor?.stop();
    await daemon.stop();
  }
}

function report(result: ContextRunResult, args: BenchArgs, locomoNames: readonly string[], floor: SocketFloor | null): string {
  const lines: string[] = [];
  const synthetic = result.userTurns - result.locomoUserTurns;
  const locomo = result.locomoUserTurns === 0 ? '' : `${result.locomoUserTurns} from LoCoMo ${locomoNames.join(', ')}, `;
  lines.push(
    `memoryd context benchmark — ${result.userTurns} user turns (${locomo}${synthetic} synthetic, seed ${args.seed}), ` +
      `${result.requests} requests in ${(result.wallMs / 1000).toFixed(1)} s; hashing embedder; budget ${result.budget}`,
    '',
  );
  const header = ['turn', 'memoryd', 'naive full history', 'trimMessages', 'daemon RSS (floor–peak)', 'database file', 'WAL', 'shm', 'raw history', 'compile (in daemon)', 'trimMessages time', 'context (in daemon)'];
  const rows = result.checkpoints.map((c) => [
    String(c.turn),
    String(c.memorydTokens),
    String(c.naiveTokens),
    `${c.trim.tokens} (${c.trim.messagesKept} msgs)`,
    `${bytesText(c.rssBytes)} (${bytesText(c.floorRss?.bytes ?? null)}–${bytesText(c.peakRssBytes)})`,
    bytesText(c.databaseFiles.db),
    bytesText(c.databaseFiles.wal),
    bytesText(c.databaseFiles.shm),
    bytesText(c.historyBytes),
    ms(c.compileMeanMs),
    `${ms(c.trim.medianMs)} (×${c.trim.iterations})`,
    ms(c.daemonContextMeanMs),
  ]);
  lines.push(alignRows([header, ...rows]), '');
  const context = summarize(result.contextLatencies);
  const turn = summarize(result.turnLatencies);
  lines.push(
    `context call round trip (client-measured, socket included): p50 ${ms(context.p50)}  p95 ${ms(context.p95)}  p99 ${ms(context.p99)}  max ${ms(context.max)}  ` +
      `(${context.samples} calls; the first ${args.warmup} are warm-up and not counted)`,
    `assistant turn round trip: p50 ${ms(turn.p50)}  p99 ${ms(turn.p99)}  (${turn.samples} calls)`,
    `inside the daemon, whole run: context call mean ${ms(result.daemonContextMeanMs)}, prompt compile (layout + render) mean ${ms(result.compileMeanMs)} (GET /v1/metrics sum/count)`,
    `daemon RSS at start ${bytesText(result.startRssBytes)}; prompt tokens max ${result.maxTokens}, ${result.overBudget} prompts over budget`,
    '',
    ...(floor === null ? [] : floorLines(floor, result.daemonContextMeanMs)),
    'columns: tokens by RT-007 (cl100k_base). naive = system prompt + every message so far. trimMessages = @langchain/core',
    "trimMessages(strategy 'last', includeSystem, startOn 'human', maxTokens = budget) on the same history, its counter memoised",
    'per message; its time is the median of up to 5 runs. compile/context (in daemon) = mean since the previous row.',
    `RSS: VmRSS of the daemon child from /proc (Linux only), sampled every ${RSS_SAMPLE_TURNS} turns: at the row, the floor (min over the`,
    `${RSS_FLOOR_WINDOW_TURNS} turns before the row, the same number of samples at every row: what survives GC; the RSS verdict uses it)`,
    'and the peak (max so far). MiB = 2^20 bytes; the RSS verdict is in MB = 10^6 bytes, as the target.',
    'database file = the .db alone (it lags by at most one checkpoint; those pages are in the WAL). WAL = its size so far:',
    'SQLite reuses the file after a checkpoint without shrinking it. raw history = UTF-8 bytes of all messages.',
    '',
    ...contextVerdicts(result, context),
    '',
  );
  return lines.join('\n');
}

// The floor's table: what a call costs here to a server doing nothing but W ms of CPU,
// and so how much work a context call may do, on this machine in this run, for p50 ≤ 1 ms.
function floorLines(floor: SocketFloor, daemonMeanMs: number): string[] {
  const levels = floor.levels();
  const rows = levels.map((level) => [`${level.workMs} ms`, ms(level.latency.p50), ms(level.latency.p95), ms(level.latency.p99), ms(level.latency.p50 - level.workMs)]);
  const fits = levels.filter((level) => level.latency.p50 <= 1).at(-1);
  return [
    `the machine's floor, same run: the same client and socket against a bare node:http child that parses the body, keeps its core busy W ms`,
    `and answers ${floor.responseBytes} bytes (memoryd's last answer); ${levels[0]?.latency.samples ?? 0} calls per W, in blocks spread over the run, W interleaved:`,
    alignRows([['W (busy per call)', 'p50', 'p95', 'p99', 'p50 − W'], ...rows]),
    `memoryd spends ${ms(daemonMeanMs)} per context call inside the daemon (mean); ` +
      (fits === undefined ? 'here even a server doing no work misses p50 ≤ 1 ms' : `the largest W measured that keeps p50 ≤ 1 ms here is ${fits.workMs} ms (p50 ${ms(fits.latency.p50)})`),
    '',
  ];
}

async function loadLocomoIfPresent(wanted: boolean): Promise<LocomoConversation[]> {
  if (!wanted) return [];
  const dir = resolve(process.cwd(), LOCOMO_DIR);
  const files = existsSync(dir) ? await locomoFiles(dir) : [];
  if (files.length === 0) {
    process.stderr.write(`context bench: no LoCoMo conversation (*.json) in ${dir}; replaying the synthetic conversation only\n`);
    return [];
  }
  return Promise.all(files.map((file) => loadLocomo(file)));
}

function parseContextArgs(argv: readonly string[]): BenchArgs {
  const { values } = parseOrRefuse(argv, {
    options: {
      ...replayOptions(10_000),
      'no-locomo': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
    },
  });
  const cpuProfDir = values['cpu-prof'] === undefined ? null : resolve(process.cwd(), values['cpu-prof']);
  return { ...replayCounts(values), locomo: !values['no-locomo'], cpuProfDir };
}
