import { describe, expect, it } from 'vitest';
import { run as cache } from '../../src/bench/cache-bench.js';
import { run as context } from '../../src/bench/context-bench.js';
import { run as facts } from '../../src/bench/facts-bench.js';
import { run as hotPath } from '../../src/bench/hot-path-bench.js';
import { run as layout } from '../../src/bench/layout-bench.js';
import { run as load } from '../../src/bench/load-bench.js';
import { run as start } from '../../src/bench/start-bench.js';
import { readCommandArgs } from '../../src/cli/command-line.js';
import { captureProcessOutput } from '../helpers/process-output.js';

const BENCHES = { cache, context, facts, 'hot-path': hotPath, layout, load, start };

// `npm run bench -- <name> …` in this process, its stdout and stderr captured.
async function bench(name: keyof typeof BENCHES, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { value: code, stdout, stderr } = await captureProcessOutput(() => BENCHES[name](argv));
  return { code, stdout, stderr };
}

describe('npm run bench: a bad command line', () => {
  it.each([
    // layout's cases keep --quick, so that code which ignored the rest would only run the quick bench.
    ['layout', ['--quick', '--bogus'], 'unknown option --bogus (it takes --quick)'],
    ['layout', ['--quick', 'fast'], 'unexpected argument fast (it takes only options: --quick)'],
    ['layout', ['--quick', '--help=yes'], '--help takes no value'],
    ['context', ['--bogus'], 'unknown option --bogus (it takes --turns, --seed, --warmup, --no-locomo, --cpu-prof)'],
    ['context', ['--cpu-prof'], '--cpu-prof needs a value'],
    ['context', ['--turns', '0'], "--turns must be a positive integer, got '0'"],
    ['context', ['--turns', '1e4'], "--turns must be a positive integer, got '1e4'"],
    ['context', ['--seed', '99999999999999999999'], "--seed must be an integer, got '99999999999999999999'"],
    ['load', ['--bogus'], 'unknown option --bogus (it takes --seconds, --clients, --health-every)'],
    ['load', ['--clients'], '--clients needs a value'],
    ['load', ['--seconds', '0'], "--seconds must be a positive number, got '0'"],
    ['load', ['--seconds', 'Infinity'], "--seconds must be a positive number, got 'Infinity'"],
    ['load', ['--seconds', '0x10'], "--seconds must be a positive number, got '0x10'"],
    ['load', ['--clients', ' 2'], "--clients must be a positive integer, got ' 2'"],
    ['cache', ['--bogus'], 'unknown option --bogus (it takes --sizes, --calls)'],
    ['cache', ['--calls'], '--calls needs a value'],
    ['cache', ['--sizes', '10,x'], "--sizes must be positive integers separated by commas, got '10,x'"],
    ['hot-path', ['--bogus'], 'unknown option --bogus (it takes --turns, --seed, --warmup, --pause-ms)'],
    ['hot-path', ['--turns'], '--turns needs a value'],
    ['hot-path', ['--pause-ms=-1'], "--pause-ms must be a non-negative number of milliseconds, got '-1'"],
    ['hot-path', ['--pause-ms='], "--pause-ms must be a non-negative number of milliseconds, got ''"],
    ['facts', ['--bogus'], 'unknown option --bogus (it takes --sizes, --messages, --seed)'],
    ['facts', ['--seed'], '--seed needs a value'],
    ['facts', ['--messages', '10'], "--messages must be an integer over 50, got '10'"],
    ['start', ['--bogus'], 'unknown option --bogus (it takes --runs, --calls, --pause-ms, --seed)'],
    ['start', ['--runs'], '--runs needs a value'],
    ['start', ['--calls', '0'], "--calls must be a positive integer, got '0'"],
  ] as const)('%s %j: one line of our own, then the usage, exit 2, before any work', async (name, argv, message) => {
    const { code, stdout, stderr } = await bench(name, [...argv]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    const [first, usage, ...rest] = stderr.split('\n');
    expect(first).toBe(`${name} bench: ${message}`);
    expect(usage).toMatch(new RegExp(`^usage: npm run bench -- ${name}( |$)`));
    expect(rest).toEqual(['']);
  });

  it('is only a usage error: any other error while reading the arguments goes up as it is', () => {
    const bug = new TypeError('not a usage problem');
    expect(() =>
      readCommandArgs({ name: 'x bench', usage: 'usage: x\n' }, [], () => {
        throw bug;
      }),
    ).toThrow(bug);
  });
});

describe('npm run bench -- <name> --help', () => {
  it.each(Object.keys(BENCHES) as Array<keyof typeof BENCHES>)('%s prints its usage on stdout and exits 0 without running', async (name) => {
    // --quick keeps layout quick, should --help be ignored.
    const { code, stdout, stderr } = await bench(name, name === 'layout' ? ['--quick', '-h'] : ['--help']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(new RegExp(`^usage: npm run bench -- ${name}( |\\n)[^\\n]*\\n$`));
  });
});
