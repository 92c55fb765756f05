import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolCacheRoutes } from '../../src/api/routes/cache.js';
import { ToolCache } from '../../src/cache/tool-cache.js';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import type { MemorydClient } from '../../src/client/memoryd-client.js';
import { openDatabase } from '../../src/storage/database.js';
import { countToolResults } from '../../src/storage/tool-cache-repo.js';
import { refusal } from '../helpers/api-refusal.js';
import { apiError, serveRoutes, type ServedRoutes } from '../helpers/serve-routes.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// The tool cache endpoints on a real socket and SQLite file, as the daemon will serve them.
const temp = makeTempDir();
const database = openDatabase(join(temp.dir, 'memoryd.db'));
const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
const routes = toolCacheRoutes({ toolCache: new ToolCache({ database, clock }), maxMessageBytes: 1024 });
let served: ServedRoutes;
let client: MemorydClient;

beforeAll(async () => {
  served = await serveRoutes(temp.dir, routes);
  client = served.client;
});

afterAll(async () => {
  await served.close();
  database.close();
  temp.remove();
});

const path = (tool: string, params: unknown): string => `/v1/tool-cache/${tool}?params=${encodeURIComponent(JSON.stringify(params))}`;

describe('tool cache API', () => {
  it('answers a miss with 200 {hit: false}, then a hit after PUT, whatever the key order', async () => {
    expect(await client.json('GET', path('search_flights', { from: 'LIM', to: 'CUZ' }))).toMatchObject({ hit: false, toolName: 'search_flights' });
    const put = await client.json<{ stored: boolean; key: string; expiresAt: string }>('PUT', '/v1/tool-cache/search_flights', {
      params: { from: 'LIM', to: 'CUZ' },
      result: { flights: [{ code: 'LA2047', price: 89.5 }] },
      idempotent: true,
    });
    expect(put).toMatchObject({ stored: true, cachedAt: '2026-11-22T09:00:00.000Z', expiresAt: '2026-11-22T10:00:00.000Z' });
    expect(put.key).toMatch(/^search_flights:[0-9a-f]{64}$/);
    const hit = await client.json('GET', path('search_flights', { to: 'CUZ', from: 'LIM' }));
    expect(hit).toEqual({
      hit: true,
      toolName: 'search_flights',
      key: put.key,
      result: { flights: [{ code: 'LA2047', price: 89.5 }] },
      cachedAt: '2026-11-22T09:00:00.000Z',
      expiresAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('takes any name the context call takes for a tool, ":" included (an MCP server\'s "github:search"), each under its own key', async () => {
    const put = await client.json<{ key: string }>('PUT', '/v1/tool-cache/github:search', { params: { q: 'memoryd' }, result: ['a'], idempotent: true });
    expect(put.key).toMatch(/^github:search:[0-9a-f]{64}$/);
    expect(await client.json('GET', path('github:search', { q: 'memoryd' }))).toMatchObject({ hit: true, key: put.key, result: ['a'] });
    expect(await client.json('GET', path('github', { q: 'memoryd' }))).toMatchObject({ hit: false });
    expect(await client.json('GET', path('search', { q: 'memoryd' }))).toMatchObject({ hit: false });
    const longest = 'x'.repeat(128);
    await client.json('PUT', `/v1/tool-cache/${longest}`, { params: {}, result: 1, idempotent: true });
    expect(await client.json('GET', path(longest, {}))).toMatchObject({ hit: true, toolName: longest });
  });

  it('misses after the hour', async () => {
    await client.json('PUT', '/v1/tool-cache/get_weather_normals', { params: { city: 'Lima' }, result: 'mild', idempotent: true });
    clock.advance(HOUR_MS);
    expect(await client.json('GET', path('get_weather_normals', { city: 'Lima' }))).toMatchObject({ hit: false });
  });

  it('refuses side-effecting tools with 400 and a clear message', async () => {
    for (const idempotent of [false, undefined]) {
      const error = await apiError(client.json('PUT', '/v1/tool-cache/send_email', { params: { to: 'bob' }, result: 'sent', idempotent }));
      expect(error.status).toBe(400);
      expect(error.message).toContain('side-effecting tools are never cached');
      expect(error.details.issues).toEqual([expect.objectContaining({ path: 'body.idempotent' })]);
    }
    expect(await client.json('GET', path('send_email', { to: 'bob' }))).toMatchObject({ hit: false });
  });

  it('refuses parameters with an integer beyond 2^53 with a 400 naming the field, and stores nothing', async () => {
    const before = countToolResults(database.db);
    // Written by hand: JSON.stringify cannot spell an integer beyond 2^53.
    const put = await refusal(client, 'PUT', '/v1/tool-cache/get_order', '{"params":{"order":{"id":9007199254740993}},"result":"shipped","idempotent":true}');
    expect(put).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'body.params.order.id', message: expect.stringContaining('2^53') }] });
    const get = await apiError(client.json('GET', `/v1/tool-cache/get_order?params=${encodeURIComponent('{"ids":[1,9007199254740992]}')}`));
    expect(get.status).toBe(400);
    expect(get.details.issues).toEqual([{ path: 'query.params.ids.1', message: expect.stringContaining('send it as a string') }]);
    expect(countToolResults(database.db)).toBe(before);
    expect(await client.json('GET', path('get_order', { order: { id: '9007199254740993' } }))).toMatchObject({ hit: false });
  });

  it('validates names, parameters and sizes', async () => {
    expect((await apiError(client.json('GET', path('bad%20name', {})))).details.issues).toEqual([expect.objectContaining({ path: 'params.toolName' })]);
    expect((await apiError(client.json('GET', path('t'.repeat(129), {})))).details.issues).toEqual([
      { path: 'params.toolName', message: 'must be 1–128 characters of A–Z, a–z, 0–9, ".", "_", ":" or "-"' },
    ]);
    expect((await apiError(client.json('GET', '/v1/tool-cache/search?params=%7Bnot-json'))).details.issues).toEqual([
      expect.objectContaining({ path: 'query.params' }),
    ]);
    expect((await apiError(client.json('GET', path('search', [1, 2])))).details.issues).toEqual([
      { path: 'query.params', message: expect.stringContaining('URL-encoded JSON of an object') },
    ]);
    const proto = await apiError(client.json('GET', `/v1/tool-cache/search?params=${encodeURIComponent('{"__proto__":{"x":1}}')}`));
    expect(proto.details.issues).toEqual([expect.objectContaining({ path: 'query.params' })]);
    // Nested as deep as a body may be, and one level deeper (refused before JSON.parse, as a body is).
    const nested = (depth: number): string => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    expect(await client.json('GET', `/v1/tool-cache/search?params=${encodeURIComponent(nested(64))}`)).toMatchObject({ hit: false });
    const deep = await apiError(client.json('GET', `/v1/tool-cache/search?params=${encodeURIComponent(nested(65))}`));
    expect(deep.details.issues).toEqual([{ path: 'query.params', message: expect.stringContaining('URL-encoded JSON of an object') }]);
    expect((await apiError(client.json('GET', '/v1/tool-cache/search'))).details.issues).toEqual([expect.objectContaining({ path: 'query.params' })]);
    const extra = await apiError(client.json('PUT', '/v1/tool-cache/search', { params: {}, result: 1, idempotent: true, ttl: 5 }));
    expect(extra.status).toBe(400);
    const noResult = await apiError(client.json('PUT', '/v1/tool-cache/search', { params: {}, idempotent: true }));
    expect(noResult.details.issues).toEqual([expect.objectContaining({ path: 'body.result' })]);
    const large = await apiError(client.json('PUT', '/v1/tool-cache/search', { params: {}, result: 'x'.repeat(2000), idempotent: true }));
    const bytes = Buffer.byteLength(JSON.stringify('x'.repeat(2000)));
    expect(large).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: `413 PAYLOAD_TOO_LARGE: body.result (as JSON) is ${bytes} bytes; the limit is 1024 (MEMORYD_MAX_MESSAGE_BYTES)`,
      details: { path: 'body.result', bytes, limit: 1024, variable: 'MEMORYD_MAX_MESSAGE_BYTES' },
    });
  });
});
