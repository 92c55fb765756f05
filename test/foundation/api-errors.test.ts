import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MemorydClient } from '../../src/client/memoryd-client.js';
import { defineRoute } from '../../src/api/route.js';
import { AppError } from '../../src/errors.js';
import { serveRoutes, type ServedRoutes } from '../helpers/serve-routes.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// The API layer on a real socket, with one route of its own so every rejection path is
// exercised independently of the domain routes (which have their own tests).
const temp = makeTempDir();
const writes: unknown[] = [];
let served: ServedRoutes;
let client: MemorydClient;

const routes = [
  defineRoute({
    method: 'POST',
    path: '/v1/things/:name',
    summary: 'test route',
    params: z.strictObject({ name: z.string().regex(/^[a-z]+$/) }),
    body: z.strictObject({ count: z.number().int().min(0), tags: z.array(z.string()).optional() }),
    handler: ({ params, body }) => {
      writes.push({ params, body });
      return { ok: true, name: params.name };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/boom',
    summary: 'fails unexpectedly',
    handler: () => {
      throw new Error('secret internal detail');
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/conflict',
    summary: 'fails on purpose',
    handler: () => {
      throw new AppError('CONFLICT', 'already there', { details: { id: 'x' } });
    },
  }),
];

beforeAll(async () => {
  served = await serveRoutes(temp.dir, routes, { maxBodyBytes: 4096 });
  client = served.client;
});

afterAll(async () => {
  await served.close();
  temp.remove();
});

async function errorOf(method: string, path: string, body?: string | Buffer): Promise<{ status: number; error: Record<string, unknown> }> {
  const response = await client.raw(method, path, body);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.body).not.toMatch(/\n\s+at /); // never a stack trace
  return { status: response.status, error: (JSON.parse(response.body) as { error: Record<string, unknown> }).error };
}

describe('API error format over the socket', () => {
  it('accepts a valid request', async () => {
    expect(await client.json('POST', '/v1/things/abc', { count: 2 })).toEqual({ ok: true, name: 'abc' });
  });

  it('answers schema violations with 400 and the path of every wrong field', async () => {
    const before = writes.length;
    const { status, error } = await errorOf('POST', '/v1/things/abc', JSON.stringify({ count: -1, tags: [1], extra: true }));
    expect(status).toBe(400);
    expect(error.code).toBe('INVALID_REQUEST');
    const paths = (error.details as { issues: Array<{ path: string }> }).issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['body.count', 'body.tags.0', 'body.extra']));
    expect(writes.length).toBe(before);
  });

  it('names path parameters that are wrong', async () => {
    const { status, error } = await errorOf('POST', '/v1/things/ABC1', JSON.stringify({ count: 1 }));
    expect(status).toBe(400);
    expect((error.details as { issues: Array<{ path: string }> }).issues[0]?.path).toBe('params.name');
  });

  it('rejects malformed JSON, invalid UTF-8, missing bodies and deep nesting with 400', async () => {
    expect((await errorOf('POST', '/v1/things/abc', '{"count": 1')).status).toBe(400);
    expect((await errorOf('POST', '/v1/things/abc', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]))).error.message).toContain('UTF-8');
    expect((await errorOf('POST', '/v1/things/abc')).status).toBe(400);
    const deep = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    const nested = await errorOf('POST', '/v1/things/abc', deep);
    expect(nested.status).toBe(400);
    expect(nested.error.message).toContain('nested deeper');
  });

  it('rejects a "__proto__" key, however it is spelled, and nothing else', async () => {
    const before = writes.length;
    for (const body of ['{"count": 1, "__proto__": {"x": 1}}', '{"count": 1, "tags": [], "\\u005f_proto__": {}}', '{"count": 1, "\\u005f\\u005fpr\\u006fto\\u005f\\u005f": 1}']) {
      const { status, error } = await errorOf('POST', '/v1/things/abc', body);
      expect(status).toBe(400);
      expect(error.message).toContain('"__proto__" is not allowed');
    }
    expect(writes.length).toBe(before);
    // The word may appear in values, and values may hold \u escapes.
    expect(await client.json('POST', '/v1/things/abc', { count: 3, tags: ['__proto__', 'été'] })).toEqual({ ok: true, name: 'abc' });
    expect(await client.raw('POST', '/v1/things/abc', '{"count": 4, "tags": ["\\u00e9t\\u00e9"]}')).toMatchObject({ status: 200 });
  });

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    expect((await errorOf('GET', '/v1/nothing-here')).error.code).toBe('NOT_FOUND');
    const response = await client.raw('DELETE', '/v1/things/abc');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(JSON.parse(response.body).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers bodies over the limit with 413', async () => {
    const body = JSON.stringify({ count: 1, tags: ['x'.repeat(8000)] });
    const { status, error } = await errorOf('POST', '/v1/things/abc', body);
    expect(status).toBe(413);
    const bytes = Buffer.byteLength(body);
    expect(error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: `the request body is ${bytes} bytes; the limit is 4096 (MEMORYD_MAX_BODY_BYTES)`,
      details: { path: 'body', bytes, limit: 4096, variable: 'MEMORYD_MAX_BODY_BYTES' },
    });
  });

  it('maps domain errors by code and hides internal ones', async () => {
    const conflict = await errorOf('GET', '/v1/conflict');
    expect(conflict).toEqual({ status: 409, error: { code: 'CONFLICT', message: 'already there', details: { id: 'x' } } });
    const boom = await errorOf('GET', '/v1/boom');
    expect(boom.status).toBe(500);
    expect(boom.error.code).toBe('INTERNAL');
    expect(JSON.stringify(boom.error)).not.toContain('secret internal detail');
  });
});
