import type { ContextResponse } from '../api/schemas/sessions.js';
import { sessionPath, type MemorydClient } from '../client/memoryd-client.js';
import { AppError } from '../errors.js';
import type { LocomoConversation } from '../eval/locomo-data.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { FullHistory, langChainTokenCounter, measureTrimMessages, type LangChainTokenCounter, type TrimMeasurement } from './baselines.js';
import type { BenchDaemon, DatabaseFiles } from './bench-daemon.js';
import { histogramTotals, meanBetween, type HistogramTotals } from './prometheus-text.js';
import { replaySteps, type ReplayStep } from './replay.js';
import { RSS_SAMPLE_TURNS, RssSamples, type RssFloor } from './rss-samples.js';
import { contextBody } from './synthetic-conversation.js';

/** The figures taken right after the context call of one user turn. */
export interface Checkpoint {
  turn: number;
  memorydTokens: number;
  naiveTokens: number;
  trim: TrimMeasurement;
  rssBytes: number | null;
  /** The highest RSS sampled (every RSS_SAMPLE_TURNS user turns) up to this turn. */
  peakRssBytes: number | null;
  /** The lowest RSS sampled over the same number of turns before every checkpoint (RssSamples). */
  floorRss: RssFloor | null;
  /**
   * The database file, its WAL and shm apart. The database file lags the database by at
   * most one checkpoint: the pages written since are in the WAL.
   */
  databaseFiles: DatabaseFiles;
  /** UTF-8 bytes of every message so far: what storing the raw history would take. */
  historyBytes: number;
  /** Mean in-process compile time (memoryd_compile_ms) since the previous checkpoint. */
  compileMeanMs: number;
  /** Mean whole context call inside the daemon (memoryd_context_ms) since the previous checkpoint. */
  daemonContextMeanMs: number;
}

export interface ContextRunResult {
  checkpoints: Checkpoint[];
  /** Client round trips of the context call after the warm-up, ms. */
  contextLatencies: number[];
  /** Client round trips of the assistant-turn call after the warm-up, ms. */
  turnLatencies: number[];
  budget: number;
  maxTokens: number;
  overBudget: number;
  userTurns: number;
  locomoUserTurns: number;
  startRssBytes: number | null;
  compileMeanMs: number;
  daemonContextMeanMs: number;
  requests: number;
  wallMs: number;
}

export interface ContextRunOptions {
  turns: number;
  checkpoints: readonly number[];
  seed: number;
  warmup: number;
  /** Replayed first, one after another (none: the synthetic chat alone). */
  locomo: readonly LocomoConversation[];
  sessionId: string;
  trimIterations: number;
  trimTimeBudgetMs: number;
  /**
   * A baseline sampled in blocks between calls: every `every` user turns after the
   * warm-up (and after the last turn), `sample` gets the context call's body and the size
   * of its answer. Null for none.
   */
  between: { every: number; sample(body: unknown, responseBytes: number): Promise<void> } | null;
  progress(line: string): void;
}

interface Metrics {
  compile: HistogramTotals | null;
  context: HistogramTotals | null;
}

/**
 * Replays the conversation through the daemon, one context call per user turn and one
 * recorded answer per assistant turn, and takes the checkpoints' figures on the way.
 */
export async function runContextReplay(
  client: MemorydClient,
  daemon: BenchDaemon,
  tokenizer: Tokenizer,
  options: ContextRunOptions,
): Promise<ContextRunResult> {
  const run = new ContextReplay(client, daemon, tokenizer, options);
  return run.replay();
}

class ContextReplay {
  private readonly history: FullHistory;
  private readonly counter: LangChainTokenCounter;
  private readonly wanted: Set<number>;
  private readonly result: ContextRunResult;
  private lastMetrics: Metrics = { compile: null, context: null };
  private readonly rss = new RssSamples();
  /** The latest context call, as the `between` baseline repeats it (its size is measured only then). */
  private lastCall: { body: unknown; response: ContextResponse } | null = null;

  constructor(
    private readonly client: MemorydClient,
    private readonly daemon: BenchDaemon,
    tokenizer: Tokenizer,
    private readonly options: ContextRunOptions,
  ) {
    this.history = new FullHistory(tokenizer);
    this.counter = langChainTokenCounter(tokenizer);
    this.wanted = new Set(options.checkpoints);
    this.result = {
      checkpoints: [],
      contextLatencies: [],
      turnLatencies: [],
      budget: 0,
      maxTokens: 0,
      overBudget: 0,
      userTurns: 0,
      locomoUserTurns: 0,
      startRssBytes: daemon.rssBytes(),
      compileMeanMs: Number.NaN,
      daemonContextMeanMs: Number.NaN,
      requests: 0,
      wallMs: 0,
    };
  }

  async replay(): Promise<ContextRunResult> {
    const started = performance.now();
    const first = await readMetrics(this.client);
    this.lastMetrics = first;
    for (const step of replaySteps(this.options.locomo, this.options.seed)) {
      if (step.kind === 'assistant') {
        await this.assistantTurn(step.text);
        continue;
      }
      if (this.result.userTurns === this.options.turns) break;
      await this.userTurn(step);
      const turn = this.result.userTurns;
      if (this.dueBetween(turn)) await this.sampleBetween();
      if (turn % 1000 === 0) this.options.progress(`turn ${turn}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    if (this.lastCall !== null && !this.dueBetween(this.result.userTurns)) await this.sampleBetween();
    const last = await readMetrics(this.client);
    this.result.compileMeanMs = meanBetween(first.compile, last.compile);
    this.result.daemonContextMeanMs = meanBetween(first.context, last.context);
    this.result.wallMs = performance.now() - started;
    return this.result;
  }

  private dueBetween(turn: number): boolean {
    const between = this.options.between;
    return between !== null && turn > this.options.warmup && turn % between.every === 0;
  }

  private async sampleBetween(): Promise<void> {
    if (this.options.between === null || this.lastCall === null) return;
    const { body, response } = this.lastCall;
    await this.options.between.sample(body, Buffer.byteLength(JSON.stringify(response)));
  }

  private async assistantTurn(text: string): Promise<void> {
    const t0 = performance.now();
    await this.send('POST', sessionPath(this.options.sessionId, '/turns'), { role: 'assistant', content: text });
    if (this.result.userTurns > this.options.warmup) this.result.turnLatencies.push(performance.now() - t0);
    this.history.add({ role: 'assistant', content: text });
  }

  private async userTurn(step: Extract<ReplayStep, { kind: 'user' }>): Promise<void> {
    const result = this.result;
    result.userTurns++;
    if (step.source === 'locomo') result.locomoUserTurns++;
    const body = contextBody(step.text, step.toolResult);
    const t0 = performance.now();
    const response = await this.send<ContextResponse>('POST', sessionPath(this.options.sessionId, '/context'), body);
    if (result.userTurns > this.options.warmup) result.contextLatencies.push(performance.now() - t0);
    this.lastCall = { body, response };
    if (result.userTurns === 1) this.history.setSystemPrompt(systemPromptOf(response));
    this.history.add({ role: 'user', content: step.text });
    if (step.toolResult !== null) this.history.add({ role: 'tool', content: step.toolResult.content, toolCallId: step.toolResult.toolCallId });
    result.budget = response.budget;
    result.maxTokens = Math.max(result.maxTokens, response.tokens);
    if (response.tokens > response.budget) result.overBudget++;
    const wanted = this.wanted.has(result.userTurns);
    const rssBytes = result.userTurns % RSS_SAMPLE_TURNS === 0 || wanted ? this.sampleRss() : null;
    if (wanted) await this.checkpoint(response, rssBytes);
  }

  private sampleRss(): number | null {
    const bytes = this.daemon.rssBytes();
    if (bytes !== null) this.rss.add(this.result.userTurns, bytes);
    return bytes;
  }

  private async checkpoint(response: ContextResponse, rssBytes: number | null): Promise<void> {
    const metrics = await readMetrics(this.client);
    const messages = this.history.toLangChain();
    this.counter.count(messages); // cost every message once, outside the timed runs
    const trim = await measureTrimMessages(messages, this.counter, {
      maxTokens: response.budget,
      maxIterations: this.options.trimIterations,
      timeBudgetMs: this.options.trimTimeBudgetMs,
    });
    this.result.checkpoints.push({
      turn: this.result.userTurns,
      memorydTokens: response.tokens,
      naiveTokens: this.history.naiveTokens(),
      trim,
      rssBytes,
      peakRssBytes: this.rss.peak(),
      floorRss: this.rss.floor(this.result.userTurns),
      databaseFiles: this.daemon.databaseFiles(),
      historyBytes: this.history.bytes,
      compileMeanMs: meanBetween(this.lastMetrics.compile, metrics.compile),
      daemonContextMeanMs: meanBetween(this.lastMetrics.context, metrics.context),
    });
    this.lastMetrics = metrics;
  }

  private async send<T>(method: string, path: string, body: unknown): Promise<T> {
    this.result.requests++;
    try {
      return await this.client.json<T>(method, path, body);
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new AppError('INTERNAL', `${method} ${path} failed at user turn ${this.result.userTurns}: ${message}`, { cause });
    }
  }
}

async function readMetrics(client: MemorydClient): Promise<Metrics> {
  const response = await client.raw('GET', '/v1/metrics');
  return { compile: histogramTotals(response.body, 'memoryd_compile_ms'), context: histogramTotals(response.body, 'memoryd_context_ms') };
}

function systemPromptOf(response: ContextResponse): string {
  const first = response.messages[0];
  return first?.role === 'system' ? first.content : '';
}
