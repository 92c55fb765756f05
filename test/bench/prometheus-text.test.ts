import { describe, expect, it } from 'vitest';
import { histogramTotals, meanBetween } from '../../src/bench/prometheus-text.js';

const exposition = (sum: number, count: number): string =>
  [
    '# HELP memoryd_compile_ms in-process prompt compile time',
    '# TYPE memoryd_compile_ms histogram',
    'memoryd_compile_ms_bucket{le="0.5"} 1',
    'memoryd_compile_ms_bucket{le="+Inf"} 2',
    `memoryd_compile_ms_sum ${sum}`,
    `memoryd_compile_ms_count ${count}`,
    'memoryd_compile_ms_total_sum 99',
  ].join('\n');

describe('histogramTotals and meanBetween', () => {
  it('reads the sum and count of an unlabelled histogram', () => {
    expect(histogramTotals(exposition(1.5, 2), 'memoryd_compile_ms')).toEqual({ sum: 1.5, count: 2 });
    expect(histogramTotals(exposition(1.5, 2), 'memoryd_context_ms')).toBeNull();
  });

  it('gives the mean of the observations made between two readings', () => {
    const before = histogramTotals(exposition(1.5, 2), 'memoryd_compile_ms');
    const after = histogramTotals(exposition(4.5, 8), 'memoryd_compile_ms');
    expect(meanBetween(before, after)).toBeCloseTo(0.5);
    expect(meanBetween(null, after)).toBeCloseTo(4.5 / 8);
    expect(meanBetween(after, after)).toBeNaN();
  });
});
