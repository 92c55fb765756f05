/** A command module under `src/eval` or `src/bench`: parses its own argv, returns an exit code. */
export interface NamedCommand {
  run(argv: string[]): Promise<number>;
}

type Loader = () => Promise<NamedCommand>;

/**
 * Dispatches `<kind> <name> [args…]` to the module registered under `name`; an unknown
 * name is refused naming it as a `noun` ("evaluation"), with the usage, exit 2, and
 * `--help`/`-h` prints the usage, exit 0. With `runAllWhenEmpty`, no name runs those
 * commands in turn (the exit code is the worst).
 */
export async function runNamed(
  kind: string,
  registry: Record<string, Loader>,
  argv: string[],
  options: { noun: string; runAllWhenEmpty?: string[] },
): Promise<number> {
  const [name, ...rest] = argv;
  const names = Object.keys(registry);
  const usage = `usage: npm run ${kind} -- <${names.join('|')}> [args…]\n`;
  if (name === '--help' || name === '-h') {
    process.stdout.write(usage);
    return 0;
  }
  if (name === undefined && options.runAllWhenEmpty) {
    let worst = 0;
    for (const each of options.runAllWhenEmpty) {
      const loader = loaderNamed(registry, each);
      if (loader) worst = Math.max(worst, await (await loader()).run([]));
    }
    return worst;
  }
  const loader = name === undefined ? undefined : loaderNamed(registry, name);
  if (!loader) {
    const problem = name === undefined ? '' : `${kind}: unknown ${options.noun} ${JSON.stringify(name)} (the ${options.noun}s are ${names.join(', ')})\n`;
    process.stderr.write(`${problem}${usage}`);
    return 2;
  }
  return (await loader()).run(rest);
}

// Only the registry's own names: `constructor` or `toString` is an unknown name, not Object.prototype's.
function loaderNamed(registry: Record<string, Loader>, name: string): Loader | undefined {
  return Object.hasOwn(registry, name) ? registry[name] : undefined;
}
