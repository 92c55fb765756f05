import { join } from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { run as layoutBench } from '../../src/bench/layout-bench.js';
import { CommandExit, parseCommandLine, parseOrRefuse, readCommandArgs, type CommandLineConfig } from '../../src/cli/command-line.js';
import { runFetchModelCli } from '../../src/cli/fetch-model-cli.js';
import { runBackupCli } from '../../src/cli/backup-cli.js';
import { runInspectFacts } from '../../src/cli/inspect-facts.js';
import { runMakeTinyModelCli } from '../../src/cli/make-tiny-model-cli.js';
import { runJobCli, type CliIo } from '../../src/cli/run-job-cli.js';
import { runNamed } from '../../src/cli/run-named.js';
import { runStart } from '../../src/cli/start.js';
import { runTokenBoxCli } from '../../src/cli/token-box-cli.js';
import { run as factsEval } from '../../src/eval/facts-eval.js';
import { BENCH_USAGE, dispatchBench } from '../helpers/named-dispatch.js';
import { captureCommandOutput, captureProcessOutput, runScript } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-command-line-');
afterAll(() => temp.remove());

// Whether node's own strict parseArgs takes `argv` under `config`.
function nodeAccepts(argv: readonly string[], config: CommandLineConfig): boolean {
  try {
    parseArgs({ ...config, args: [...argv], strict: true });
    return true;
  } catch {
    return false;
  }
}

type OptionConfig = NonNullable<CommandLineConfig['options']>[string];

// Names that negate each other (`color`, `no-color`), Object.prototype's (`constructor`), and shorts
// some of them share, so that every rule of the strict parse meets every other.
const NAMES = ['color', 'no-color', 'data', 'no-data', 'tag', 'constructor'] as const;
const SHORTS = ['c', 'd', 't', 'n'] as const;

const optionConfig: fc.Arbitrary<OptionConfig> = fc.record(
  { type: fc.constantFrom('string' as const, 'boolean' as const), short: fc.constantFrom(...SHORTS), multiple: fc.boolean() },
  { requiredKeys: ['type'] },
);

const config: fc.Arbitrary<CommandLineConfig> = fc.record(
  {
    options: fc.dictionary(fc.constantFrom(...NAMES), optionConfig, { maxKeys: 4 }),
    allowPositionals: fc.boolean(),
    allowNegative: fc.boolean(),
  },
  { requiredKeys: [] },
);

// A config, and a command line made mostly of its own options (each with or without a value, negated, grouped), so that about half are accepted.
const commandLine: fc.Arbitrary<[string[], CommandLineConfig]> = config.chain((each) => {
  const options = Object.values(each.options ?? {});
  const names = [...Object.keys(each.options ?? {}), 'x'];
  const shorts = [...options.flatMap((option) => option.short ?? []), 'x'];
  const arg = fc.oneof(
    fc.tuple(fc.constantFrom('--', '--no-'), fc.constantFrom(...names), fc.constantFrom('', '', '=v', '=', '=-v')).map((parts) => parts.join('')),
    fc.tuple(fc.constantFrom(...shorts), fc.constantFrom('', '', 'v', '-v', '=-v', ...shorts)).map(([short, rest]) => `-${short}${rest}`),
    // Values, a lone "-" among them, the terminator, and names only Object.prototype has.
    fc.constantFrom('v', '-', '-v', '--v', '--', '---', '--=v', '--toString', '--__proto__'),
  );
  return fc.tuple(fc.array(arg, { maxLength: 4 }), fc.constant(each));
});

describe('parseCommandLine', () => {
  it('accepts exactly the command lines node’s strict parseArgs accepts, and refuses each in words of its own', () => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(commandLine, ([argv, each]) => {
        const result = parseCommandLine(argv, each);
        expect(result.ok).toBe(nodeAccepts(argv, each));
        seen[result.ok ? 'accepted' : 'refused'] += 1;
        // Never node's message, which comes only when the check before the parse missed a case.
        if (!result.ok) expect(result.error).not.toMatch(/^(Option '|Unknown option '|Unexpected argument ')/);
      }),
      { numRuns: 3000 },
    );
    // Command lines of both kinds, many of each: a generator that made only bad ones would prove nothing.
    expect(Math.min(seen.accepted, seen.refused)).toBeGreaterThan(500);
  });

  it.each([
    ['a lone "-" as a value', ['--data', '-'], { options: { data: { type: 'string' } } }, { data: '-' }],
    ['a lone "-" as a short option’s value', ['-d', '-'], { options: { data: { type: 'string', short: 'd' } } }, { data: '-' }],
    ['--no-<boolean> with allowNegative', ['--no-color'], { options: { color: { type: 'boolean' } }, allowNegative: true }, { color: false }],
  ] as const)('takes %s, as node does', (_, argv, options, values) => {
    const result = parseCommandLine(argv, options);
    expect(result.ok && { ...result.parsed.values }).toEqual(values);
  });

  it.each([
    ['--no-<string>, even with allowNegative', ['--no-data'], { options: { data: { type: 'string' } }, allowNegative: true }, 'unknown option --no-data (it takes --data)'],
    ['--no-<boolean> without allowNegative', ['--no-color'], { options: { color: { type: 'boolean' } } }, 'unknown option --no-color (it takes --color)'],
    ['a value to a negated boolean', ['--no-color=yes'], { options: { color: { type: 'boolean' } }, allowNegative: true }, '--no-color takes no value'],
    ['an own --no-<string> without its value', ['--no-data'], { options: { 'no-data': { type: 'string' } }, allowNegative: true }, '--no-data needs a value'],
    [
      'a long option followed by one',
      ['--tag', '-a'],
      { options: { tag: { type: 'string', short: 't' } } },
      'needs a value, not -a (for a value that starts with "-", write --tag=-a)',
    ],
    ['a short option followed by one', ['-t', '-a'], { options: { tag: { type: 'string', short: 't' } } }, 'needs a value, not -a (for a value that starts with "-", write -t-a)'],
  ] as const)('refuses %s', (_, argv, options, error) => {
    const result = parseCommandLine(argv, options);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(new RegExp(`${error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  it('hints only forms node reads as the value meant', () => {
    const options = { tag: { type: 'string', short: 't' } } as const;
    for (const argv of [['--tag', '-a'], ['-t', '-a']]) {
      const result = parseCommandLine(argv, { options });
      const written = !result.ok ? /write (\S+)\)$/.exec(result.error)?.[1] : undefined;
      expect(written).toBeDefined();
      expect(parseArgs({ args: [written ?? ''], options, strict: true }).values.tag).toBe('-a');
    }
  });
});

type Outcome = { value: number; stdout: string; stderr: string };

// A command that writes on the process's streams, or one handed its streams (a data dir of its own, never the default), run in this process.
const onProcess = (run: (argv: string[]) => Promise<number>) => (argv: string[]) => captureProcessOutput(() => run(argv));
const onIo = (run: (argv: string[], io: CliIo) => Promise<number>) => (argv: string[]) =>
  captureCommandOutput((io) => run(argv, { ...io, env: { MEMORYD_DATA_DIR: temp.dir }, cwd: temp.dir }));

// Each command, and a line it refuses for more than one reason.
const EVERY_KIND_OF_COMMAND: Array<[string, (argv: string[]) => Promise<Outcome>, string[]]> = [
  ['npm run job', onIo(runJobCli), ['nope', 'now', '--bogus']],
  ['npm run token-box', onIo(runTokenBoxCli), ['a.json', 'b.json', '--bogus']],
  ['npm run inspect-facts', onIo(runInspectFacts), ['--domain', 'hobbies', '--bogus']],
  ['npm run backup', onIo(runBackupCli), ['a.db', 'b.db', '--bogus']],
  ['npm run fetch-model', onIo(runFetchModelCli), ['--model', 'foo', 'models']],
  ['npm run make-tiny-model', onIo(runMakeTinyModelCli), ['a', 'b', '--seed']],
  ['npm run bench -- layout', onProcess(layoutBench), ['--quick', 'fast', '--bogus']],
  ['npm run eval -- facts', onProcess(factsEval), ['--examples', 'many', '--bogus']],
  ['npm run bench', onProcess((argv) => runNamed('bench', { layout: async () => ({ run: layoutBench }) }, argv, { noun: 'benchmark' })), ['--bogus']],
  // A line it refuses never starts a daemon; the data dir is a scratch one should it do so.
  ['npm start', onProcess((argv) => runStart(argv, { MEMORYD_DATA_DIR: join(temp.dir, 'start') }, temp.dir)), ['now', '--bogus']],
];

describe('-h/--help, one rule for every command', () => {
  it.each(EVERY_KIND_OF_COMMAND)('%s prints its usage on stdout for -h or --help anywhere before `--`, whatever else the line holds (exit 0)', async (_, run, wrong) => {
    const usage = (await run(['--help'])).stdout;
    expect(usage).toMatch(/^usage: npm (run|start) /);
    expect(await run(wrong)).toMatchObject({ value: 2, stdout: '' });
    for (const argv of [[...wrong, '--help'], ['-h', ...wrong], [...wrong.slice(0, 1), '-h', ...wrong.slice(1)]]) {
      expect(await run(argv)).toEqual({ value: 0, stdout: usage, stderr: '' });
    }
  });

  it('npm start refuses what it does not take as every command does, one line naming it, then the usage (exit 2)', async () => {
    const start = onProcess((argv) => runStart(argv, { MEMORYD_DATA_DIR: join(temp.dir, 'start') }, temp.dir));
    for (const [argv, message] of [
      [['--bogus'], 'unknown option --bogus (it takes --verbose/-v)'],
      [['now'], 'unexpected argument now (it takes only options: --verbose/-v)'],
      [['--verbose=yes'], '--verbose takes no value'],
    ] as const) {
      const { value, stdout, stderr } = await start([...argv]);
      expect({ value, stdout }).toEqual({ value: 2, stdout: '' });
      expect(stderr).toMatch(new RegExp(`^memoryd: ${message.replace(/[()/]/g, '\\$&')}\nusage: npm start `));
    }
  });

  it('reads -h and --help after `--` as the command’s own arguments', () => {
    const command = { name: 'x', usage: 'usage: x\n' };
    const positionals = (argv: readonly string[]) => parseOrRefuse(argv, { allowPositionals: true }).positionals;
    expect(readCommandArgs(command, ['--', '--help', '-h'], positionals)).toEqual(['--help', '-h']);
  });

  it('refuses --help=<value> as a flag that takes no value, not as an unknown option (exit 2)', async () => {
    const { value, stdout, stderr } = await captureCommandOutput(async (io) => readCommandArgs({ name: 'x', usage: 'usage: x\n' }, ['--help=yes'], () => 'ran', io));
    expect({ value, stdout, stderr }).toEqual({ value: new CommandExit(2), stdout: '', stderr: 'x: --help takes no value\nusage: x\n' });
  });
});

const dispatch = dispatchBench;

const USAGE = BENCH_USAGE;

describe('runNamed', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])('refuses %s, a name only Object.prototype has, as an unknown one (exit 2)', async (name) => {
    expect(await dispatch([name])).toEqual({
      code: 2,
      stdout: '',
      stderr: `bench: unknown benchmark ${JSON.stringify(name)} (the benchmarks are layout, context)\n${USAGE}`,
      ran: [],
    });
  });

  it.each([['--help'], ['-h'], ['--help', 'layout'], ['--bogus', '--help'], ['-h', 'nope']])('prints the usage for %j on stdout and runs nothing (exit 0)', async (...argv) => {
    expect(await dispatch(argv, ['layout', 'context'])).toEqual({ code: 0, stdout: USAGE, stderr: '', ran: [] });
  });

  it('leaves -h/--help after the name to the named command', async () => {
    expect(await dispatch(['layout', '--bogus', '--help'])).toEqual({ code: 0, stdout: '', stderr: '', ran: ['layout --bogus --help'] });
  });

  it('says a name is needed, and which there are, when none is given and nothing runs without one (exit 2)', async () => {
    expect(await dispatch([])).toEqual({ code: 2, stdout: '', stderr: `bench: no benchmark given (the benchmarks are layout, context)\n${USAGE}`, ran: [] });
  });

  it('runs the named command with the rest of the arguments, and all of runAllWhenEmpty with none', async () => {
    expect(await dispatch(['context', '--turns', '5'])).toMatchObject({ code: 0, ran: ['context --turns 5'] });
    expect(await dispatch([], ['layout', 'context'])).toMatchObject({ code: 0, ran: ['layout', 'context'] });
  });
});

describe('npm run bench', () => {
  const bench = (args: string[]) => runScript('bench', args);

  it('names constructor an unknown benchmark, without a stack (exit 2)', () => {
    const result = bench(['constructor']);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^bench: unknown benchmark "constructor" \(the benchmarks are layout, [^\n]*\)\nusage: npm run bench -- <layout\|[^\n]*\n$/);
  });

  it('prints the usage for --help, running no benchmark (exit 0)', () => {
    expect(bench(['--help'])).toEqual({ code: 0, stdout: expect.stringMatching(/^usage: npm run bench -- <layout\|[^\n]*\n$/), stderr: '' });
  });
});
