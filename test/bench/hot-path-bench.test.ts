import { describe, expect, it } from 'vitest';
import { HOT_PATH_VARIANTS, measureHotPath, type HotPathResult } from '../../src/bench/hot-path-bench.js';

describe('the hot-path benchmark', () => {
  it('measures every context call after the warm-up of each variant, split by whether it wrote a summary', async () => {
    const results = await measureHotPath({ turns: 40, seed: 7, warmup: 10 });
    expect(results.map((result) => result.name)).toEqual(HOT_PATH_VARIANTS.map((variant) => variant.name));
    for (const result of results) {
      expect(result.context.samples).toBe(30);
      expect(result.summarising.samples + result.plain.samples).toBe(30);
      // A 40-exchange chat moves the window past several 3-turn segments.
      expect(result.summarising.samples).toBeGreaterThan(0);
      expect(result.reply.samples).toBeGreaterThanOrEqual(29);
      expect(result.context.p50).toBeGreaterThan(0);
      expect(result.cpuPerUserTurnUs).toBeGreaterThan(0);
    }
    const [configured, atClosing] = results as [HotPathResult, HotPathResult];
    // Same chat, same summaries: only when they are computed differs.
    const written = (work: { anticipated: number; computed: number }) => work.anticipated + work.computed;
    expect(written(configured.summaryWork)).toBe(written(atClosing.summaryWork));
    expect(configured.summaryWork.anticipated).toBeGreaterThan(0);
    expect(atClosing.summaryWork).toEqual({ prepared: 0, failed: 0, anticipated: 0, computed: written(configured.summaryWork) });
    expect(configured.summaryWork.failed).toBe(0);
  }, 60_000);
});
