import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FactListQuery } from '../../src/api/schemas/facts.js';
import type { EndSessionResponse, SessionResponse } from '../../src/api/schemas/sessions.js';
import type { FactStatus } from '../../src/facts/fact-record.js';
import type { MemorydClient } from '../../src/client/memoryd-client.js';
import { apiError } from '../helpers/serve-routes.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// The typed client's methods for every endpoint the README lists, on a real daemon.
const file = daemonPerFile();

describe('the client types', () => {
  it('declare the fact-list query and the session answers as the daemon reads and writes them', () => {
    // Checked by `tsc --noEmit`: the query once held `unknown` (zod's input of a coerced number), the session a bare record.
    expectTypeOf<FactListQuery['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<FactListQuery['status']>().toEqualTypeOf<FactStatus | 'all' | undefined>();
    expectTypeOf<ReturnType<MemorydClient['session']>>().toEqualTypeOf<Promise<SessionResponse>>();
    expectTypeOf<SessionResponse['window']['size']>().toEqualTypeOf<number | null>();
    expectTypeOf<ReturnType<MemorydClient['endSession']>>().toEqualTypeOf<Promise<EndSessionResponse>>();
  });

  it('send a numeric limit as the daemon expects it', async () => {
    await file.client.addFact({ fact: 'The printer is on floor 2', domain: 'work' });
    await file.client.addFact({ fact: 'The kitchen is on floor 1', domain: 'work' });
    expect((await file.client.listFacts({ domain: 'work', limit: 1 })).facts).toHaveLength(1);
  });
});

describe('tool-cache methods', () => {
  it('store an idempotent result and find it with the parameters in any order', async () => {
    expect(await file.client.cachedToolResult('search_flights', { from: 'LIM', to: 'CUZ' })).toMatchObject({ hit: false, toolName: 'search_flights' });
    const stored = await file.client.cacheToolResult('search_flights', { params: { from: 'LIM', to: 'CUZ' }, result: { fares: [120, 95] }, idempotent: true });
    expect(stored).toMatchObject({ stored: true, toolName: 'search_flights' });
    const hit = await file.client.cachedToolResult('search_flights', { to: 'CUZ', from: 'LIM' });
    expect(hit).toMatchObject({ hit: true, key: stored.key, result: { fares: [120, 95] }, cachedAt: stored.cachedAt, expiresAt: stored.expiresAt });
  });

  it('encode tool names and parameters that need it, and surface refusals as MemorydApiError', async () => {
    const params = { q: 'café & "bar" = 100%', tags: ['a/b', '?'] };
    await file.client.cacheToolResult('lookup.v2', { params, result: 'ok', idempotent: true });
    expect(await file.client.cachedToolResult('lookup.v2', params)).toMatchObject({ hit: true, result: 'ok' });
    const refused = await apiError(file.client.cacheToolResult('send_email', { params: { to: 'bob' }, result: 'sent', idempotent: false as true }));
    expect(refused).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect((await apiError(file.client.cachedToolResult('bad name', {}))).details.issues).toEqual([expect.objectContaining({ path: 'params.toolName' })]);
  });
});

describe('discard', () => {
  it('hands a record to the logs, and an error summary to the errors table', async () => {
    expect(await file.client.discard({ kind: 'tool_log', content: 'GET /flights → 200 in 120 ms', sessionId: 'disc', toolName: 'search_flights' })).toEqual({
      discarded: true,
      logged: true,
      errorRecorded: false,
    });
    expect(await file.client.discard({ kind: 'stack_trace', content: 'Error: boom\n    at x', sessionId: 'disc', error: { code: 'E_BOOM', message: 'boom' } })).toEqual({
      discarded: true,
      logged: true,
      errorRecorded: true,
    });
    expect((await apiError(file.client.discard({ kind: 'tool_log', content: '' }))).details.issues).toEqual([expect.objectContaining({ path: 'body.content' })]);
  });
});
