import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config/config.js';

export const FETCH_MODEL_USAGE = `usage: npm run fetch-model -- [--models-dir <dir>] [--model <owner/name>]

Downloads the embedding model once (needs the internet: the Hugging Face hub) and checks
that it loads offline; the daemon then uses it instead of the hashing fallback.

  --models-dir <dir>   where to put it (default MEMORYD_MODELS_DIR, <MEMORYD_DATA_DIR>/models)
  --model <id>         which model (default MEMORYD_EMBEDDING_MODEL)
  -h, --help           this help
`;

export type FetchModelArgs = { help: true } | { help: false; modelsDir: string; modelId: string };

/**
 * The command line of `npm run fetch-model`, with the daemon's own settings as defaults,
 * so the model lands where the daemon will look for it. Throws on an unknown option.
 */
export function parseFetchModelArgs(argv: string[], config: Pick<Config, 'modelsDir' | 'embeddingModel'>, cwd: string): FetchModelArgs {
  const { values } = parseArgs({
    args: argv,
    options: { 'models-dir': { type: 'string' }, model: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help === true) return { help: true };
  return {
    help: false,
    modelsDir: values['models-dir'] === undefined ? config.modelsDir : resolve(cwd, values['models-dir']),
    modelId: values.model ?? config.embeddingModel,
  };
}
