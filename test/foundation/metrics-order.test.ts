import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from '../../src/compare.js';
import { Counter, Gauge } from '../../src/metrics/registry.js';

describe('the order of strings where bytes must not depend on the machine', () => {
  it('is by UTF-16 code units: upper case before lower case, unlike a locale collation', () => {
    const names = ['b', 'B', 'a', 'A', 'é', 'e'];
    expect([...names].sort(compareCodeUnits)).toEqual(['A', 'B', 'a', 'b', 'e', 'é']);
    expect(compareCodeUnits('x', 'x')).toBe(0);
  });

  it('orders the series of a counter and a gauge in the metrics text the same way', () => {
    const counter = new Counter('memoryd_test_total', 'test', ['section']);
    const gauge = new Gauge('memoryd_test', 'test', ['section']);
    for (const section of ['window', 'Facts', 'facts']) {
      counter.inc({ section });
      gauge.set(1, { section });
    }
    const order = (lines: string[]) => lines.filter((line) => !line.startsWith('#')).map((line) => /section="([^"]+)"/.exec(line)?.[1]);
    expect(order(counter.render())).toEqual(['Facts', 'facts', 'window']);
    expect(order(gauge.render())).toEqual(['Facts', 'facts', 'window']);
  });
});
