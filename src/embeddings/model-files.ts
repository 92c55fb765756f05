import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The sentence model memoryd uses when its files are on disk. */
export const DEFAULT_MODEL_ID = 'Xenova/all-MiniLM-L6-v2';

/** What a model id looks like, for messages (MEMORYD_EMBEDDING_MODEL and fetch-model's --model share the rule). */
export const MODEL_ID_FORM = 'owner/name (letters, digits, _, . and -; neither part . or ..)';

const MODEL_ID_PART = /^[\w.-]+$/;

/**
 * Why `id` is not a model id, or null when it is one: exactly `owner/name`, each part
 * made of letters, digits, `_`, `.` and `-`, and neither `.` nor `..`, so that
 * `modelDirectory` always names a directory two levels inside the models directory.
 */
export function modelIdProblem(id: string): string | null {
  const parts = id.split('/');
  if (parts.length !== 2) return 'expected exactly one "/", between owner and name';
  for (const part of parts) {
    if (!MODEL_ID_PART.test(part)) return `${JSON.stringify(part)} may only hold letters, digits, _, . and -`;
    if (part === '.' || part === '..') return `${JSON.stringify(part)} would point outside the models directory`;
  }
  return null;
}

/**
 * The files transformers.js reads to build a feature-extraction pipeline, relative to
 * `<modelsDir>/<modelId>/`. The quantized weights are `onnx/model_quantized.onnx`.
 */
export function requiredModelFiles(quantized: boolean): string[] {
  return ['config.json', 'tokenizer.json', 'tokenizer_config.json', quantized ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx'];
}

/** Directory of one model under the models directory (`Xenova/x` → `<modelsDir>/Xenova/x`). */
export function modelDirectory(modelsDir: string, modelId: string): string {
  return join(modelsDir, ...modelId.split('/'));
}

/**
 * What to do about a model that is on disk but does not load: transformers.js reuses
 * the files it finds, so fetching again repairs nothing until they are gone.
 */
export function repairModelHint(modelsDir: string, modelId: string): string {
  return `run \`npm run fetch-model -- --force\` (it downloads a fresh copy and replaces the broken one only once the new one loads), or delete ${modelDirectory(modelsDir, modelId)} and run \`npm run fetch-model\``;
}

/** The required files that are not readable regular files on disk (empty when the model is complete). */
export async function missingModelFiles(modelsDir: string, modelId: string, quantized: boolean): Promise<string[]> {
  const directory = modelDirectory(modelsDir, modelId);
  const missing: string[] = [];
  for (const file of requiredModelFiles(quantized)) {
    if (!(await isReadableFile(join(directory, file)))) missing.push(file);
  }
  return missing;
}

async function isReadableFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}
