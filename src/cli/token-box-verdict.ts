import type { ConformanceCase, ConformanceOutcome } from '../layout/conformance.js';

/** A case's `expect`. */
export type ConformanceExpectation = NonNullable<ConformanceCase['expect']>;

/**
 * How a case's result differs from its `expect`, one short phrase per difference
 * (`sizes.window 120, expected 100`); empty when they match. The same equality as the
 * conformance test's: every size by id, `dropped` in order, the total or the error.
 */
export function conformanceDifferences(result: ConformanceOutcome, expected: ConformanceExpectation): string[] {
  if ('error' in result && 'error' in expected) {
    return [
      ...(result.error === expected.error ? [] : [`error ${result.error}, expected ${expected.error}`]),
      ...(result.required === expected.required ? [] : [`required ${result.required}, expected ${expected.required}`]),
    ];
  }
  if ('error' in result || 'error' in expected) return [`${outcomeKind(result)}, expected ${outcomeKind(expected)}`];
  const ids = [...new Set([...Object.keys(expected.sizes), ...Object.keys(result.sizes)])];
  const sizes = ids
    .filter((id) => result.sizes[id] !== expected.sizes[id])
    .map((id) => `sizes.${id} ${result.sizes[id] ?? 'absent'}, expected ${expected.sizes[id] ?? 'absent'}`);
  const sameDropped = result.dropped.length === expected.dropped.length && result.dropped.every((id, i) => id === expected.dropped[i]);
  return [
    ...sizes,
    ...(sameDropped ? [] : [`dropped [${result.dropped.join(', ')}], expected [${expected.dropped.join(', ')}]`]),
    ...(result.total === expected.total ? [] : [`total ${result.total}, expected ${expected.total}`]),
  ];
}

function outcomeKind(outcome: ConformanceOutcome | ConformanceExpectation): string {
  return 'error' in outcome ? `${outcome.error} (required ${outcome.required})` : `a layout (total ${outcome.total})`;
}
