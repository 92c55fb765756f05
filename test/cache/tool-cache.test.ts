import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson, unsafeIntegerPaths } from '../../src/cache/canonical-json.js';
import { TOOL_CACHE_TTL_MS, ToolCache, toolCacheKey } from '../../src/cache/tool-cache.js';
import { ManualClock, MINUTE_MS } from '../../src/clock.js';
import { InvalidRequestError } from '../../src/errors.js';
import { openDatabase } from '../../src/storage/database.js';
import { countToolResults } from '../../src/storage/tool-cache-repo.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const database = openDatabase(join(temp.dir, 'memoryd.db'));
const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
const cache = new ToolCache({ database, clock });

afterAll(() => {
  database.close();
  temp.remove();
});

beforeEach(() => {
  database.sqlite.exec('delete from tool_cache');
  clock.set(Date.UTC(2026, 10, 22, 9));
});

// The same object with its keys in another order, recursively.
function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, index) => shuffled(item, seed + index));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const rotated = entries.map((_, index) => entries[(index + seed) % entries.length] as [string, unknown]).reverse();
  return Object.fromEntries(rotated.map(([key, child]) => [key, shuffled(child, seed + 1)]));
}

// JSON values whose integers JSON.parse keeps exact (the only ones a key is made of).
const exactJsonValue = fc.jsonValue().filter((value) => unsafeIntegerPaths(value).length === 0);

// A JSON value as its text means it: integers as bigints, so 2^53 and 2^53 + 1 differ.
type Exact = null | boolean | string | bigint | Exact[] | { [key: string]: Exact };

const SAFE = 2n ** 53n - 1n;
const exactValue = fc.letrec<{ value: Exact; leaf: Exact; array: Exact[]; object: Record<string, Exact> }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('array'), tie('object')),
  // Few distinct leaves, so equal values are drawn often; integers at and beyond the exact range.
  leaf: fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom('a', '1'),
    fc.constantFrom(0n, 1n, -1n, SAFE, -SAFE, SAFE + 1n, SAFE + 2n, -SAFE - 2n, 10n ** 21n, 10n ** 21n + 1n),
  ),
  array: fc.array(tie('value'), { maxLength: 2 }),
  object: fc.dictionary(fc.constantFrom('x', 'y'), tie('value'), { maxKeys: 2 }),
})).value;

// The JSON text of an exact value, keys sorted when `sorted` (then equal values have equal texts).
function exactText(value: Exact, sorted = false): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map((item) => exactText(item, sorted)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = sorted ? Object.keys(value).sort() : Object.keys(value);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${exactText(value[key] as Exact, sorted)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function hasInexactInteger(value: Exact): boolean {
  if (typeof value === 'bigint') return value > SAFE || value < -SAFE;
  if (Array.isArray(value)) return value.some(hasInexactInteger);
  return value !== null && typeof value === 'object' && Object.values(value).some(hasInexactInteger);
}

// The key of parameters sent as JSON text, or null when refused.
function keyOfText(text: string): string | null {
  try {
    return toolCacheKey('search', JSON.parse(text));
  } catch (error) {
    if (error instanceof InvalidRequestError) return null;
    throw error;
  }
}

describe('canonical JSON and the tool cache key', () => {
  it('ignores key order at every depth', () => {
    fc.assert(
      fc.property(exactJsonValue, fc.nat(10), (value, seed) => {
        expect(toolCacheKey('search', shuffled(value, seed))).toBe(toolCacheKey('search', value));
      }),
    );
  });

  it('tells different values apart: equal keys exactly when the JSON texts mean equal values', () => {
    fc.assert(
      fc.property(exactValue, exactValue, (a, b) => {
        const [keyA, keyB] = [keyOfText(exactText(a)), keyOfText(exactText(b))];
        // An integer JSON.parse may have rounded is refused rather than merged with its neighbours.
        expect(keyA === null).toBe(hasInexactInteger(a));
        expect(keyB === null).toBe(hasInexactInteger(b));
        if (keyA !== null && keyB !== null) expect(keyA === keyB).toBe(exactText(a, true) === exactText(b, true));
      }),
      { numRuns: 1000 },
    );
    expect(toolCacheKey('search', { q: 'Lima' })).not.toBe(toolCacheKey('search', { q: 'lima' }));
    expect(toolCacheKey('search', { ids: [1, 2] })).not.toBe(toolCacheKey('search', { ids: [2, 1] }));
    expect(toolCacheKey('search', { n: 1 })).not.toBe(toolCacheKey('search', { n: '1' }));
    expect(toolCacheKey('search', { q: 'x' })).not.toBe(toolCacheKey('weather', { q: 'x' }));
  });

  it('round-trips: the canonical text parses back to an equal value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('has one form per number and string, without whitespace', () => {
    expect(canonicalJson({ b: [1.0, -0, 1e21, 0.1], a: 'é\n', 'Z': null })).toBe('{"Z":null,"a":"é\\n","b":[1,0,1e+21,0.1]}');
    expect(canonicalJson({ a: 1, skipped: undefined })).toBe('{"a":1}');
    expect(canonicalJson('e\u0301')).not.toBe(canonicalJson('\u00e9'));
  });

  it('refuses what is not JSON, and in a key an integer JSON.parse may have rounded, naming the field', () => {
    expect(() => toolCacheKey('get_order', JSON.parse('{"order":{"id":9007199254740993}}'))).toThrow(/params\.order\.id: an integer beyond/);
    expect(() => toolCacheKey('get_order', { ids: [1, 2 ** 53] })).toThrow(/params\.ids\.1/);
    expect(toolCacheKey('get_order', { id: 2 ** 53 - 1, big: '9007199254740993', x: 1.5e300 / 1e300 })).toMatch(/^get_order:/);
    expect(canonicalJson({ n: 1e21 }, 'result')).toBe('{"n":1e+21}');
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/params\.n/);
    expect(() => canonicalJson({ d: new Date(0) })).toThrow(/plain objects/);
    expect(() => canonicalJson(10n)).toThrow(/bigint/);
  });

  it('has the form tool_name:sha256', () => {
    expect(toolCacheKey('get_weather', { city: 'Lima' })).toMatch(/^get_weather:[0-9a-f]{64}$/);
  });
});

describe('ToolCache', () => {
  it('misses, then hits with parameters in another order', () => {
    const miss = cache.get('search_flights', { from: 'LIM', to: 'CUZ' });
    const stored = cache.put('search_flights', { from: 'LIM', to: 'CUZ' }, { flights: ['LA2047'], count: 1 }, { idempotent: true });
    expect(stored.stored).toBe(true);
    // A miss names the key the result is then stored under.
    expect(miss).toEqual({ key: stored.key, hit: null });
    expect(cache.get('search_flights', { to: 'CUZ', from: 'LIM' })).toEqual({
      key: stored.key,
      hit: { result: { count: 1, flights: ['LA2047'] }, cachedAt: clock.now(), expiresAt: clock.now() + TOOL_CACHE_TTL_MS },
    });
    const other = cache.get('search_flights', { from: 'LIM', to: 'AQP' });
    expect(other.hit).toBeNull();
    expect(other.key).not.toBe(stored.key);
  });

  it('returns a result with its keys in the order the tool wrote them, at every depth', () => {
    const result = { zone: 'Europe/Lisbon', flights: [{ to: 'CUZ', from: 'LIM' }], count: 1 };
    cache.put('search_flights', { from: 'LIM' }, result, { idempotent: true });
    const hit = cache.get('search_flights', { from: 'LIM' }).hit;
    expect(JSON.stringify(hit?.result)).toBe(JSON.stringify(result));
  });

  it('expires a result after 1 h', () => {
    cache.put('get_exchange_rate', { pair: 'USD/PEN' }, 3.72, { idempotent: true });
    clock.advance(59 * MINUTE_MS);
    expect(cache.get('get_exchange_rate', { pair: 'USD/PEN' }).hit?.result).toBe(3.72);
    clock.advance(MINUTE_MS);
    expect(cache.get('get_exchange_rate', { pair: 'USD/PEN' }).hit).toBeNull();
    expect(cache.expire()).toBe(1);
    expect(countToolResults(database.db)).toBe(0);
  });

  it('keeps nothing of a call whose parameters hold a rounded integer', () => {
    expect(() => cache.put('get_order', { id: 2 ** 53 }, 'order 9007199254740992', { idempotent: true })).toThrow(InvalidRequestError);
    expect(countToolResults(database.db)).toBe(0);
  });

  it('refuses a side-effecting tool and keeps nothing of it', () => {
    const outcome = cache.put('send_email', { to: 'bob@example.com' }, 'sent', { idempotent: false });
    expect(outcome).toMatchObject({ stored: false, reason: 'side-effecting' });
    expect(!outcome.stored && outcome.message).toContain('side-effecting tools are never cached');
    expect(cache.get('send_email', { to: 'bob@example.com' }).hit).toBeNull();
    expect(countToolResults(database.db)).toBe(0);
  });

  it('replaces an earlier result and restarts its hour', () => {
    cache.put('search', { q: 'x' }, 'first', { idempotent: true });
    clock.advance(30 * MINUTE_MS);
    cache.put('search', { q: 'x' }, 'second', { idempotent: true });
    clock.advance(45 * MINUTE_MS);
    expect(cache.get('search', { q: 'x' }).hit?.result).toBe('second');
  });
});
