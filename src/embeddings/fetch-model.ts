import { AppError, messageOf } from '../errors.js';
import { DEFAULT_MODEL_ID, missingModelFiles, modelDirectory, modelIdProblem, MODEL_ID_FORM, repairModelHint } from './model-files.js';
import { assertReplaceableModel, createStagingArea, OldCopyStranded, type Remove, type Rename, type StagingArea } from './model-swap.js';
import { createTransformersEmbedder, downloadTransformersModel, type DownloadProgress } from './transformers-embedder.js';

const REMOTE_HOST = 'https://huggingface.co/';
const REACHABILITY_TIMEOUT_MS = 10_000;

export interface FetchModelOptions {
  modelsDir: string;
  modelId?: string;
  quantized?: boolean;
  /**
   * Download every file again into a staging folder and, once that copy loads, let it replace
   * the model's directory (repairs a truncated or corrupt file; a failure keeps the old one).
   */
  force?: boolean;
  onProgress?: (event: DownloadProgress) => void;
  /** How `force` moves the copies: the file system's rename unless a test makes it fail. */
  rename?: Rename;
  /** How `force` deletes its staging folder: the file system's unless a test makes it fail. */
  remove?: Remove;
}

/** A staging folder `force` could not delete once the fresh copy was in place, and why. */
export interface LeftoverFolder {
  path: string;
  reason: string;
}

export interface FetchedModel {
  embedderId: string;
  dims: number;
  directory: string;
  /** False when the model was already complete on disk and loaded, so nothing was downloaded. */
  downloaded: boolean;
  /** `force`'s staging folder when it could not be deleted after the swap (with why), else absent: the model is in place either way. */
  leftover?: LeftoverFolder;
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
 * verifies them (offline); otherwise downloads what is missing, then verifies by loading
 * it offline and embedding one sentence. With `force` it downloads a whole fresh copy
 * into a staging folder inside the models dir and, once that copy loads, swaps it in for
 * the old one, which stays untouched when anything fails (unless, the swap failing, it
 * cannot be moved back either: `OldCopyStranded` then says where both copies are kept).
 * Throws an `EMBEDDER` AppError when the host is unreachable, a download fails, or the
 * model does not load (saying how to repair it), and `CONFIG_INVALID` for a model id that
 * is not owner/name or, with `force`, a directory that does not look like a model (no
 * config.json).
 */
export async function fetchModel(options: FetchModelOptions): Promise<FetchedModel> {
  const modelId = options.modelId ?? DEFAULT_MODEL_ID;
  const problem = modelIdProblem(modelId);
  if (problem !== null) throw new AppError('CONFIG_INVALID', `model id must be ${MODEL_ID_FORM} (got ${JSON.stringify(modelId)}: ${problem})`);
  const quantized = options.quantized ?? true;
  const { modelsDir } = options;
  const directory = modelDirectory(modelsDir, modelId);
  const download = { modelId, quantized, ...(options.onProgress ? { onProgress: options.onProgress } : {}) };
  if (options.force === true) {
    await assertReplaceableModel(directory, modelId);
    await assertReachable(modelId);
    return { ...(await replaceModel(modelsDir, directory, download, options)), directory, downloaded: true };
  }
  if ((await missingModelFiles(modelsDir, modelId, quantized)).length === 0) {
    return { ...(await verify(modelsDir, modelId, quantized, onDiskFailure(modelsDir, modelId))), directory, downloaded: false };
  }
  await assertReachable(modelId);
  return { ...(await downloadAndVerify(modelsDir, download, onDiskFailure(modelsDir, modelId))), directory, downloaded: true };
}

type Download = { modelId: string; quantized: boolean; onProgress?: (event: DownloadProgress) => void };

// What to say when a model does not load, given why.
type LoadFailure = (cause: string) => string;

function onDiskFailure(modelsDir: string, modelId: string): LoadFailure {
  return (cause) => `model ${modelId} is on disk but does not load (${cause}); ${repairModelHint(modelsDir, modelId)}`;
}

async function downloadAndVerify(modelsDir: string, download: Download, failure: LoadFailure): Promise<{ embedderId: string; dims: number }> {
  const { modelId, quantized } = download;
  await downloadTransformersModel({ modelsDir, ...download });
  // transformers.js only warns when its file cache cannot write, so check the result.
  const missing = await missingModelFiles(modelsDir, modelId, quantized);
  if (missing.length > 0) {
    throw new AppError('EMBEDDER', `download of ${modelId} left files missing in ${modelDirectory(modelsDir, modelId)}: ${missing.join(', ')}`, {
      details: { modelId, missing },
    });
  }
  return verify(modelsDir, modelId, quantized, failure);
}

// `--force`: a fresh copy, downloaded and loaded beside the old one before it replaces it.
// Once the swap is done, a staging folder that will not go is reported, not a failure:
// the fresh copy is in place and loads.
async function replaceModel(
  modelsDir: string,
  directory: string,
  download: Download,
  files: { rename?: Rename; remove?: Remove },
): Promise<{ embedderId: string; dims: number; leftover?: LeftoverFolder }> {
  const staging = await createStagingArea(modelsDir, files.rename, files.remove);
  let verified: { embedderId: string; dims: number };
  try {
    verified = await downloadAndVerify(staging.modelsDir, download, (cause) => `the downloaded copy of ${download.modelId} does not load (${cause})`);
    await staging.swapIn(download.modelId, directory);
  } catch (error) {
    // Stranded: the old copy is only in the staging area, which must stay.
    if (error instanceof OldCopyStranded) throw error;
    // What went wrong stays the error; a folder that will not go is only mentioned.
    const leftover = await discardStaging(staging);
    const also = leftover === undefined ? '' : `; its staging folder ${leftover.path} could not be deleted (${leftover.reason}): delete it by hand`;
    throw new AppError('EMBEDDER', `${messageOf(error)}; ${directory} was left as it was${also}`, {
      cause: error,
      details: { modelId: download.modelId, ...(leftover === undefined ? {} : { stagingDir: leftover.path }) },
    });
  }
  const leftover = await discardStaging(staging);
  return leftover === undefined ? verified : { ...verified, leftover };
}

// Deletes the staging area: the folder that would not go, and why, when it stays.
function discardStaging(staging: StagingArea): Promise<LeftoverFolder | undefined> {
  return staging.discard().then(
    () => undefined,
    (error: unknown) => ({ path: staging.modelsDir, reason: messageOf(error) }),
  );
}

async function verify(modelsDir: string, modelId: string, quantized: boolean, failure: LoadFailure): Promise<{ embedderId: string; dims: number }> {
  try {
    const embedder = await createTransformersEmbedder({ modelsDir, modelId, quantized });
    await embedder.embed('memoryd verifies the downloaded model.');
    return { embedderId: embedder.id, dims: embedder.dims };
  } catch (error) {
    throw new AppError('EMBEDDER', failure(messageOf(error)), { cause: error, details: { modelId } });
  }
}
