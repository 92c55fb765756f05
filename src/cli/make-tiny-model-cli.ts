import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeTinyModel } from '../embeddings/tiny-model.js';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, UsageError, type Command } from './command-line.js';
import type { CliIo } from './run-job-cli.js';

export const MAKE_TINY_MODEL_USAGE = `usage: npm run make-tiny-model -- <dir>

Writes memoryd/tiny-bert under <dir>: a tiny BERT-shaped model with random (seeded)
weights, the one the tests load. Its vectors are valid but meaningless: for tests and
trying the model path out, never for real use. Prints the settings that load it.
`;

const MAKE_TINY_MODEL: Command = { name: 'make-tiny-model', usage: MAKE_TINY_MODEL_USAGE };

// What a POSIX shell takes unquoted.
const SHELL_SAFE = /^[\w@%+=:,./-]+$/;

/**
 * `npm run make-tiny-model -- <dir>`: writes the tiny model, then prints the MEMORYD_*
 * settings that make the daemon load it. Returns the exit code: 0, 1 (it cannot be
 * written there; one line, no stack), 2 (usage).
 */
export async function runMakeTinyModelCli(argv: string[], io: Pick<CliIo, 'cwd' | 'stdout' | 'stderr'>): Promise<number> {
  const target = readCommandArgs(MAKE_TINY_MODEL, argv, parseTarget, io);
  if (target instanceof CommandExit) return target.code;
  const dir = resolve(io.cwd, target);
  const problem = notADirectory(dir);
  if (problem !== null) {
    reportCommandFailure(MAKE_TINY_MODEL, problem, `cannot write the model under ${dir}: `, io);
    return 1;
  }
  let modelId: string;
  try {
    ({ modelId } = await writeTinyModel(dir));
  } catch (error) {
    reportCommandFailure(MAKE_TINY_MODEL, error, `cannot write the model under ${dir}: `, io);
    return 1;
  }
  io.stdout.write(
    `wrote ${modelId} under ${dir}\n` +
      `the daemon loads it with: MEMORYD_MODELS_DIR=${shellWord(dir)} MEMORYD_EMBEDDING_MODEL=${modelId} MEMORYD_EMBEDDER=transformers npm start\n`,
  );
  return 0;
}

// The one directory the arguments name; throws a UsageError saying what is wrong with them.
function parseTarget(argv: readonly string[]): string {
  const { positionals } = parseOrRefuse(argv, { allowPositionals: true });
  const [target, ...extra] = positionals;
  if (target === undefined) throw new UsageError('no directory given');
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra.join(' ')}`);
  return target;
}

function notADirectory(dir: string): string | null {
  try {
    return statSync(dir).isDirectory() ? null : 'it is a file, not a directory';
  } catch {
    // Absent: it is made. Anything else, writing reports.
    return null;
  }
}

function shellWord(text: string): string {
  return SHELL_SAFE.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
