// npm run fetch-model -- [--data-dir ./data] [--model Xenova/all-MiniLM-L6-v2]: downloads the
// embedding model once into <data-dir>/models and verifies it offline.
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fetchModel } from '../src/embeddings/fetch-model.js';
import { DEFAULT_MODEL_ID } from '../src/embeddings/model-files.js';
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
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string', default: './data' }, model: { type: 'string', default: DEFAULT_MODEL_ID } },
  });
  const modelsDir = join(resolve(values['data-dir']), 'models');
  process.stderr.write(`fetching ${values.model} into ${modelsDir}\n`);
  const result = await fetchModel({ modelsDir, modelId: values.model, onProgress: report });
  process.stdout.write(`model ready: ${result.embedderId} (${result.dims} dims) in ${result.directory}\n`);
} catch (error) {
  process.stderr.write(`fetch-model failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
