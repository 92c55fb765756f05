import { AppError } from '../errors.js';
import type { Embedder } from './embedder.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import { DEFAULT_MODEL_ID, missingModelFiles, repairModelHint } from './model-files.js';
import { createTransformersEmbedder } from './transformers-embedder.js';

export type EmbedderPreference = 'auto' | 'hashing' | 'transformers';

export interface SelectEmbedderOptions {
  modelsDir: string;
  modelId?: string;
  /** `auto` (default): the model when it loads, else hashing. `transformers`: the model or an error. */
  prefer?: EmbedderPreference;
  quantized?: boolean;
}

export interface EmbedderSelection {
  embedder: Embedder;
  /** One line for the start-up log: which embedder and exactly why. */
  reason: string;
}

/**
 * Picks the embedder at start-up: the sentence model when its files are in `modelsDir`
 * and it loads, otherwise the hashing fallback with the reason. A missing or broken
 * model never throws (the failure is in `reason`); only `prefer: 'transformers'` that
 * cannot be met throws an `EMBEDDER` AppError.
 */
export async function selectEmbedder(options: SelectEmbedderOptions): Promise<EmbedderSelection> {
  const prefer = options.prefer ?? 'auto';
  const modelId = options.modelId ?? DEFAULT_MODEL_ID;
  const quantized = options.quantized ?? true;
  const hashing = createHashingEmbedder();
  if (prefer === 'hashing') return { embedder: hashing, reason: `using ${hashing.id} (embedder preference: hashing)` };

  const missing = await missingModelFiles(options.modelsDir, modelId, quantized);
  if (missing.length > 0) {
    const problem = `model ${modelId} not found in ${options.modelsDir} (missing ${missing.join(', ')})`;
    if (prefer === 'transformers') {
      throw new AppError('EMBEDDER', `${problem}; run \`npm run fetch-model\``, { details: { modelId, missing } });
    }
    return { embedder: hashing, reason: `${problem}; using ${hashing.id}; run \`npm run fetch-model\`` };
  }
  try {
    const embedder = await createTransformersEmbedder({ modelsDir: options.modelsDir, modelId, quantized });
    return { embedder, reason: `using ${embedder.id} (${embedder.dims} dims) from ${options.modelsDir}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const problem = `model ${modelId} in ${options.modelsDir} failed to load (${message})`;
    const repair = repairModelHint(options.modelsDir, modelId);
    if (prefer === 'transformers') throw new AppError('EMBEDDER', `${problem}; ${repair}`, { cause: error, details: { modelId } });
    return { embedder: hashing, reason: `${problem}; using ${hashing.id}; ${repair}` };
  }
}
