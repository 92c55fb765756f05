import { describe, expect, it } from 'vitest';
import { BENCH_USAGE, dispatchBench } from '../helpers/named-dispatch.js';
import { runScript } from '../helpers/process-output.js';

const dispatch = (argv: string[]) => dispatchBench(argv, ['layout']);

const USAGE = BENCH_USAGE;

describe('runNamed, -h/--help anywhere before `--`', () => {
  const lines = [['nope', '--help'], ['nope', 'more', '-h'], ['--turns', '5', '--help'], ['--bogus', 'nope', '-h', '--', 'x']];
  it.each(lines.map((argv) => [argv]))('prints its usage for %j on stdout and runs nothing (exit 0)', async (argv) => {
    expect(await dispatch(argv)).toEqual({ code: 0, stdout: USAGE, stderr: '', ran: [] });
  });

  it('reads a --help after `--` as no help: the unknown name is refused (exit 2)', async () => {
    expect(await dispatch(['nope', '--', '--help'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `bench: unknown benchmark "nope" (the benchmarks are layout, context)\n${USAGE}`,
      ran: [],
    });
  });

  it('still leaves -h/--help after a registered name to that command', async () => {
    expect(await dispatch(['layout', '--help'])).toEqual({ code: 0, stdout: '', stderr: '', ran: ['layout --help'] });
  });
});

describe('npm run bench and npm run eval with --help after what is not a name', () => {
  it.each([
    ['bench', ['bogus', '--help']],
    ['eval', ['x', '--help']],
    ['eval', ['--examples', '5', '--help']],
  ] as const)('npm run %s -- %j prints the usage on stdout, running nothing (exit 0)', (script, args) => {
    expect(runScript(script, args)).toEqual({ code: 0, stdout: expect.stringMatching(new RegExp(`^usage: npm run ${script} -- <[^\\n]*\\n$`)), stderr: '' });
  });
});
