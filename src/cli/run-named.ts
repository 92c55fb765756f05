import { CommandExit, readCommandArgs, UsageError, type Command } from './command-line.js';

/** A command module under `src/eval` or `src/bench`: parses its own argv, returns an exit code. */
export interface NamedCommand {
  run(argv: string[]): Promise<number>;
}

type Loader = () => Promise<NamedCommand>;

interface Dispatch {
  /** What the registry's commands are called in messages: "benchmark", "evaluation". */
  noun: string;
  /** The commands run in turn when none is named; without it, a name is needed. */
  runAllWhenEmpty?: string[];
}

/**
 * Dispatches `<kind> <name> [args…]` to the module registered under `name`, on the shared
 * command-line path. When the first argument is a registered name, what follows it is the
 * named command's own line, its -h/--help that command's. Any other line is the
 * dispatcher's: -h/--help anywhere before a `--` prints its usage (exit 0); else an unknown
 * or missing name is refused as "<kind>: …" with the usage (exit 2). With
 * `runAllWhenEmpty`, no name runs those commands in turn (the exit code is the worst).
 */
export async function runNamed(kind: string, registry: Record<string, Loader>, argv: string[], options: Dispatch): Promise<number> {
  const command: Command = { name: kind, usage: `usage: npm run ${kind} -- <${Object.keys(registry).join('|')}> [args…]\n` };
  const [first] = argv;
  const named = first !== undefined && loaderNamed(registry, first) !== undefined;
  const loaders = readCommandArgs(command, named ? [first] : argv, ([name]) => chooseLoaders(registry, name, options));
  if (loaders instanceof CommandExit) return loaders.code;
  const rest = argv.slice(1);
  let worst = 0;
  for (const loader of loaders) worst = Math.max(worst, await (await loader()).run(rest));
  return worst;
}

// The commands `name` (the first argument, whatever it is) runs; throws a UsageError for one the registry lacks.
function chooseLoaders(registry: Record<string, Loader>, name: string | undefined, { noun, runAllWhenEmpty }: Dispatch): Loader[] {
  if (name === undefined && runAllWhenEmpty) return runAllWhenEmpty.flatMap((each) => loaderNamed(registry, each) ?? []);
  const loader = name === undefined ? undefined : loaderNamed(registry, name);
  if (loader) return [loader];
  const names = `(the ${noun}s are ${Object.keys(registry).join(', ')})`;
  throw new UsageError(name === undefined ? `no ${noun} given ${names}` : `unknown ${noun} ${JSON.stringify(name)} ${names}`);
}

// Only the registry's own names: `constructor` or `toString` is an unknown name, not Object.prototype's.
function loaderNamed(registry: Record<string, Loader>, name: string): Loader | undefined {
  return Object.hasOwn(registry, name) ? registry[name] : undefined;
}
