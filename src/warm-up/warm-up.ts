import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorydClient } from '../client/memoryd-client.js';
import { maxSocketPathBytes, type Config } from '../config/config.js';
import { startDaemon, type RunningDaemon } from '../daemon.js';
import type { Logger } from '../discardable/logger.js';
import { messageOf } from '../errors.js';
import { WARM_UP_CHAT, type WarmUpExchange } from './chat.js';

/** How long one warm-up request may take (they take milliseconds): a stuck one must not hold up a shutdown. */
const CALL_TIMEOUT_MS = 2_000;
/** The scratch daemon's own shutdown bound: it never has more than one request in flight. */
const SCRATCH_SHUTDOWN_MS = 1_000;

export type WarmUpOutcome =
  | { state: 'off' }
  | { state: 'done' | 'stopped'; exchanges: number; ms: number }
  | { state: 'failed'; exchanges: number; ms: number; error: string }
  | { state: 'skipped'; reason: string };

export interface WarmUp {
  /** Settles once the warm-up is over (off, done, stopped, failed or skipped) and its folder is gone; never rejects. */
  readonly finished: Promise<WarmUpOutcome>;
  /** Ends the warm-up after the request in progress (≤ 2 s, then ≤ 1 s to stop its daemon) and waits for `finished`. */
  stop(): Promise<WarmUpOutcome>;
}

export interface WarmUpOptions {
  /** Exchanges to replay: the canned chat, again in a new session each time it runs out; 0 does nothing. */
  exchanges: number;
  logger: Logger;
  chat?: readonly WarmUpExchange[];
  /** Where the scratch daemon's folder is made (the OS temp dir by default). */
  tempRoot?: string;
  /** Starts the scratch daemon (`startDaemon`; tests observe it). */
  start?: typeof startDaemon;
  /** Called after each exchange with the number done; the next one waits for it. */
  onExchange?: (done: number) => void | Promise<void>;
}

/**
 * Replays a canned chat into a throw-away daemon started in this process, on a fresh
 * database in a private temp folder, with the running daemon's tokenizer and embedder.
 * The first requests after a start otherwise pay one-off costs (code compiled on first
 * use, regular expressions, the tokenizer's pieces): the first context call took ~19 ms
 * and the first ten ~7 ms each (`npm run bench -- start`). The scratch daemon shares no
 * data with the running one and is deleted after. The running daemon serves throughout:
 * a request waits at most for one step of the warm-up (one of its calls, or the scratch
 * daemon's start, ~25 ms the first time). A crash during it leaves the scratch folder
 * behind; the next warm-up deletes those of processes that no longer run.
 */
export function startWarmUp(daemon: RunningDaemon, options: WarmUpOptions): WarmUp {
  let stopping = false;
  const finished = run(daemon, options, () => stopping);
  finished.then(
    (outcome) => report(options.logger, outcome),
    () => {},
  );
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
  if (options.exchanges === 0 || chat.length === 0) return { state: 'off' };
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  let exchanges = 0;
  let dir: string | null = null;
  try {
    const root = options.tempRoot ?? tmpdir();
    removeLeftovers(root);
    dir = mkdtempSync(join(root, `${FOLDER_PREFIX}${process.pid}-`));
    const config = scratchConfig(daemon.context.config, dir);
    if (Buffer.byteLength(config.socketPath) > maxSocketPathBytes(process.platform)) {
      return { state: 'skipped', reason: `its socket path would be too long: ${config.socketPath}` };
    }
    if (stopping()) return { state: 'stopped', exchanges, ms: elapsed() };
    const scratch = await (options.start ?? startDaemon)({ config, embedder: daemon.context.embedder, tokenizer: daemon.context.tokenizer, scheduler: false });
    const client = new MemorydClient({ socketPath: scratch.socketPath, timeoutMs: CALL_TIMEOUT_MS });
    try {
      while (exchanges < options.exchanges && !stopping()) {
        const exchange = chat[exchanges % chat.length] as WarmUpExchange;
        const session = `warm-up-${Math.floor(exchanges / chat.length) + 1}`;
        await client.context(session, exchange.context);
        if (stopping()) break;
        await client.recordTurn(session, exchange.reply);
        exchanges += 1;
        await options.onExchange?.(exchanges);
      }
    } finally {
      client.close();
      await scratch.stop('warm-up over');
    }
    return { state: stopping() ? 'stopped' : 'done', exchanges, ms: elapsed() };
  } catch (error) {
    return { state: 'failed', exchanges, ms: elapsed(), error: messageOf(error) };
  } finally {
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
  }
}

const FOLDER_PREFIX = 'memoryd-warm-up-';

/**
 * Deletes the scratch folders that warm-ups cut short by a crash left in `root`: those of
 * processes that no longer run (the pid is in the name). A folder another user owns, or
 * one that cannot be deleted, is left as it is.
 */
function removeLeftovers(root: string): void {
  for (const name of readdirSync(root)) {
    const pid = Number(/^memoryd-warm-up-(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
    } catch {
      // Not ours to delete; it holds only a canned chat.
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The daemon's settings with every path in the scratch folder, its logs silenced and its shutdown short. */
function scratchConfig(config: Config, dir: string): Config {
  return {
    ...config,
    dataDir: dir,
    socketPath: join(dir, 's.sock'),
    dbPath: join(dir, 'memoryd.db'),
    logsDir: join(dir, 'logs'),
    logLevel: 'silent',
    verbose: false,
    shutdownTimeoutMs: SCRATCH_SHUTDOWN_MS,
    warmUpExchanges: 0,
  };
}

// Nothing is logged when the warm-up is off; a log that cannot be written must not end the daemon.
function report(logger: Logger, outcome: WarmUpOutcome): void {
  try {
    const log = logger.child({ part: 'warm-up' });
    if (outcome.state === 'failed') log.warn(outcome, 'warm-up failed: the first requests pay their one-off costs');
    else if (outcome.state === 'skipped') log.info(outcome, 'warm-up skipped');
    else if (outcome.state !== 'off') log.info(outcome, `warm-up ${outcome.state}`);
  } catch {
    // The outcome is in `finished` for whoever waits on it.
  }
}
