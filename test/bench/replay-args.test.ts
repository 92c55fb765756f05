import { describe, expect, it } from 'vitest';
import { replayCounts, replayOptions } from '../../src/bench/replay-args.js';
import { parseOrRefuse } from '../../src/cli/command-line.js';

const read = (argv: string[], defaultTurns = 3000) => replayCounts(parseOrRefuse(argv, { options: replayOptions(defaultTurns) }).values);

describe('replay size flags', () => {
  it('default to the given turns, seed 42 and 100 warm-up turns', () => {
    expect(read([], 10_000)).toEqual({ turns: 10_000, seed: 42, warmup: 100 });
  });

  it('keep the warm-up below the turns', () => {
    expect(read(['--turns', '40', '--warmup', '100'])).toEqual({ turns: 40, seed: 42, warmup: 39 });
  });

  it('name the flag that is wrong', () => {
    expect(() => read(['--turns', '0'])).toThrow("--turns must be a positive integer, got '0'");
    expect(() => read(['--seed', 'x'])).toThrow("--seed must be an integer, got 'x'");
    expect(() => read(['--warmup=-1'])).toThrow("--warmup must be a non-negative integer, got '-1'");
  });
});
