import { describe, expect, it } from 'vitest';
import { randomIds } from '../../src/ids.js';

describe('randomIds', () => {
  it('makes distinct, well-formed ids across many refills of its random pool', () => {
    const ids = randomIds(() => 1_700_000_000_000);
    const made = Array.from({ length: 5000 }, () => ids.next('sum'));
    expect(new Set(made).size).toBe(made.length);
    for (const id of made) expect(id).toMatch(/^sum_[0-9a-f]{12}[0-9a-f]{10}$/);
  });

  it('sorts ids made later after earlier ones', () => {
    let now = 1_700_000_000_000;
    const ids = randomIds(() => now);
    const made: string[] = [];
    for (let i = 0; i < 2000; i++) {
      now += 1;
      made.push(ids.next('turn'));
    }
    expect([...made].sort()).toEqual(made);
  });
});
