import { describe, expect, it } from 'vitest';
import { readUsedTools, usedAsDeclared, useTools, writeUsedTools } from '../../src/conversation/used-tools.js';

describe('a session\'s used tools', () => {
  it('reads a list of names stored before declarations were kept as used under one not known yet', () => {
    const used = readUsedTools('["search_flights","get_weather"]');
    expect([...used]).toEqual([['search_flights', null], ['get_weather', null]]);
    expect(usedAsDeclared(used, 'get_weather', 'any key')).toBe(true);
    expect(usedAsDeclared(used, 'book_hotel', 'any key')).toBe(false);
    expect(readUsedTools('[]').size).toBe(0);
  });

  it('is used as declared only under the same declaration once that is known', () => {
    const used = readUsedTools(writeUsedTools(new Map([['get_weather', 'k1']])));
    expect(usedAsDeclared(used, 'get_weather', 'k1')).toBe(true);
    expect(usedAsDeclared(used, 'get_weather', 'k2')).toBe(false);
  });

  it('takes a result\'s tool as declared by the same call, and fills in an unknown declaration from the call', () => {
    const declared = new Map([['get_weather', 'k2'], ['search_flights', 's1']]);
    const used = readUsedTools('{"get_weather":"k1","search_flights":null,"book_hotel":null}');
    expect(useTools(used, [{ name: 'get_weather' }, { name: 'undeclared' }], declared)).toBe(true);
    expect(Object.fromEntries(used)).toEqual({ get_weather: 'k2', search_flights: 's1', book_hotel: null, undeclared: null });
    // The same call again changes nothing: the session row is not written.
    expect(useTools(used, [{ name: 'get_weather' }], declared)).toBe(false);
  });

  it('stores one state as one text, whatever order it was built in', () => {
    const a = writeUsedTools(new Map([['b', 'x'], ['a', null], ['B', 'y']]));
    const b = writeUsedTools(new Map([['B', 'y'], ['b', 'x'], ['a', null]]));
    expect(a).toBe(b);
    expect(a).toBe('{"B":"y","a":null,"b":"x"}');
    expect(Object.fromEntries(readUsedTools(a))).toEqual({ B: 'y', a: null, b: 'x' });
  });
});
