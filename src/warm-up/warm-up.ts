import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorydClient } from '../client/memoryd-client.js';
import { maxSocketPathBytes, type Config } from '../config/config.js';
import { startDaemon, type RunningDaemon } from '../daemon.js';
import type { Logger } from '../discardable/logger.js';
import { messageOf } from '../errors.js';
import { WARM_UP_CHAT, type WarmUpExchange } from './chat.js';

// How long one warm-up request may take (they take milliseconds): a stuck one must not hold up a shutdown.
const CALL_TIMEOUT_MS = 2_000;
// The scratch daemon's own shutdown bound: it never has more than one request in flight.
const SCRATCH_SHUTDOWN_MS = 1_000;
// The scratch folders are named by pid: `memoryd-warm-up-<pid>-<random>`.
const FOLDER_PREFIX = 'memoryd-warm-up-';
const FOLDER_PID = new RegExp(`^${FOLDER_PREFIX}(\\d+)-`);

export type WarmUpOutcome =
  | { state: 'off' }
  | { state: 'done' | 'stopped'; exchanges: number; ms: number }
  | { state: 'failed'; exchanges: number; ms: number; error: string }
  | { state: 'skipped'; reason: string };

export interface WarmUpOptions {
  /** Exchanges to replay: the canned chat, again in a new session each time it runs out; 0 does nothing. */
  exchanges: number;
  logger: Logger;
  /**
   * Aborted: the warm-up ends after the request in progress (≤ 2 s, then ≤ 1 s to stop its
   * daemon), or does not start.
   */
  signal: AbortSignal;
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
export async function warmUp(daemon: RunningDaemon, options: WarmUpOptions): Promise<WarmUpOutcome> {
  const outcome = await run(daemon, options);
  report(options.logger, outcome);
  return outcome;
}

async function run(daemon: RunningDaemon, options: WarmUpOptions): Promise<WarmUpOutcome> {
  const chat = options.chat ?? WARM_UP_CHAT;
  const { signal } = options;
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
    if (signal.aborted) return { state: 'stopped', exchanges, ms: elapsed() };
    const scratch = await (options.start ?? startDaemon)({ config, embedder: daemon.context.embedder, tokenizer: daemon.context.tokenizer, scheduler: false });
    const client = new MemorydClient({ socketPath: scratch.socketPath, timeoutMs: CALL_TIMEOUT_MS });
    try {
      while (exchanges < options.exchanges && !signal.aborted) {
        const exchange = chat[exchanges % chat.length] as WarmUpExchange;
        const session = `warm-up-${Math.floor(exchanges / chat.length) + 1}`;
        await client.context(session, exchange.context);
        if (signal.aborted) break;
        await client.recordTurn(session, exchange.reply);
        exchanges += 1;
        await options.onExchange?.(exchanges);
      }
    } finally {
      client.close();
      await scratch.stop('warm-up over');
    }
    return { state: signal.aborted ? 'stopped' : 'done', exchanges, ms: elapsed() };
  } catch (error) {
    return { state: 'failed', exchanges, ms: elapsed(), error: messageOf(error) };
  } finally {
    // A folder that cannot be deleted is left for the next warm-up's sweep.
    if (dir !== null) removeQuietly(dir);
  }
}

// Deletes the scratch folders that warm-ups cut short by a crash left in `root`: those of
// processes that no longer run (the pid is in the name). A folder another user owns, or
// one that cannot be deleted, is left as it is.
function removeLeftovers(root: string): void {
  for (const name of readdirSync(root)) {
    const pid = Number(FOLDER_PID.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    removeQuietly(join(root, name));
  }
}

// A scratch folder holds only the canned chat: one that cannot be deleted (another
// user's, a busy file) is left as it is.
function removeQuietly(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Left as it is.
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

// The daemon's settings with its own paths (scratchPaths), its logs silenced and its shutdown short.
function scratchConfig(config: Config, dir: string): Config {
  return { ...config, ...scratchPaths(config, dir), logLevel: 'silent', verbose: false, shutdownTimeoutMs: SCRATCH_SHUTDOWN_MS };
}

// The config's paths, as its fields are named. Each must have a place in scratchPaths, whose
// return type makes a new one a compile error there until it is given one.
type PathField = Extract<keyof Config, `${string}Dir` | `${string}Path` | `${string}File`>;

// Everything the scratch daemon writes goes in its folder. The models dir and the system prompt
// stay the user's, where the scratch daemon only reads: its embedder is the running daemon's, so
// it never opens the models dir, and the user's system prompt gives its prompts the user's size.
function scratchPaths(config: Config, dir: string): Pick<Config, PathField> {
  return {
    dataDir: dir,
    socketPath: join(dir, 's.sock'),
    dbPath: join(dir, 'memoryd.db'),
    logsDir: join(dir, 'logs'),
    modelsDir: config.modelsDir,
    systemPromptFile: config.systemPromptFile,
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
