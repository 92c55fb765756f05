// npm run fetch-model -- [--models-dir <dir>] [--model <owner/name>]: downloads the embedding
// model once into the daemon's models dir (MEMORYD_MODELS_DIR) and verifies it offline.
import { FETCH_MODEL_USAGE, parseFetchModelArgs } from '../src/cli/fetch-model-args.js';
import { loadConfig } from '../src/config/config.js';
import { fetchModel } from '../src/embeddings/fetch-model.js';
import type { DownloadProgress } from '../src/embeddings/transformers-embedder.js';

const reported = new Map<string, number>();

function report(event: DownloadProgress): void {
  if (event.file === undefined) return;
  if (event.status === 'progress' && event.progress !== undefined) {
    const decile = Math.floor(event.progress / 10);
    if (reported.get(event.file) === decile) return;
    reported.set(event.file, decile);
    process.stderr.write(`${event.file}: ${Math.round(event.progress)}%\n`);
  } else if (event.status === 'done') {
    process.stderr.write(`${event.file}: done\n`);
  }
}

try {
  const args = parseFetchModelArgs(process.argv.slice(2), loadConfig(process.env, { cwd: process.cwd() }), process.cwd());
  if (args.help) {
    process.stdout.write(FETCH_MODEL_USAGE);
  } else {
    process.stderr.write(`fetching ${args.modelId} into ${args.modelsDir}\n`);
    const result = await fetchModel({ modelsDir: args.modelsDir, modelId: args.modelId, onProgress: report });
    process.stdout.write(`model ready: ${result.embedderId} (${result.dims} dims) in ${result.directory}\n`);
  }
} catch (error) {
  process.stderr.write(`fetch-model failed: ${error instanceof Error ? error.message : String(error)}\n${FETCH_MODEL_USAGE}`);
  process.exitCode = 1;
}
