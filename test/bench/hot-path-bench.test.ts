import { describe, expect, it } from 'vitest';
import { HOT_PATH_VARIANTS, measureHotPath, run } from '../../src/bench/hot-path-bench.js';

describe('the hot-path benchmark', () => {
  it('measures every context call after the warm-up of each variant, split by whether it wrote a summary', async () => {
    const results = await measureHotPath({ turns: 40, seed: 7, warmup: 10 });
    expect(results.map((result) => result.name)).toEqual(HOT_PATH_VARIANTS.map((variant) => variant.name));
    for (const result of results) {
      expect(result.context.samples).toBe(30);
      expect(result.summarising.samples + result.plain.samples).toBe(30);
      // A 40-exchange chat moves the window past several 3-turn segments.
      expect(result.summarising.samples).toBeGreaterThan(0);
      // Each measured user turn is followed by its answer.
      expect(result.reply.samples).toBe(30);
      expect(Number.isFinite(result.context.p50)).toBe(true);
      expect(Number.isFinite(result.cpuPerUserTurnUs)).toBe(true);
      expect(Object.keys(result.summaryWork).sort()).toEqual(['anticipated', 'computed', 'failed', 'prepared']);
    }
    // How many summaries each variant writes, and when, is tested in anticipated-summaries.test.ts.
    const atClosing = results.find((result) => result.name === 'summaries only at closing');
    expect(atClosing?.summaryWork.prepared).toBe(0);
  }, 60_000);

  it('pauses before every call when asked, and refuses a negative pause', async () => {
    const started = performance.now();
    const results = await measureHotPath({ turns: 12, seed: 7, warmup: 2, pauseMs: 5 });
    // 12 user turns and their answers, for each of the two variants, each after 5 ms of sleep.
    expect(performance.now() - started).toBeGreaterThanOrEqual(12 * 2 * 2 * 5);
    expect(results.map((result) => result.context.samples)).toEqual([10, 10]);
    expect(await run(['--pause-ms=-1'])).toBe(2);
  }, 60_000);
});
