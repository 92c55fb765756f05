import { randomBytes } from 'node:crypto';

/** Makes ids for stored rows; injected so tests can make them predictable. */
export interface IdGenerator {
  next(prefix: string): string;
}

/**
 * Time-ordered ids (`prefix_` + 12 hex digits of ms + 10 random hex digits), so rows
 * created later sort later without a separate sequence.
 */
export function randomIds(now: () => number = Date.now): IdGenerator {
  return {
    next(prefix: string): string {
      const time = now().toString(16).padStart(12, '0');
      return `${prefix}_${time}${randomBytes(5).toString('hex')}`;
    },
  };
}

/** Deterministic ids for tests: `prefix_000001`, `prefix_000002`, … */
export function sequentialIds(): IdGenerator {
  let n = 0;
  return {
    next(prefix: string): string {
      n += 1;
      return `${prefix}_${String(n).padStart(6, '0')}`;
    },
  };
}
