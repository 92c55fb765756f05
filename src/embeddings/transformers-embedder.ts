import { resolve } from 'node:path';
import { AppError } from '../errors.js';
import type { Embedder } from './embedder.js';
import { DEFAULT_MODEL_ID } from './model-files.js';

export interface TransformersEmbedderOptions {
  /** Directory holding `<modelId>/config.json`, `<modelId>/onnx/…` (the daemon passes `<dataDir>/models`). */
  modelsDir: string;
  modelId?: string;
  /** Load `onnx/model_quantized.onnx` (default) rather than `onnx/model.onnx`. */
  quantized?: boolean;
}

// Bounds the padded batch tensor: a long list of texts is embedded in slices.
const MAX_BATCH = 32;
const MAX_EMBED_CHARS = 4096;

// The slice of transformers.js' `env` memoryd sets. It is module-global, so each load
// sets it right before it starts; two loads from different directories must not overlap.
interface TransformersEnv {
  allowRemoteModels: boolean;
  allowLocalModels: boolean;
  localModelPath: string;
  useFSCache: boolean;
  cacheDir: string | null;
}

type Extractor = (texts: string[], options: { pooling: 'mean'; normalize: true }) => Promise<unknown>;

function toRows(output: unknown, count: number): Float32Array[] {
  const tensor = output as { data?: unknown; dims?: unknown };
  const dims = tensor.dims;
  if (!(tensor.data instanceof Float32Array) || !Array.isArray(dims) || dims.length !== 2 || dims[0] !== count) {
    throw new AppError('EMBEDDER', 'feature-extraction returned an unexpected tensor', { details: { dims: String(dims) } });
  }
  const width = Number(dims[1]);
  const data = tensor.data;
  return Array.from({ length: count }, (_, row) => data.slice(row * width, (row + 1) * width));
}

/**
 * Loads a sentence-embedding model with transformers.js from `modelsDir` only (remote
 * loading off): feature extraction, mean pooling over the attention mask, L2
 * normalisation. transformers.js is imported here, on demand, so that nothing else pays
 * for it at start-up. Throws an `EMBEDDER` AppError when the model cannot be loaded.
 */
export async function createTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
  const modelId = options.modelId ?? DEFAULT_MODEL_ID;
  const quantized = options.quantized ?? true;
  let extract: Extractor;
  try {
    const transformers = await import('@xenova/transformers');
    const env: TransformersEnv = transformers.env;
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = resolve(options.modelsDir);
    // The file cache would look in node_modules before modelsDir.
    env.useFSCache = false;
    const pipeline: unknown = await transformers.pipeline('feature-extraction', modelId, { quantized, local_files_only: true });
    extract = pipeline as Extractor;
  } catch (error) {
    throw new AppError('EMBEDDER', `cannot load model ${modelId} from ${options.modelsDir}: ${String(error)}`, {
      cause: error,
      details: { modelId, modelsDir: options.modelsDir },
    });
  }
  const run = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const rows: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += MAX_BATCH) {
      // The model reads at most its max length (256 word pieces for MiniLM); tokenizing
      // a pasted document whole first would only cost time.
      const slice = texts.slice(start, start + MAX_BATCH).map((text) => text.slice(0, MAX_EMBED_CHARS));
      let output: unknown;
      try {
        output = await extract(slice, { pooling: 'mean', normalize: true });
      } catch (error) {
        throw new AppError('EMBEDDER', `model ${modelId} failed to embed: ${String(error)}`, { cause: error, details: { modelId } });
      }
      rows.push(...toRows(output, slice.length));
    }
    return rows;
  };
  const [probe] = await run(['dimension probe']);
  if (probe === undefined || probe.length === 0) {
    throw new AppError('EMBEDDER', `model ${modelId} produced an empty vector`, { details: { modelId } });
  }
  return {
    id: `transformers:${modelId}${quantized ? ':quantized' : ''}`,
    dims: probe.length,
    kind: 'transformers',
    embed: async (text) => (await run([text]))[0] as Float32Array,
    embedBatch: run,
  };
}

/** One progress report of transformers.js while it fetches a file. */
export interface DownloadProgress {
  status: string;
  file?: string;
  /** 0–100 while downloading. */
  progress?: number;
}

function toProgress(event: unknown): DownloadProgress {
  const raw = (event ?? {}) as { status?: unknown; file?: unknown; progress?: unknown };
  return {
    status: typeof raw.status === 'string' ? raw.status : 'unknown',
    ...(typeof raw.file === 'string' ? { file: raw.file } : {}),
    ...(typeof raw.progress === 'number' ? { progress: raw.progress } : {}),
  };
}

/**
 * Downloads a model's files from the Hugging Face hub into `<modelsDir>/<modelId>/`
 * (remote loading is switched on for this call only; the next
 * `createTransformersEmbedder` switches it off again). Throws an `EMBEDDER` AppError.
 */
export async function downloadTransformersModel(
  options: Required<TransformersEmbedderOptions> & { onProgress?: (event: DownloadProgress) => void },
): Promise<void> {
  const { modelId, modelsDir, quantized, onProgress } = options;
  try {
    const transformers = await import('@xenova/transformers');
    const env: TransformersEnv = transformers.env;
    env.allowLocalModels = true;
    env.allowRemoteModels = true;
    env.localModelPath = resolve(modelsDir);
    // Downloads land in transformers.js' file cache under `<cacheDir>/<modelId>/…`,
    // which is exactly where the offline loader looks.
    env.useFSCache = true;
    env.cacheDir = resolve(modelsDir);
    await transformers.pipeline('feature-extraction', modelId, {
      quantized,
      ...(onProgress ? { progress_callback: (event: unknown) => onProgress(toProgress(event)) } : {}),
    });
  } catch (error) {
    throw new AppError('EMBEDDER', `download of ${modelId} failed: ${String(error)}`, { cause: error, details: { modelId } });
  }
}
