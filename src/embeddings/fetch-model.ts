import { rm } from 'node:fs/promises';
import { AppError } from '../errors.js';
import { DEFAULT_MODEL_ID, missingModelFiles, modelDirectory, modelIdProblem, MODEL_ID_FORM, repairModelHint } from './model-files.js';
import { createTransformersEmbedder, downloadTransformersModel, type DownloadProgress } from './transformers-embedder.js';

const REMOTE_HOST = 'https://huggingface.co/';
const REACHABILITY_TIMEOUT_MS = 10_000;

export interface FetchModelOptions {
  modelsDir: string;
  modelId?: string;
  quantized?: boolean;
  /** Delete the model's directory first and download every file again (repairs a truncated or corrupt file). */
  force?: boolean;
  onProgress?: (event: DownloadProgress) => void;
}

export interface FetchedModel {
  embedderId: string;
  dims: number;
  directory: string;
  /** False when the model was already complete on disk and loaded, so nothing was downloaded. */
  downloaded: boolean;
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
 * Makes a model ready in `<modelsDir>/<modelId>/`: when its files are all there it only
 * verifies them (offline); otherwise, or with `force` (after deleting that directory),
 * downloads what is missing, then verifies by loading it offline and embedding one
 * sentence. Throws an `EMBEDDER` AppError when the host is unreachable, a download
 * fails, or the model does not load (saying how to repair it), and `CONFIG_INVALID`
 * for a model id that is not owner/name.
 */
export async function fetchModel(options: FetchModelOptions): Promise<FetchedModel> {
  const modelId = options.modelId ?? DEFAULT_MODEL_ID;
  const problem = modelIdProblem(modelId);
  if (problem !== null) throw new AppError('CONFIG_INVALID', `model id must be ${MODEL_ID_FORM} (got ${JSON.stringify(modelId)}: ${problem})`);
  const quantized = options.quantized ?? true;
  const { modelsDir } = options;
  const directory = modelDirectory(modelsDir, modelId);
  if (options.force !== true && (await missingModelFiles(modelsDir, modelId, quantized)).length === 0) {
    return { ...(await verify(modelsDir, modelId, quantized)), directory, downloaded: false };
  }
  await assertReachable(modelId);
  if (options.force === true) await rm(directory, { recursive: true, force: true });
  await downloadTransformersModel({ modelsDir, modelId, quantized, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  // transformers.js only warns when its file cache cannot write, so check the result.
  const missing = await missingModelFiles(modelsDir, modelId, quantized);
  if (missing.length > 0) {
    throw new AppError('EMBEDDER', `download of ${modelId} left files missing in ${directory}: ${missing.join(', ')}`, {
      details: { modelId, missing },
    });
  }
  return { ...(await verify(modelsDir, modelId, quantized)), directory, downloaded: true };
}

async function verify(modelsDir: string, modelId: string, quantized: boolean): Promise<{ embedderId: string; dims: number }> {
  try {
    const embedder = await createTransformersEmbedder({ modelsDir, modelId, quantized });
    await embedder.embed('memoryd verifies the downloaded model.');
    return { embedderId: embedder.id, dims: embedder.dims };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError('EMBEDDER', `model ${modelId} is on disk but does not load (${message}); ${repairModelHint(modelsDir, modelId)}`, {
      cause: error,
      details: { modelId },
    });
  }
}
