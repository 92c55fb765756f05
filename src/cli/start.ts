import { loadConfig, type Environment } from '../config/config.js';
import { SETTINGS } from '../config/settings.js';
import { unknownSettings } from '../config/unknown-settings.js';
import { startDaemon, type RunningDaemon, type StopOutcome } from '../daemon.js';
import { OFF_STDERR } from '../discardable/logger.js';
import { isAppError, messageOf } from '../errors.js';
import { setHeapGrowth } from '../lifecycle/heap-growth.js';
import { systemPromptRoomWarning } from '../lifecycle/start-problems.js';
import { warmUp } from '../warm-up/warm-up.js';
import { CommandExit, parseOrRefuse, readCommandArgs, type Command } from './command-line.js';

const USAGE = `usage: npm start [-- --verbose]

Runs memoryd in the foreground on its Unix socket until SIGTERM, SIGINT or
SIGHUP (the terminal that ran it closed).
  --verbose, -v   also print debug log lines to stdout (a discardable record's
                  content left out: it goes to the log files only)
Settings come from MEMORYD_* environment variables (see README.md).
`;

const START: Command = { name: 'memoryd', usage: USAGE };

/** The daemon's entry point: returns the exit code once the daemon has stopped. */
export async function runStart(argv: string[], env: Environment, cwd: string): Promise<number> {
  const args = readCommandArgs(START, argv, (line) => parseOrRefuse(line, { options: { verbose: { type: 'boolean', short: 'v', default: false } } }).values);
  if (args instanceof CommandExit) return args.code;
  serveWithoutReaders();
  // Listening from the start: a signal while the daemon starts stops it once it is up, and
  // a second one (npm and a terminal both forward Ctrl-C) never cuts the shutdown short.
  const stopping = stopSignal();
  let daemon;
  for (const { name, meant } of unknownSettings(env)) {
    process.stderr.write(`memoryd: ${name} is not a setting and is ignored${meant === null ? '' : `; did you mean ${meant}?`}\n`);
  }
  try {
    const config = loadConfig(env, { cwd, verbose: args.verbose });
    setHeapGrowth(config.heapGrowthPercent);
    daemon = await startDaemon({ config });
  } catch (error) {
    stopping.dispose();
    process.stderr.write(`memoryd: ${isAppError(error) ? error.message : String(error)}\n`);
    if (!isAppError(error)) process.stderr.write(`${(error as Error).stack ?? ''}\n`);
    return 1;
  }
  const { context } = daemon;
  warnOfCrowdedPrompts(daemon);
  // Where the person starting memoryd looks: a mistyped or deleted MEMORYD_DB starts on an empty database.
  if (daemon.createdDatabase) process.stdout.write(`memoryd: created a new, empty database at ${context.config.dbPath} (${SETTINGS.db.env})\n`);
  process.stdout.write(
    `memoryd ${context.version} listening on ${daemon.socketPath} (embedder ${context.embedder.id}: ${context.embedderReason}; tokenizer ${context.tokenizer.encoding})\n`,
  );
  // Ends with the first signal (or does not start, when one came while the daemon started).
  const warmingUp = warmUp(daemon, { exchanges: context.config.warmUpExchanges, logger: context.log.logger, signal: stopping.aborted });
  const signal = await stopping.first;
  await warmingUp;
  const stopped = await stopAfter(daemon, signal);
  stopping.dispose();
  return stopped ? 0 : 1;
}

// A system prompt that leaves too little of the cap for the rest of every prompt: said on
// stderr, where the person starting the daemon looks, and in the log for later.
function warnOfCrowdedPrompts(daemon: RunningDaemon): void {
  const { context, services } = daemon;
  const { system, frames } = services.contextDeps;
  const load = { system: { tokens: system.tokens, source: system.source }, frames: frames.system + context.tokenizer.messageCost('user', '?') };
  const warning = systemPromptRoomWarning(load, context.config);
  if (warning === null) return;
  process.stderr.write(`memoryd: warning: ${warning}\n`);
  // Said on stderr in words just above: the log keeps it, the journal has it once.
  context.log.logger.warn({ part: 'daemon', ...OFF_STDERR, systemTokens: system.tokens, fixedTokens: system.tokens + load.frames, tokenCap: context.config.tokenCap }, warning);
}

// Stops the daemon after `signal`; false, once it has said why on stderr (the log files
// have the details), when the shutdown failed.
async function stopAfter(daemon: RunningDaemon, signal: NodeJS.Signals): Promise<boolean> {
  let outcome: StopOutcome;
  try {
    outcome = await daemon.stop(signal);
  } catch (error) {
    outcome = { clean: false, problem: `the shutdown failed: ${messageOf(error)}` };
  }
  if (outcome.clean) return true;
  process.stderr.write(`memoryd: stopped after ${signal}, exit code 1: ${outcome.problem} (the log files in ${daemon.context.config.logsDir} have the details)\n`);
  return false;
}

// SIGHUP: the terminal that ran `npm start` was closed; it stops the daemon as cleanly as the others.
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

// A reader of stdout or stderr that goes away (`… | grep -m1 listening`, a closed terminal)
// must not take the daemon down: without a listener the EPIPE of the next line written
// there is an uncaught error, and the process would end without its clean shutdown. The
// lines are lost; the log files keep them.
function serveWithoutReaders(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}

// The first SIGTERM, SIGINT or SIGHUP (`aborted` with it), and handlers that keep every later one
// from ending the process (Node's default for a signal without a listener) until `dispose`.
function stopSignal(): { first: Promise<NodeJS.Signals>; aborted: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  let seen: NodeJS.Signals | null = null;
  let resolve: (signal: NodeJS.Signals) => void = () => {};
  const first = new Promise<NodeJS.Signals>((done) => (resolve = done));
  const onSignal = (signal: NodeJS.Signals): void => {
    if (seen === null) {
      seen = signal;
      controller.abort();
      resolve(signal);
    } else process.stderr.write(`memoryd: ${signal} received while stopping (after ${seen}); still stopping\n`);
  };
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  return {
    first,
    aborted: controller.signal,
    dispose: () => {
      for (const name of STOP_SIGNALS) process.off(name, onSignal);
    },
  };
}
