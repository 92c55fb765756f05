// Segmentation metrics for topic-shift evaluation.
//
// Conventions (shared by every figure this module produces):
// - A sequence has N units (utterances). A boundary is a position p in 1..N-1: a new
//   segment starts at unit p. Segment lengths [2, 3] over N = 5 ⇔ boundaries [2].
// - k = max(1, round(N / referenceSegments / 2)) per sequence: half the mean reference
//   segment length, rounded half up (Math.round).
// - Pk and WindowDiff slide a window over units i and i + k for i = 0 … N-k-1 (N-k
//   probes); the window holds the boundaries at positions i+1 … i+k. Pk errs when the
//   reference and the hypothesis disagree on "any boundary in the window"; WindowDiff
//   errs when their boundary counts in the window differ. A sequence with N ≤ k adds
//   no probe.
// - Boundary F1: exact = same position; tolerant = within ±1, matched one-to-one
//   (exact pairs first, then each remaining hypothesis, in order, takes the nearest
//   free reference at p-1 then p+1). Precision with no hypothesis boundary is 0.
// - Corpus figures are micro-averaged: errors, probes and boundary counts are summed
//   over sequences before dividing. Macro Pk/WindowDiff (mean of per-sequence values
//   over sequences with probes) are given alongside.

/** Raw counts for one sequence; add them up across sequences with `addCounts`. */
export interface SegmentationCounts {
  pkErrors: number;
  wdErrors: number;
  probes: number;
  exact: BoundaryCounts;
  tolerant: BoundaryCounts;
  /** Per-sequence Pk and WindowDiff (null without probes), for macro averages. */
  sequences: { pk: number; windowDiff: number }[];
}

/** True positives and the sizes of the hypothesis and reference boundary sets. */
export interface BoundaryCounts {
  truePositives: number;
  hypothesis: number;
  reference: number;
}

/** Precision, recall and F1 of one boundary matching. */
export interface BoundaryScores {
  precision: number;
  recall: number;
  f1: number;
}

/** Corpus-level scores computed from summed counts. */
export interface SegmentationScores {
  pk: number;
  windowDiff: number;
  macroPk: number;
  macroWindowDiff: number;
  exact: BoundaryScores;
  tolerant: BoundaryScores;
  probes: number;
}

/** Boundary positions (1..N-1) of a segmentation given as segment lengths. */
export function boundariesFromSegments(lengths: readonly number[]): number[] {
  const boundaries: number[] = [];
  let position = 0;
  for (const length of lengths.slice(0, -1)) {
    position += length;
    boundaries.push(position);
  }
  return boundaries;
}

/** Segment lengths of a sequence of `total` units with the given boundary positions. */
export function segmentsFromBoundaries(boundaries: readonly number[], total: number): number[] {
  const sorted = normaliseBoundaries(boundaries, total);
  const lengths: number[] = [];
  let start = 0;
  for (const position of [...sorted, total]) {
    lengths.push(position - start);
    start = position;
  }
  return lengths;
}

/** Counts for one sequence of `total` units; boundaries are positions in 1..total-1. */
export function compareSegmentations(
  reference: readonly number[],
  hypothesis: readonly number[],
  total: number,
): SegmentationCounts {
  const ref = normaliseBoundaries(reference, total);
  const hyp = normaliseBoundaries(hypothesis, total);
  const k = Math.max(1, Math.round(total / (ref.length + 1) / 2));
  const refPrefix = prefixCounts(ref, total);
  const hypPrefix = prefixCounts(hyp, total);
  let pkErrors = 0;
  let wdErrors = 0;
  const probes = Math.max(0, total - k);
  for (let i = 0; i < probes; i += 1) {
    const refInWindow = windowCount(refPrefix, i, k);
    const hypInWindow = windowCount(hypPrefix, i, k);
    if (refInWindow > 0 !== hypInWindow > 0) pkErrors += 1;
    if (refInWindow !== hypInWindow) wdErrors += 1;
  }
  return {
    pkErrors,
    wdErrors,
    probes,
    exact: matchBoundaries(ref, hyp, 0),
    tolerant: matchBoundaries(ref, hyp, 1),
    sequences: probes === 0 ? [] : [{ pk: pkErrors / probes, windowDiff: wdErrors / probes }],
  };
}

/** The sum of two sets of counts (micro-averaging). */
export function addCounts(a: SegmentationCounts, b: SegmentationCounts): SegmentationCounts {
  return {
    pkErrors: a.pkErrors + b.pkErrors,
    wdErrors: a.wdErrors + b.wdErrors,
    probes: a.probes + b.probes,
    exact: addBoundaryCounts(a.exact, b.exact),
    tolerant: addBoundaryCounts(a.tolerant, b.tolerant),
    sequences: [...a.sequences, ...b.sequences],
  };
}

/** Counts of an empty corpus: the identity of `addCounts`. */
export function emptyCounts(): SegmentationCounts {
  const zero = { truePositives: 0, hypothesis: 0, reference: 0 };
  return { pkErrors: 0, wdErrors: 0, probes: 0, exact: zero, tolerant: zero, sequences: [] };
}

/** Scores from (summed) counts. */
export function scoreCounts(counts: SegmentationCounts): SegmentationScores {
  const mean = (values: number[]): number =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    pk: counts.probes === 0 ? 0 : counts.pkErrors / counts.probes,
    windowDiff: counts.probes === 0 ? 0 : counts.wdErrors / counts.probes,
    macroPk: mean(counts.sequences.map((s) => s.pk)),
    macroWindowDiff: mean(counts.sequences.map((s) => s.windowDiff)),
    exact: boundaryScores(counts.exact),
    tolerant: boundaryScores(counts.tolerant),
    probes: counts.probes,
  };
}

function boundaryScores(counts: BoundaryCounts): BoundaryScores {
  const precision = counts.hypothesis === 0 ? 0 : counts.truePositives / counts.hypothesis;
  const recall = counts.reference === 0 ? 0 : counts.truePositives / counts.reference;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

function addBoundaryCounts(a: BoundaryCounts, b: BoundaryCounts): BoundaryCounts {
  return {
    truePositives: a.truePositives + b.truePositives,
    hypothesis: a.hypothesis + b.hypothesis,
    reference: a.reference + b.reference,
  };
}

// Positions outside 1..total-1 cannot be boundaries; duplicates count once.
function normaliseBoundaries(boundaries: readonly number[], total: number): number[] {
  const valid = boundaries.filter((p) => Number.isInteger(p) && p >= 1 && p <= total - 1);
  return [...new Set(valid)].sort((a, b) => a - b);
}

// prefix[p] = number of boundaries at positions ≤ p.
function prefixCounts(boundaries: readonly number[], total: number): number[] {
  const prefix = new Array<number>(total + 1).fill(0);
  for (const position of boundaries) prefix[position] = 1;
  for (let p = 1; p <= total; p += 1) prefix[p] = (prefix[p] ?? 0) + (prefix[p - 1] ?? 0);
  return prefix;
}

function windowCount(prefix: readonly number[], i: number, k: number): number {
  return (prefix[i + k] ?? 0) - (prefix[i] ?? 0);
}

function matchBoundaries(ref: readonly number[], hyp: readonly number[], tolerance: 0 | 1): BoundaryCounts {
  const freeRef = new Set(ref);
  const unmatched: number[] = [];
  let truePositives = 0;
  for (const position of hyp) {
    if (freeRef.delete(position)) truePositives += 1;
    else unmatched.push(position);
  }
  if (tolerance === 1) {
    for (const position of unmatched) {
      if (freeRef.delete(position - 1) || freeRef.delete(position + 1)) truePositives += 1;
    }
  }
  return { truePositives, hypothesis: hyp.length, reference: ref.length };
}
