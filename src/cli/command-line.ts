import { parseArgs, type ParseArgsConfig } from 'node:util';
import { AppError, messageOf } from '../errors.js';

/** What a command accepts: node's `parseArgs` configuration, always strict. */
export type CommandLineConfig = Omit<ParseArgsConfig, 'args' | 'strict' | 'tokens'>;

type Options = NonNullable<ParseArgsConfig['options']>;

/** The values and positionals `parseArgs` gives for `config`. */
export type CommandLine<T extends CommandLineConfig> = ReturnType<typeof parseArgs<T & { args: string[] }>>;

/**
 * node's strict `parseArgs`, with memoryd's own one-line messages for a bad command line
 * (node's messages advise quoting the option after `--`, which misleads under `npm run … --`, and
 * some span three lines).
 */
export function parseCommandLine<T extends CommandLineConfig>(
  argv: readonly string[],
  config: T,
): { ok: true; parsed: CommandLine<T> } | { ok: false; error: string } {
  const problem = commandLineProblem(argv, config);
  if (problem !== null) return { ok: false, error: problem };
  try {
    return { ok: true, parsed: parseArgs({ ...config, args: [...argv] }) };
  } catch (error) {
    // Only what commandLineProblem does not foresee gets here: node's first line, never its hints.
    return { ok: false, error: messageOf(error).split('\n')[0] ?? '' };
  }
}

/** A command as its command line is read: what starts its messages, and its usage. */
export interface Command {
  /** Starts each of its messages: "layout bench", "facts eval", "memoryd job". */
  name: string;
  /** Ends in a newline. */
  usage: string;
}

/** Where a command writes: its output on stdout, its messages on stderr. */
export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** A bad command line: the command prints it with its usage and exits 2, before any work. */
export class UsageError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('INVALID_REQUEST', message, options);
  }
}

/** `parseCommandLine`'s parse, or a UsageError saying what is wrong. */
export function parseOrRefuse<T extends CommandLineConfig>(argv: readonly string[], config: T): CommandLine<T> {
  const result = parseCommandLine(argv, config);
  if (!result.ok) throw new UsageError(result.error);
  return result.parsed;
}

/** A command that ends before its work, with its exit code: 0 after its usage was asked for, 2 after a usage error. */
export class CommandExit {
  constructor(readonly code: 0 | 2) {}
}

/**
 * Reads a command line with `parse`. -h or --help anywhere before a `--` asks for the usage,
 * whatever else the line holds: it is printed on stdout. A UsageError prints "<name>: <message>"
 * and the usage on stderr. Either way a CommandExit says how the command ends. Any other error
 * is a fault, not the user's, and goes on.
 */
export function readCommandArgs<A>(
  command: Command,
  argv: readonly string[],
  parse: (argv: readonly string[]) => A,
  io: CommandIo = process,
): A | CommandExit {
  try {
    if (!asksForHelp(argv)) return parse(argv);
    io.stdout.write(command.usage);
    return new CommandExit(0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`${command.name}: ${error.message}\n${command.usage}`);
    return new CommandExit(2);
  }
}

/** The edge of a command: for a data, model or daemon error, "<name>: <context><message>" ("facts eval: …") is the whole report. */
export function reportCommandFailure(command: Command, error: unknown, context = '', io: Pick<CommandIo, 'stderr'> = process): void {
  io.stderr.write(`${command.name}: ${context}${messageOf(error)}\n`);
}

// Whether -h or --help stands before any `--`. No command has a value that could be either: the
// parse refuses an option's value that starts with "-" unless it is joined (`--data=-h`), and a
// positional "-h" can only come after `--`. `--help=<value>` is refused as a boolean's value would be,
// rather than as an unknown option.
function asksForHelp(argv: readonly string[]): boolean {
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (options.includes('--help') || options.includes('-h')) return true;
  if (options.some((arg) => arg.startsWith('--help='))) throw new UsageError('--help takes no value');
  return false;
}

function commandLineProblem(argv: readonly string[], config: CommandLineConfig): string | null {
  const options: Options = config.options ?? {};
  // node splits argv into tokens from argv and the options alone, before any check, so these are the
  // tokens the strict parse checks; the checks below are its checks, in its order. allowNegative is
  // left out on purpose: it changes no token, but the non-strict parse then renames `--no-x` to `x`
  // as it stores it, and strict mode checks the name as written (optionNamed resolves the `no-`).
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional' && config.allowPositionals !== true) return `unexpected argument ${token.value} (${takesOnly(options)})`;
    if (token.kind !== 'option') continue;
    const option = optionNamed(token.name, options, config.allowNegative === true);
    if (option === undefined) return `unknown option ${token.rawName} (${takes(options)})`;
    if (option.type === 'boolean' && token.value !== undefined) return `${token.rawName} takes no value`;
    if (option.type === 'string' && token.value === undefined) return `${token.rawName} needs a value`;
    if (option.type === 'string' && token.inlineValue === false && isOptionLike(token.value)) {
      // A short option's value follows it directly: node reads `-t=-a` as the value "=-a".
      const written = token.rawName.startsWith('--') ? `${token.rawName}=${token.value}` : `${token.rawName}${token.value}`;
      return `${token.rawName} needs a value, not ${token.value} (for a value that starts with "-", write ${written})`;
    }
  }
  return null;
}

// The option a token names, as strict mode finds it: its own entry, else with allowNegative `no-<name>` for a boolean `<name>`.
function optionNamed(name: string, options: Options, allowNegative: boolean): Options[string] | undefined {
  if (Object.hasOwn(options, name)) return options[name];
  if (!allowNegative || !name.startsWith('no-')) return undefined;
  const negated = name.slice('no-'.length);
  const option = Object.hasOwn(options, negated) ? options[negated] : undefined;
  return option?.type === 'boolean' ? option : undefined;
}

// A value strict mode takes for a forgotten one (`--data --json`); a lone "-" (stdin, say) is a value.
function isOptionLike(value: string | undefined): boolean {
  return value !== undefined && value.length > 1 && value.startsWith('-');
}

function takes(options: Options): string {
  const names = optionNames(options);
  return names === '' ? 'it takes no options' : `it takes ${names}`;
}

function takesOnly(options: Options): string {
  const names = optionNames(options);
  return names === '' ? 'it takes no arguments' : `it takes only options: ${names}`;
}

function optionNames(options: Options): string {
  return Object.entries(options)
    .map(([name, option]) => `--${name}${option.short === undefined ? '' : `/-${option.short}`}`)
    .join(', ');
}
