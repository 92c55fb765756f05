import { describe, expect, it } from 'vitest';
import { setNewest } from '../../src/bounded-map.js';

describe('setNewest', () => {
  it('keeps the newest entries up to the capacity, a key set again counting as new', () => {
    const map = new Map<string, number>();
    for (const [key, value] of [['a', 1], ['b', 2], ['a', 3], ['c', 4]] as const) setNewest(map, key, value, 2);
    expect([...map]).toEqual([['a', 3], ['c', 4]]);
  });

  it('lets every older entry go when the capacity is smaller than the map, and holds nothing at 0', () => {
    const map = new Map([['a', 1], ['b', 2], ['c', 3]]);
    setNewest(map, 'd', 4, 1);
    expect([...map]).toEqual([['d', 4]]);
    setNewest(map, 'e', 5, 0);
    expect(map.size).toBe(0);
  });
});
