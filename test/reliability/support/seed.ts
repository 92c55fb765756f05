import { randomInt } from 'node:crypto';
import { seededRandom, type SeededRandom } from '../../../src/seeded-random.js';

export type { SeededRandom } from '../../../src/seeded-random.js';

/**
 * The seed of a randomised test: MEMORYD_TEST_SEED when set (to replay a failure), a
 * fresh one otherwise. Printed either way, so every failing run can be replayed.
 */
export function testSeed(testName: string): number {
  const given = process.env.MEMORYD_TEST_SEED;
  const seed = given !== undefined && /^\d+$/.test(given.trim()) ? Number(given.trim()) >>> 0 : randomInt(1, 2 ** 31);
  console.log(`[${testName}] seed ${seed} (replay with MEMORYD_TEST_SEED=${seed})`);
  return seed;
}

/** An independent stream per purpose (client 3, the kill schedule…) derived from one seed. */
export function derivedRandom(seed: number, stream: number): SeededRandom {
  return seededRandom((Math.imul(seed ^ 0x9e3779b9, 2654435761) + Math.imul(stream + 1, 0x85ebca6b)) >>> 0);
}
