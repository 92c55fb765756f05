import { loadConfig } from '../config/config.js';
import { fetchModel, type FetchedModel } from '../embeddings/fetch-model.js';
import type { DownloadProgress } from '../embeddings/transformers-embedder.js';
import { isAppError } from '../errors.js';
import { CommandExit, readCommandArgs, type Command } from './command-line.js';
import { FETCH_MODEL_USAGE, fetchModelTarget, parseFetchModelArgs } from './fetch-model-args.js';
import type { CliIo } from './run-job-cli.js';

const FETCH_MODEL: Command = { name: 'fetch-model', usage: FETCH_MODEL_USAGE };

/**
 * `npm run fetch-model`: makes the embedding model ready where the daemon looks for it.
 * Progress goes to stderr, the result to stdout. Returns the exit code: 0, 1 (bad
 * settings, no network, a download or a model that fails), 2 (usage).
 */
export async function runFetchModelCli(argv: string[], io: CliIo): Promise<number> {
  const flags = readCommandArgs(FETCH_MODEL, argv, parseFetchModelArgs, io);
  if (flags instanceof CommandExit) return flags.code;
  try {
    const target = fetchModelTarget(flags, loadConfig(io.env, { cwd: io.cwd }), io.cwd);
    io.stderr.write(`fetch-model: ${target.modelId} in ${target.modelsDir}${flags.force ? ' (--force: a fresh copy replaces it once it loads)' : ''}\n`);
    const result = await fetchModel({ ...target, force: flags.force, onProgress: progressReporter(io.stderr) });
    reportFetched(result, io);
    return 0;
  } catch (error) {
    io.stderr.write(`fetch-model failed: ${isAppError(error) ? error.message : String(error)}\n`);
    return 1;
  }
}

/** The result on stdout; a staging folder `--force` could not delete, on stderr. */
export function reportFetched(result: FetchedModel, io: Pick<CliIo, 'stdout' | 'stderr'>): void {
  const how = result.downloaded ? '' : ' (already on disk: nothing downloaded)';
  io.stdout.write(`model ready: ${result.embedderId} (${result.dims} dims) in ${result.directory}${how}\n`);
  if (result.leftover !== undefined) {
    io.stderr.write(`fetch-model: the staging folder ${result.leftover.path} could not be deleted (${result.leftover.reason}); the model is in place: delete the folder by hand\n`);
  }
}

// One line per file and tenth of its download.
function progressReporter(stderr: CliIo['stderr']): (event: DownloadProgress) => void {
  const reported = new Map<string, number>();
  return (event) => {
    if (event.file === undefined) return;
    if (event.status === 'progress' && event.progress !== undefined) {
      const decile = Math.floor(event.progress / 10);
      if (reported.get(event.file) === decile) return;
      reported.set(event.file, decile);
      stderr.write(`${event.file}: ${Math.round(event.progress)}%\n`);
    } else if (event.status === 'done') {
      stderr.write(`${event.file}: done\n`);
    }
  };
}
