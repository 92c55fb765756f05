import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeatureTable } from '../../src/embeddings/feature-table.js';

describe('FeatureTable', () => {
  it('sums weights per key like a Map, through any number of growths (key 0 is stored as 1)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 5 })), { maxLength: 500 }),
        fc.integer({ min: 0, max: 64 }),
        (entries, expected) => {
          const table = new FeatureTable(expected);
          const reference = new Map<number, number>();
          for (const [key, weight] of entries) {
            table.add(key, weight);
            const stored = key === 0 ? 1 : key;
            reference.set(stored, (reference.get(stored) ?? 0) + weight);
          }
          const seen = new Map<number, number>();
          for (const slot of table.occupiedSlots()) seen.set(table.keyAt(slot), table.weightAt(slot));
          expect(table.size).toBe(reference.size);
          expect(seen).toEqual(reference);
        },
      ),
    );
  });
});
