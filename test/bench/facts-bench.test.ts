import { describe, expect, it } from 'vitest';
import { measureSelection, replayUserMessages, run } from '../../src/bench/facts-bench.js';

describe('the facts benchmark', () => {
  it('times memoryd and the one-by-one baseline on every message after the warm-up, with the same selections', async () => {
    // measureSelection throws when the two select differently.
    for (const size of [0, 80]) {
      const row = await measureSelection(size, replayUserMessages(70, 7), 7);
      expect(row.facts).toBe(size);
      expect(row.memoryd.samples).toBe(20);
      expect(row.baseline.samples).toBe(20);
      expect(Number.isFinite(row.memoryd.p50) && Number.isFinite(row.baseline.p50)).toBe(true);
    }
  });

  it('refuses bad options with the usage', async () => {
    expect(await run(['--messages', '10'])).toBe(2);
    expect(await run(['--sizes', '10,x'])).toBe(2);
  });
});
