import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/cache/canonical-json.js';
import { TOOL_CACHE_TTL_MS, ToolCache, toolCacheKey } from '../../src/cache/tool-cache.js';
import { ManualClock, MINUTE_MS } from '../../src/clock.js';
import { openDatabase } from '../../src/storage/database.js';
import { countToolResults } from '../../src/storage/tool-cache-repo.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const database = openDatabase(join(temp.dir, 'memoryd.db'));
const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
const cache = new ToolCache({ db: database.db, clock });

afterAll(() => {
  database.close();
  temp.remove();
});

beforeEach(() => {
  database.sqlite.exec('delete from tool_cache');
  clock.set(Date.UTC(2026, 10, 22, 9));
});

/** The same object with its keys in another order, recursively. */
function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, index) => shuffled(item, seed + index));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const rotated = entries.map((_, index) => entries[(index + seed) % entries.length] as [string, unknown]).reverse();
  return Object.fromEntries(rotated.map(([key, child]) => [key, shuffled(child, seed + 1)]));
}

describe('canonical JSON and the tool cache key', () => {
  it('ignores key order at every depth', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(10), (value, seed) => {
        expect(toolCacheKey('search', shuffled(value, seed))).toBe(toolCacheKey('search', value));
      }),
    );
  });

  it('tells different values apart', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        fc.pre(canonicalJson(a) !== canonicalJson(b));
        expect(toolCacheKey('search', a)).not.toBe(toolCacheKey('search', b));
      }),
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

  it('refuses what is not JSON', () => {
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
    expect(cache.get('search_flights', { from: 'LIM', to: 'CUZ' })).toBeNull();
    const stored = cache.put('search_flights', { from: 'LIM', to: 'CUZ' }, { flights: ['LA2047'], count: 1 }, { idempotent: true });
    expect(stored.stored).toBe(true);
    expect(cache.get('search_flights', { to: 'CUZ', from: 'LIM' })).toEqual({
      key: stored.key,
      result: { count: 1, flights: ['LA2047'] },
      cachedAt: clock.now(),
      expiresAt: clock.now() + TOOL_CACHE_TTL_MS,
    });
    expect(cache.get('search_flights', { from: 'LIM', to: 'AQP' })).toBeNull();
  });

  it('expires a result after 1 h', () => {
    cache.put('get_exchange_rate', { pair: 'USD/PEN' }, 3.72, { idempotent: true });
    clock.advance(59 * MINUTE_MS);
    expect(cache.get('get_exchange_rate', { pair: 'USD/PEN' })?.result).toBe(3.72);
    clock.advance(MINUTE_MS);
    expect(cache.get('get_exchange_rate', { pair: 'USD/PEN' })).toBeNull();
    expect(cache.expire()).toBe(1);
    expect(countToolResults(database.db)).toBe(0);
  });

  it('refuses a side-effecting tool and keeps nothing of it', () => {
    const outcome = cache.put('send_email', { to: 'bob@example.com' }, 'sent', { idempotent: false });
    expect(outcome).toMatchObject({ stored: false, reason: 'side-effecting' });
    expect(!outcome.stored && outcome.message).toContain('side-effecting tools are never cached');
    expect(cache.get('send_email', { to: 'bob@example.com' })).toBeNull();
    expect(countToolResults(database.db)).toBe(0);
  });

  it('replaces an earlier result and restarts its hour', () => {
    cache.put('search', { q: 'x' }, 'first', { idempotent: true });
    clock.advance(30 * MINUTE_MS);
    cache.put('search', { q: 'x' }, 'second', { idempotent: true });
    clock.advance(45 * MINUTE_MS);
    expect(cache.get('search', { q: 'x' })?.result).toBe('second');
  });
});
