/** Sum and count of one unlabelled Prometheus histogram at one moment. */
export interface HistogramTotals {
  sum: number;
  count: number;
}

/**
 * Reads `<name>_sum` and `<name>_count` of an unlabelled histogram from Prometheus text
 * exposition; null when the series is absent.
 */
export function histogramTotals(text: string, name: string): HistogramTotals | null {
  const sum = sampleValue(text, `${name}_sum`);
  const count = sampleValue(text, `${name}_count`);
  return sum === null || count === null ? null : { sum, count };
}

/** Mean of the observations made between two readings (NaN when none were made). */
export function meanBetween(before: HistogramTotals | null, after: HistogramTotals | null): number {
  if (after === null) return Number.NaN;
  const count = after.count - (before?.count ?? 0);
  return count > 0 ? (after.sum - (before?.sum ?? 0)) / count : Number.NaN;
}

function sampleValue(text: string, series: string): number | null {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const [key, value] = line.trim().split(/\s+/);
    if (key === series && value !== undefined) return Number(value);
  }
  return null;
}
