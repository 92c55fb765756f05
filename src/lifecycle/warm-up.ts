import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { MemorydClient } from '../client/memoryd-client.js';
import { maxSocketPathBytes, type Config } from '../config/config.js';
import type { RunningDaemon, startDaemon } from '../daemon.js';
import type { Logger } from '../discardable/logger.js';
import { WARM_UP_DIR } from './private-dir.js';
import { WARM_UP_CHAT, type WarmUpExchange } from './warm-up-chat.js';

export type WarmUpOutcome =
  | { state: 'done' | 'stopped'; exchanges: number; ms: number }
  | { state: 'failed'; exchanges: number; ms: number; error: string }
  | { state: 'skipped'; reason: string };

export interface WarmUp {
  /** Settles once the warm-up is over (done, stopped, failed or skipped) and its folder is gone; never rejects. */
  readonly finished: Promise<WarmUpOutcome>;
  /** Ends the warm-up after the exchange in progress and waits for `finished`. */
  stop(): Promise<WarmUpOutcome>;
}

export interface WarmUpOptions {
  /** Exchanges to replay: the canned chat, again in a new session each time it runs out. */
  exchanges: number;
  /** `startDaemon`, passed in: the daemon's module imports this one. */
  start: typeof startDaemon;
  logger: Logger;
  chat?: readonly WarmUpExchange[];
}

/**
 * Replays a canned chat into a throw-away daemon started in this process, on a fresh
 * database in `<data dir>/.warm-up`, with the running daemon's tokenizer and embedder.
 * The first requests after a start otherwise pay one-off costs (code compiled on first
 * use, regular expressions, the tokenizer's rank table paged in): 10–30 ms each for the
 * first calls. The scratch daemon shares none of the user's data and is deleted after;
 * the running daemon serves throughout (a request waits at most for one warm-up call).
 */
export function startWarmUp(daemon: RunningDaemon, options: WarmUpOptions): WarmUp {
  let stopping = false;
  const finished = run(daemon, options, () => stopping).catch(
    (error: unknown): WarmUpOutcome => ({ state: 'failed', exchanges: 0, ms: 0, error: error instanceof Error ? error.message : String(error) }),
  );
  void finished.then((outcome) => report(options.logger, outcome));
  return {
    finished,
    stop: () => {
      stopping = true;
      return finished;
    },
  };
}

async function run(daemon: RunningDaemon, options: WarmUpOptions, stopping: () => boolean): Promise<WarmUpOutcome> {
  const chat = options.chat ?? WARM_UP_CHAT;
  if (options.exchanges === 0 || chat.length === 0) return { state: 'skipped', reason: 'no exchanges to replay' };
  const config = scratchConfig(daemon.context.config);
  if (Buffer.byteLength(config.socketPath) > maxSocketPathBytes(process.platform)) {
    return { state: 'skipped', reason: `its socket path would be too long: ${config.socketPath}` };
  }
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  // What a warm-up cut short by a crash left behind.
  rmSync(config.dataDir, { recursive: true, force: true });
  let exchanges = 0;
  try {
    const scratch = await options.start({
      config,
      embedder: daemon.context.embedder,
      tokenizer: daemon.context.tokenizer,
      scheduler: false,
    });
    const client = new MemorydClient({ socketPath: scratch.socketPath });
    try {
      for (; exchanges < options.exchanges && !stopping(); exchanges += 1) {
        const exchange = chat[exchanges % chat.length] as WarmUpExchange;
        const session = `warm-up-${Math.floor(exchanges / chat.length) + 1}`;
        await client.context(session, exchange.context);
        await client.recordTurn(session, exchange.reply);
      }
    } catch (error) {
      return { state: 'failed', exchanges, ms: elapsed(), error: error instanceof Error ? error.message : String(error) };
    } finally {
      client.close();
      await scratch.stop('warm-up over');
    }
    return { state: stopping() ? 'stopped' : 'done', exchanges, ms: elapsed() };
  } catch (error) {
    return { state: 'failed', exchanges, ms: elapsed(), error: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

/** The daemon's settings with every path in the scratch folder and its logs silenced. */
function scratchConfig(config: Config): Config {
  const dataDir = join(config.dataDir, WARM_UP_DIR);
  return {
    ...config,
    dataDir,
    socketPath: join(dataDir, 'memoryd.sock'),
    dbPath: join(dataDir, 'memoryd.db'),
    logsDir: join(dataDir, 'logs'),
    logLevel: 'silent',
    verbose: false,
    warmUpExchanges: 0,
  };
}

function report(logger: Logger, outcome: WarmUpOutcome): void {
  const log = logger.child({ part: 'warm-up' });
  if (outcome.state === 'failed') log.warn(outcome, 'warm-up failed: the first requests pay their one-off costs');
  else if (outcome.state === 'skipped') log.info(outcome, 'warm-up skipped');
  else log.info(outcome, `warm-up ${outcome.state}`);
}
