import { AppError } from '../errors.js';
import { DEFAULT_MODEL_ID, missingModelFiles, modelDirectory } from './model-files.js';
import { createTransformersEmbedder, downloadTransformersModel, type DownloadProgress } from './transformers-embedder.js';

const REMOTE_HOST = 'https://huggingface.co/';
const REACHABILITY_TIMEOUT_MS = 10_000;

export interface FetchModelOptions {
  modelsDir: string;
  modelId?: string;
  quantized?: boolean;
  onProgress?: (event: DownloadProgress) => void;
}

// One cheap request first, so an offline machine gets one clear sentence instead of a
// failure deep inside the model loader.
async function assertReachable(modelId: string): Promise<void> {
  try {
    await fetch(REMOTE_HOST, { method: 'HEAD', signal: AbortSignal.timeout(REACHABILITY_TIMEOUT_MS) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new AppError('EMBEDDER', `cannot reach ${REMOTE_HOST} to download ${modelId} (${cause}); check the network and retry`, {
      cause: error,
      details: { modelId, host: REMOTE_HOST },
    });
  }
}

/**
 * Downloads a model once into `<modelsDir>/<modelId>/`, then verifies it by loading it
 * offline and embedding one sentence. Throws an `EMBEDDER` AppError when the host is
 * unreachable, a download fails, or the downloaded model does not load.
 */
export async function fetchModel(options: FetchModelOptions): Promise<{ embedderId: string; dims: number; directory: string }> {
  const modelId = options.modelId ?? DEFAULT_MODEL_ID;
  const quantized = options.quantized ?? true;
  const { modelsDir } = options;
  const directory = modelDirectory(modelsDir, modelId);
  await assertReachable(modelId);
  await downloadTransformersModel({ modelsDir, modelId, quantized, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  // transformers.js only warns when its file cache cannot write, so check the result.
  const missing = await missingModelFiles(modelsDir, modelId, quantized);
  if (missing.length > 0) {
    throw new AppError('EMBEDDER', `download of ${modelId} left files missing in ${directory}: ${missing.join(', ')}`, {
      details: { modelId, missing },
    });
  }
  const embedder = await createTransformersEmbedder({ modelsDir, modelId, quantized });
  await embedder.embed('memoryd verifies the downloaded model.');
  return { embedderId: embedder.id, dims: embedder.dims, directory };
}
