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
  // One system call per POOL_BYTES / 5 ids instead of one per id (ids are made on the request path).
  let pool = Buffer.alloc(0);
  let offset = 0;
  return {
    next(prefix: string): string {
      if (offset + RANDOM_BYTES > pool.length) {
        pool = randomBytes(POOL_BYTES);
        offset = 0;
      }
      const random = pool.toString('hex', offset, offset + RANDOM_BYTES);
      offset += RANDOM_BYTES;
      const time = now().toString(16).padStart(12, '0');
      return `${prefix}_${time}${random}`;
    },
  };
}

const RANDOM_BYTES = 5;
const POOL_BYTES = 4096;

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
