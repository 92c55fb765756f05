import { describe, expect, it } from 'vitest';
import { median, percentile, summarize } from '../../src/bench/stats.js';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100…1, unsorted on purpose

  it('returns the smallest sample with at least p % of the samples at or below it', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 51)).toBe(3);
  });

  it('gives the minimum at 0 and the maximum at 100', () => {
    expect(percentile([5, 9, 7], 0)).toBe(5);
    expect(percentile([5, 9, 7], 100)).toBe(9);
  });

  it('is NaN without samples and rejects a p outside 0–100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('does not reorder the caller’s array', () => {
    const samples = [3, 1, 2];
    percentile(samples, 50);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('summarize', () => {
  it('agrees with percentile and reports count, max and mean', () => {
    const samples = [0.4, 0.2, 5, 0.3, 0.9, 1.1, 0.25, 0.6, 0.7, 12];
    expect(summarize(samples)).toEqual({
      samples: 10,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      p99: percentile(samples, 99),
      max: 12,
      mean: samples.reduce((a, b) => a + b, 0) / 10,
    });
    expect(median(samples)).toBe(0.6);
  });

  it('is all NaN for no samples', () => {
    const empty = summarize([]);
    expect(empty.samples).toBe(0);
    expect([empty.p50, empty.p99, empty.max, empty.mean].every(Number.isNaN)).toBe(true);
  });
});
