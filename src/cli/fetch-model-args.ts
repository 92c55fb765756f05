import { resolve } from 'node:path';
import type { Config } from '../config/config.js';
import { modelIdProblem, MODEL_ID_FORM } from '../embeddings/model-files.js';
import { parseOrRefuse, UsageError } from './command-line.js';

export const FETCH_MODEL_USAGE = `usage: npm run fetch-model -- [--models-dir <dir>] [--model <owner/name>] [--force]

Downloads the embedding model once (needs the internet: the Hugging Face hub) and checks
that it loads offline; the daemon then uses it instead of the hashing fallback. A model
already complete on disk is only checked.

  --models-dir <dir>   where to put it (default MEMORYD_MODELS_DIR, <MEMORYD_DATA_DIR>/models)
  --model <id>         which model, ${MODEL_ID_FORM}
                       (default MEMORYD_EMBEDDING_MODEL)
  --force              download the whole model again into a staging folder and,
                       once it loads, let it replace the copy on disk (repairs a
                       truncated or corrupt file; a failed download keeps the old copy;
                       a folder without config.json is never replaced)
  -h, --help           this help
`;

/** The command line as given; what is not given comes from the daemon's settings (`fetchModelTarget`). */
export interface FetchModelFlags {
  force: boolean;
  modelsDir?: string;
  modelId?: string;
}

/** Parses `npm run fetch-model`'s arguments without reading any setting; throws a UsageError saying what is wrong with them. */
export function parseFetchModelArgs(argv: readonly string[]): FetchModelFlags {
  const { values } = parseOrRefuse(argv, {
    options: { 'models-dir': { type: 'string' }, model: { type: 'string' }, force: { type: 'boolean' } },
  });
  const modelId = values.model;
  if (modelId !== undefined) {
    const problem = modelIdProblem(modelId);
    if (problem !== null) throw new UsageError(`--model must be ${MODEL_ID_FORM} (got ${JSON.stringify(modelId)}: ${problem})`);
  }
  return {
    force: values.force === true,
    ...(values['models-dir'] === undefined ? {} : { modelsDir: values['models-dir'] }),
    ...(modelId === undefined ? {} : { modelId }),
  };
}

/** Where the model goes and which one: the flags, else the daemon's own settings, so it lands where the daemon looks. */
export function fetchModelTarget(flags: FetchModelFlags, config: Pick<Config, 'modelsDir' | 'embeddingModel'>, cwd: string): { modelsDir: string; modelId: string } {
  return {
    modelsDir: flags.modelsDir === undefined ? config.modelsDir : resolve(cwd, flags.modelsDir),
    modelId: flags.modelId ?? config.embeddingModel,
  };
}
