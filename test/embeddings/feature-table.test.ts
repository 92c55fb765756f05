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

  // The embedder reuses its tables, and vectors sum the features in slot order.
  it('after a reset, fills the same slots in the same order as a new table of that size', () => {
    const fill = fc.tuple(fc.integer({ min: 0, max: 64 }), fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 300 }));
    fc.assert(
      fc.property(fc.array(fill, { minLength: 1, maxLength: 6 }), (fills) => {
        const reused = new FeatureTable(0);
        for (const [expected, keys] of fills) {
          const fresh = new FeatureTable(expected);
          reused.reset(expected);
          for (const key of keys) {
            fresh.add(key, 1);
            reused.add(key, 1);
          }
          const slots = Array.from(fresh.occupiedSlots());
          expect(Array.from(reused.occupiedSlots())).toEqual(slots);
          expect(slots.map((slot) => [reused.keyAt(slot), reused.weightAt(slot)])).toEqual(slots.map((slot) => [fresh.keyAt(slot), fresh.weightAt(slot)]));
        }
      }),
    );
  });
});
