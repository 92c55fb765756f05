import { describe, expect, it } from 'vitest';
import { measureHotPath } from '../../src/bench/hot-path-bench.js';

describe('the hot-path benchmark', () => {
  it('measures every context call after the warm-up, split by whether it wrote a summary', async () => {
    const result = await measureHotPath({ turns: 40, seed: 7, warmup: 10 });
    expect(result.context.samples).toBe(30);
    expect(result.summarising.samples + result.plain.samples).toBe(30);
    // A 40-exchange chat moves the window past several 3-turn segments.
    expect(result.summarising.samples).toBeGreaterThan(0);
    expect(result.reply.samples).toBeGreaterThanOrEqual(29);
    expect(result.context.p50).toBeGreaterThan(0);
    expect(result.cpuPerUserTurnUs).toBeGreaterThan(0);
  }, 60_000);
});
