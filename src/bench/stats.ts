/** Latency figures of one series of samples, in the samples' unit. */
export interface LatencySummary {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * The p-th percentile (0–100) by the nearest-rank method: the smallest sample such that
 * at least p % of the samples are ≤ it. NaN for no samples.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0–100, got ${p}`);
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return nearestRank(sorted, p);
}

/** The median (the 50th percentile by nearest rank). */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** p50/p95/p99/max/mean of `samples`, sorting once. */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, x) => sum + x, 0);
  return {
    samples: sorted.length,
    p50: nearestRank(sorted, 50),
    p95: nearestRank(sorted, 95),
    p99: nearestRank(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] as number),
    mean: sorted.length === 0 ? Number.NaN : total / sorted.length,
  };
}

function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}
