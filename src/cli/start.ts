import { loadConfig, type Environment } from '../config/config.js';
import { startDaemon } from '../daemon.js';
import { isAppError } from '../errors.js';
import { setHeapGrowth } from '../lifecycle/heap-growth.js';

const USAGE = `usage: npm start [-- --verbose]

Runs memoryd in the foreground on its Unix socket until SIGTERM or SIGINT.
  --verbose, -v   also print debug log lines to stdout
Settings come from MEMORYD_* environment variables (see README.md).
`;

/** The daemon's entry point: returns the exit code once the daemon has stopped. */
export async function runStart(argv: string[], env: Environment, cwd: string): Promise<number> {
  const unknown = argv.filter((arg) => !['--verbose', '-v', '--help', '-h'].includes(arg));
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (unknown.length > 0) {
    process.stderr.write(`memoryd: unknown argument ${unknown.join(' ')}\n${USAGE}`);
    return 2;
  }
  let daemon;
  try {
    const config = loadConfig(env, { cwd, verbose: argv.includes('--verbose') || argv.includes('-v') });
    setHeapGrowth(config.heapGrowthPercent);
    daemon = await startDaemon({ config });
  } catch (error) {
    process.stderr.write(`memoryd: ${isAppError(error) ? error.message : String(error)}\n`);
    if (!isAppError(error)) process.stderr.write(`${(error as Error).stack ?? ''}\n`);
    return 1;
  }
  const { context } = daemon;
  process.stdout.write(
    `memoryd ${context.version} listening on ${daemon.socketPath} (embedder ${context.embedder.id}: ${context.embedderReason}; tokenizer ${context.tokenizer.encoding})\n`,
  );
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  await daemon.stop(signal);
  return 0;
}
