import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SETTINGS } from '../config/settings.js';
import type { EmbedderPreference } from '../embeddings/select-embedder.js';
import { AppError, messageOf } from '../errors.js';

/** One `npm run eval -- <name>` command: the name its messages start with, and its usage. */
export interface EvalCommand {
  name: string;
  /** The usage line(s), ending in a newline. */
  usage: string;
}

/** A bad command line: the eval prints it with its usage and exits 2. */
export class UsageError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('INVALID_REQUEST', message, options);
  }
}

/** node's `parseArgs` (strict by default) over `argv`; an unknown flag or a missing value is a UsageError. */
export function parseEvalArgs<T extends Omit<ParseArgsConfig, 'args'>>(
  argv: readonly string[],
  config: T,
): ReturnType<typeof parseArgs<T & { args: string[] }>> {
  try {
    return parseArgs({ ...config, args: [...argv] });
  } catch (cause) {
    throw new UsageError(messageOf(cause), { cause });
  }
}

/** `--embedder`'s value as a preference: one of MEMORYD_EMBEDDER's values, else a UsageError. */
export function embedderPreference(raw: string): EmbedderPreference {
  const prefer = SETTINGS.embedder.parse(raw);
  if (prefer === undefined) throw new UsageError(`--embedder must be ${SETTINGS.embedder.allowed}, not ${raw}`);
  return prefer;
}

/**
 * Reads an eval's command line with `parse`. On an error, writes "<name> eval: <message>"
 * and the usage on stderr and returns undefined: the eval then exits 2.
 */
export function readEvalArgs<A>(command: EvalCommand, argv: readonly string[], parse: (argv: readonly string[]) => A): A | undefined {
  try {
    return parse(argv);
  } catch (error) {
    process.stderr.write(`${command.name} eval: ${messageOf(error)}\n${command.usage}`);
    return undefined;
  }
}

/** The edge of a command: for a data or model error, "<name> eval: <message>" is the whole report. */
export function reportEvalFailure(command: EvalCommand, error: unknown, context = ''): void {
  process.stderr.write(`${command.name} eval: ${context}${messageOf(error)}\n`);
}
