import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { factPath, sessionPath } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { startDaemonWithSocketOutside, type TestDaemon } from '../helpers/test-daemon.js';

// The OpenAPI document's 503 of each route against what the route answers while the
// database file is gone: every write is refused with 503 UNAVAILABLE, and the document
// says so for exactly those routes; a read only ever gets the 503 of a shutdown.
const defer = cleanupAfterEach();

type Operation = { responses: Record<string, { description: string }> };

const started = (): Promise<TestDaemon> => startDaemonWithSocketOutside(defer);

// A valid request for every operation but the health check (its 503 has its own description and body).
function requests(factId: string): Record<string, { path: string; body?: unknown }> {
  return {
    'post /v1/sessions/{sessionId}/context': { path: sessionPath('s', '/context'), body: { message: 'And the electrician on Friday.' } },
    'post /v1/sessions/{sessionId}/turns': { path: sessionPath('s', '/turns'), body: { role: 'assistant', content: 'Noted.' } },
    'get /v1/sessions/{sessionId}': { path: sessionPath('s') },
    'delete /v1/sessions/{sessionId}': { path: sessionPath('s') },
    'get /v1/facts': { path: '/v1/facts' },
    'post /v1/facts': { path: '/v1/facts', body: { fact: 'My editor is Helix', domain: 'work' } },
    'get /v1/facts/{id}': { path: factPath(factId) },
    'patch /v1/facts/{id}': { path: factPath(factId), body: { confidence: 'low' } },
    'delete /v1/facts/{id}': { path: factPath(factId) },
    'get /v1/facts/{id}/chain': { path: factPath(factId, '/chain') },
    'get /v1/tool-cache/{toolName}': { path: `/v1/tool-cache/search?params=${encodeURIComponent('{"q":"tiles"}')}` },
    'put /v1/tool-cache/{toolName}': { path: '/v1/tool-cache/search', body: { params: { q: 'tiles' }, result: 'three shops', idempotent: true } },
    'post /v1/discard': { path: '/v1/discard', body: { kind: 'stack_trace', content: 'at main()', error: { code: 'E_BOOM', message: 'boom' } } },
    'get /v1/metrics': { path: '/v1/metrics' },
    'get /v1/openapi.json': { path: '/v1/openapi.json' },
  };
}

describe("the OpenAPI document's 503s, with the database file gone", () => {
  it('name the refused write for every route that writes, and only a shutdown for the others', async () => {
    const daemon = await started();
    await daemon.client.context('s', { message: 'The plumber comes on Tuesday.' });
    const { fact } = await daemon.client.addFact({ fact: 'I work at Acme', domain: 'work' });
    const doc = (await daemon.client.openapi()) as { paths: Record<string, Record<string, Operation>> };
    rmSync(daemon.config.dataDir, { recursive: true });
    expect((await daemon.client.raw('GET', '/v1/health')).status).toBe(503);

    const table = requests(fact.id);
    const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => [`${method} ${path}`, op] as const));
    expect(operations.map(([name]) => name).filter((name) => name !== 'get /v1/health').sort()).toEqual(Object.keys(table).sort());
    for (const [name, op] of operations) {
      const request = table[name];
      if (request === undefined) continue;
      const [method = ''] = name.split(' ');
      const response = await daemon.client.raw(method.toUpperCase(), request.path, request.body === undefined ? undefined : JSON.stringify(request.body));
      const refused = response.status === 503 && (JSON.parse(response.body) as { error?: { code?: string } }).error?.code === 'UNAVAILABLE';
      const described = op.responses['503']?.description ?? '';
      expect([name, refused]).toEqual([name, method !== 'get']);
      expect([name, /UNAVAILABLE/.test(described) && /database file is gone/.test(described)]).toEqual([name, refused]);
      expect([name, described]).toEqual([name, expect.stringContaining('SHUTTING_DOWN')]);
    }
  });
});
