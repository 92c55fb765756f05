import { describe, expect, it } from 'vitest';
import {
  addCounts,
  boundariesFromSegments,
  compareSegmentations,
  emptyCounts,
  scoreCounts,
  segmentsFromBoundaries,
} from '../../src/eval/segmentation-metrics.js';

describe('segment lengths and boundaries', () => {
  it.each([
    [[2, 3, 5], [2, 5], 10],
    [[4], [], 4],
    [[1, 1, 1], [1, 2], 3],
  ])('segments %j ⇔ boundaries %j over %i units', (segments, boundaries, total) => {
    expect(boundariesFromSegments(segments)).toEqual(boundaries);
    expect(segmentsFromBoundaries(boundaries, total)).toEqual(segments);
  });

  it('ignores boundaries outside 1..N-1 and duplicates', () => {
    expect(segmentsFromBoundaries([0, 3, 3, 6, 9], 6)).toEqual([3, 3]);
  });
});

describe('compareSegmentations (hand-computed)', () => {
  it('N=6, ref [3], hyp [2], k=2: Pk 2/4, WD 2/4, exact F1 0, ±1 F1 1', () => {
    // Windows (i+1..i+2): {1,2} ref 0 hyp 1 ✗; {2,3} 1/1 ✓; {3,4} 1/0 ✗; {4,5} 0/0 ✓.
    const scores = scoreCounts(compareSegmentations([3], [2], 6));
    expect(scores.probes).toBe(4);
    expect(scores.pk).toBeCloseTo(0.5, 10);
    expect(scores.windowDiff).toBeCloseTo(0.5, 10);
    expect(scores.exact).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(scores.tolerant).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it('N=10, ref [2,5], hyp [2,3,5], k=round(10/3/2)=2: Pk 1/8, WD 2/8, F1 0.8', () => {
    // {2,3}: ref 1, hyp 2 → WD only; {3,4}: ref 0, hyp 1 → both.
    const scores = scoreCounts(compareSegmentations([2, 5], [2, 3, 5], 10));
    expect(scores.probes).toBe(8);
    expect(scores.pk).toBeCloseTo(1 / 8, 10);
    expect(scores.windowDiff).toBeCloseTo(2 / 8, 10);
    expect(scores.exact.precision).toBeCloseTo(2 / 3, 10);
    expect(scores.exact.recall).toBe(1);
    expect(scores.exact.f1).toBeCloseTo(0.8, 10);
    expect(scores.tolerant.f1).toBeCloseTo(0.8, 10);
  });

  it('never a boundary on N=4, ref [2], k=1: Pk 1/3 and F1 0', () => {
    const scores = scoreCounts(compareSegmentations([2], [], 4));
    expect(scores.pk).toBeCloseTo(1 / 3, 10);
    expect(scores.exact.f1).toBe(0);
  });

  it('matches ±1 one-to-one: two guesses around one boundary count once', () => {
    const counts = compareSegmentations([3], [2, 4], 8);
    expect(counts.tolerant).toEqual({ truePositives: 1, hypothesis: 2, reference: 1 });
  });

  it('a sequence no longer than k adds no probe', () => {
    const counts = compareSegmentations([], [], 1);
    expect(counts.probes).toBe(0);
    expect(counts.sequences).toEqual([]);
  });
});

describe('corpus averages', () => {
  it('micro sums errors and probes; macro averages per-sequence values', () => {
    const total = addCounts(addCounts(emptyCounts(), compareSegmentations([3], [2], 6)), compareSegmentations([2, 5], [2, 3, 5], 10));
    const scores = scoreCounts(total);
    expect(scores.pk).toBeCloseTo(3 / 12, 10);
    expect(scores.macroPk).toBeCloseTo((0.5 + 0.125) / 2, 10);
    expect(scores.exact.precision).toBeCloseTo(2 / 4, 10);
    expect(scores.exact.recall).toBeCloseTo(2 / 3, 10);
  });
});
