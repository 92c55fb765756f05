import { stat } from 'node:fs/promises';
import { SETTINGS } from '../config/settings.js';
import { AppError } from '../errors.js';
import { A_FILE_NOT_A_FOLDER, unusablePath, UnusablePathError } from '../lifecycle/path-setting.js';
import type { Embedder } from './embedder.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import { DEFAULT_MODEL_ID, missingModelFiles, repairModelHint } from './model-files.js';
import { createTransformersEmbedder } from './transformers-embedder.js';

export type EmbedderPreference = 'auto' | 'hashing' | 'transformers';

/** What the user calls each option, for messages: an environment variable or a command's flag. */
export interface EmbedderOptionNames {
  prefer: string;
  modelsDir: string;
  modelId: string;
}

/** The daemon's settings (the default names). */
export const EMBEDDER_SETTINGS: EmbedderOptionNames = {
  prefer: SETTINGS.embedder.env,
  modelsDir: SETTINGS.modelsDir.env,
  modelId: SETTINGS.embeddingModel.env,
};

export interface SelectEmbedderOptions {
  modelsDir: string;
  modelId?: string;
  /** `auto` (default): the model when it loads, else hashing. `transformers`: the model or an error. */
  prefer?: EmbedderPreference;
  quantized?: boolean;
  /** How errors name the options (default: the daemon's MEMORYD_* settings). */
  names?: EmbedderOptionNames;
}

export interface EmbedderSelection {
  embedder: Embedder;
  /** One line for the start-up log: which embedder and exactly why. */
  reason: string;
}

/**
 * Picks the embedder at start-up: the sentence model when its files are in `modelsDir`
 * and it loads, otherwise the hashing fallback with the reason. A missing or broken
 * model never throws (the failure is in `reason`); `prefer: 'transformers'` that cannot
 * be met throws an `EMBEDDER` AppError, and a models dir that exists but is no folder
 * this user can read (a file, say) an `UnusablePathError`, each naming the options.
 */
export async function selectEmbedder(options: SelectEmbedderOptions): Promise<EmbedderSelection> {
  const prefer = options.prefer ?? 'auto';
  const modelId = options.modelId ?? DEFAULT_MODEL_ID;
  const quantized = options.quantized ?? true;
  const names = options.names ?? EMBEDDER_SETTINGS;
  const hashing = createHashingEmbedder();
  if (prefer === 'hashing') return { embedder: hashing, reason: `using ${hashing.id} (embedder preference: hashing)` };

  await assertUsableModelsDir(options.modelsDir, names.modelsDir);
  // Only a demanded model's error is the user's to fix: it names the options that led to it.
  const demanded = `${names.prefer}=transformers: model ${modelId} (${names.modelId})`;
  const missing = await missingModelFiles(options.modelsDir, modelId, quantized);
  if (missing.length > 0) {
    if (prefer === 'transformers') {
      throw new AppError(
        'EMBEDDER',
        `${demanded} not found in ${options.modelsDir} (${names.modelsDir}; missing ${missing.join(', ')}); ` +
          `run \`npm run fetch-model\`, or set ${names.prefer}=auto to start with the hashing embedder`,
        { details: { modelId, missing } },
      );
    }
    const problem = `model ${modelId} not found in ${options.modelsDir} (missing ${missing.join(', ')})`;
    return { embedder: hashing, reason: `${problem}; using ${hashing.id}; run \`npm run fetch-model\`` };
  }
  try {
    const embedder = await createTransformersEmbedder({ modelsDir: options.modelsDir, modelId, quantized });
    return { embedder, reason: `using ${embedder.id} (${embedder.dims} dims) from ${options.modelsDir}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const repair = repairModelHint(options.modelsDir, modelId);
    if (prefer === 'transformers') {
      throw new AppError('EMBEDDER', `${demanded} in ${options.modelsDir} (${names.modelsDir}) failed to load (${message}); ${repair}`, { cause: error, details: { modelId } });
    }
    return { embedder: hashing, reason: `model ${modelId} in ${options.modelsDir} failed to load (${message}); using ${hashing.id}; ${repair}` };
  }
}

// A models dir that is not there is the documented case of no model; one that is there
// but cannot hold one (a file, a path through a file, no permission) is a setting to fix.
async function assertUsableModelsDir(modelsDir: string, setting: string): Promise<void> {
  try {
    if (!(await stat(modelsDir)).isDirectory()) throw new UnusablePathError(setting, { kind: 'folder', path: modelsDir }, A_FILE_NOT_A_FOLDER);
  } catch (error) {
    if (error instanceof UnusablePathError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw unusablePath(setting, { kind: 'folder', path: modelsDir }, error);
  }
}
