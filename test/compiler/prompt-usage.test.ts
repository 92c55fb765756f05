import { describe, expect, it } from 'vitest';
import { promptUsage } from '../../src/compiler/compile-prompt.js';

describe('a prompt usage and its level', () => {
  it('agree just under a threshold: 2,333 of 3,333 is 0.6999, not 0.7, at level ok', () => {
    expect(promptUsage(2333, 3333)).toEqual({ usage: 0.6999, level: 'ok' });
    expect(promptUsage(3199, 3999)).toEqual({ usage: 0.7999, level: 'warning' });
  });

  it('reach a threshold exactly at 70, 80 and 90 percent', () => {
    expect(promptUsage(2800, 4000)).toEqual({ usage: 0.7, level: 'warning' });
    expect(promptUsage(3200, 4000)).toEqual({ usage: 0.8, level: 'compress' });
    expect(promptUsage(3600, 4000)).toEqual({ usage: 0.9, level: 'critical' });
    expect(promptUsage(4000, 4000)).toEqual({ usage: 1, level: 'critical' });
  });

  it('agree for every total under small budgets', () => {
    for (let budget = 1; budget <= 500; budget++) {
      for (let total = 0; total <= budget; total++) {
        const { usage, level } = promptUsage(total, budget);
        const expected = usage >= 0.9 ? 'critical' : usage >= 0.8 ? 'compress' : usage >= 0.7 ? 'warning' : 'ok';
        if (level !== expected || usage > total / budget) throw new Error(`${total}/${budget}: usage ${usage}, level ${level}`);
      }
    }
  });
});
