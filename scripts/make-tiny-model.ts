// npm run make-tiny-model -- <outDir>: writes the tiny random-weight BERT used by tests.
import { resolve } from 'node:path';
import { writeTinyModel } from '../src/embeddings/tiny-model.js';

const [outDir] = process.argv.slice(2);
if (outDir === undefined) {
  process.stderr.write('usage: npm run make-tiny-model -- <outDir>\n');
  process.exitCode = 2;
} else {
  const { modelId } = await writeTinyModel(resolve(outDir));
  process.stdout.write(`wrote ${modelId} under ${resolve(outDir)}\n`);
}
