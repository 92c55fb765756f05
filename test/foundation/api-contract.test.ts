import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../src/errors.js';
import { degradedHealthResponseSchema } from '../../src/api/schemas/health.js';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { apiError } from '../helpers/serve-routes.js';
import { daemonPerFile, startTestDaemon } from '../helpers/test-daemon.js';

// What api.md promises, checked on a real daemon (socket, SQLite, migrations).
const defer = cleanupAfterEach();
const file = daemonPerFile();

const issuesOf = (error: { details: Record<string, unknown> }): FieldIssue[] => error.details.issues as FieldIssue[];

// Every sample of the Prometheus text, by series (`name{labels}`).
function samples(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    values.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return values;
}

// What a dry run may move: the HTTP request itself, the time the call took, and the
// summarizer's work counter (the work was done, though its summary is rolled back).
const MEASURES_THE_CALL = /^memoryd_(http_requests_total|uptime_seconds|context_ms|compile_ms)/;

function outcomeSamples(text: string): Map<string, number> {
  return new Map([...samples(text)].filter(([series]) => !MEASURES_THE_CALL.test(series)));
}

describe('GET /v1/health when a part is down', () => {
  it('answers 503 with the health fields and the error format, and the client raises a clear MemorydApiError', async () => {
    const down = await startTestDaemon();
    defer(() => down.stop());
    down.daemon.context.database.close();

    const response = await down.client.raw('GET', '/v1/health');
    expect(response.status).toBe(503);
    // The schema the OpenAPI document lists for this 503.
    expect(degradedHealthResponseSchema.safeParse(JSON.parse(response.body)).success).toBe(true);
    expect(JSON.parse(response.body)).toMatchObject({
      status: 'degraded',
      db: 'error',
      tokenizer: 'cl100k_base',
      embedder: { kind: 'hashing' },
      error: { code: 'UNAVAILABLE', message: expect.stringContaining('database'), details: { down: ['db'] } },
    });

    const error = await apiError(down.client.health());
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', details: { down: ['db'] } });
    expect(error.message).toMatch(/^503 UNAVAILABLE: .*database/);
    expect(error.body).toMatchObject({ status: 'degraded', db: 'error' });
  });
});

describe('a dry run changes nothing, metrics included', () => {
  it('moves no outcome metric, though it adds facts, shifts the topic, hits the cache and crosses thresholds', async () => {
    const chat = conversation(file.client, 'dry');
    for (let i = 0; i < 5; i += 1) {
      await chat.say(`Kitchen renovation detail ${i}: the tiles and the cabinets.`);
      await chat.reply(`Renovation answer ${i}: order the tiles first.`);
    }
    await chat.say('Who is my dentist?');
    await file.client.recordTurn('dry', { role: 'assistant', content: 'Your dentist is Dr. Ortega.', cacheable: true });
    const before = outcomeSamples(await file.client.metrics());

    const fact = await chat.say('Remember that my editor is Vim.', { dryRun: true });
    expect(fact.facts.added).not.toEqual([]);
    const shifted = await chat.say('By the way, how do I renew my passport?', { dryRun: true });
    expect(shifted.turn.topicShift).toBe(true);
    expect(shifted.turn.summariesCreated).toBeGreaterThan(0);
    expect((await conversation(file.client, 'dry-2').say('Who is my dentist?', { dryRun: true })).cached?.source).toBe('cache');
    const critical = fact.layout.sections.filter((section) => section.critical).reduce((sum, section) => sum + section.final, 0);
    // Just above the critical load: every other section must give way.
    const squeezed = await chat.say('Remember that my editor is Vim.', { dryRun: true, budget: critical + 5 });
    expect(squeezed.level).toBe('critical');
    expect(squeezed.layout.sections.some((section) => (section.actions as unknown[]).length > 0)).toBe(true);

    expect(outcomeSamples(await file.client.metrics())).toEqual(before);
    // The same message for real is counted.
    await chat.say('Remember that my editor is Vim.');
    expect(outcomeSamples(await file.client.metrics()).get('memoryd_facts_total{kind="added"}')).toBe((before.get('memoryd_facts_total{kind="added"}') ?? 0) + 1);
  });
});

describe('details.issues', () => {
  it('lists the problems of the path, the query and the body together', async () => {
    const error = await apiError(file.client.json('DELETE', '/v1/facts/bad%20id?reason=x&colour=red', { reason: '', extra: 1 }));
    expect(error.status).toBe(400);
    expect(issuesOf(error).map((issue) => issue.path).sort()).toEqual(['body.extra', 'body.reason', 'params.id', 'query.colour']);
    expect(error.message).toContain('(and 3 more)');
  });

  it('names each unknown field by its path, one issue per field', async () => {
    const error = await apiError(file.client.json('POST', '/v1/facts', { fact: 'My editor is Vim', domain: 'preferences', foo: 1, bar: 2 }));
    expect(issuesOf(error)).toEqual([
      { path: 'body.foo', message: 'unknown field "foo"' },
      { path: 'body.bar', message: 'unknown field "bar"' },
    ]);
    const nested = await apiError(file.client.context('s', { message: 'hi', tools: [{ name: 't', description: 'd', colour: 'red' } as never] }));
    expect(issuesOf(nested)).toEqual([{ path: 'body.tools.0.colour', message: 'unknown field "colour"' }]);
  });

  it('says what `at` expects when the time has no zone, and still accepts Z and offsets', async () => {
    const error = await apiError(file.client.context('at', { message: 'hello', at: '2026-01-01T10:00:00' }));
    expect(issuesOf(error)).toEqual([
      { path: 'body.at', message: 'must be an ISO-8601 date-time with a time zone, e.g. 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00' },
    ]);
    await file.client.context('at', { message: 'hello', at: '2026-01-01T10:00:00Z' });
    await file.client.context('at', { message: 'hello again', at: '2026-01-01T12:00:00+01:00' });
  });
});

describe('GET /v1/facts with the template of api.md', () => {
  it('treats empty values as absent, and still refuses wrong ones by name', async () => {
    await file.client.addFact({ fact: 'The standup is at 9:30', domain: 'work' });
    const all = await file.client.json<{ facts: unknown[] }>('GET', '/v1/facts');
    expect(await file.client.json('GET', '/v1/facts?domain=&status=&q=&limit=')).toEqual(all);
    const wrong = await apiError(file.client.json('GET', '/v1/facts?domain=&status=sleeping&q=&limit=0'));
    expect(issuesOf(wrong).map((issue) => issue.path).sort()).toEqual(['query.limit', 'query.status']);
  });
});

describe('request bodies', () => {
  it('are read as JSON whatever the Content-Type, an unparsable one included', async () => {
    for (const type of ['json', '', 'a/b/c', 'application/']) {
      const response = await file.client.raw('POST', '/v1/facts', JSON.stringify({ fact: `Content type "${type}" is fine`, domain: 'work' }), { 'content-type': type });
      expect([type, response.status]).toEqual([type, 201]);
    }
    const refused = await file.client.raw('POST', '/v1/facts', '{"fact": 1', { 'content-type': 'json' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe('INVALID_REQUEST');
  });
});

describe('the OpenAPI document', () => {
  type Operation = { requestBody?: { required: boolean }; responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }> };
  const operation = async (path: string, method: string): Promise<Operation> => {
    const doc = (await file.client.openapi()) as { paths: Record<string, Record<string, Operation>> };
    const found = doc.paths[path]?.[method];
    if (!found) throw new Error(`no ${method} ${path} in the document`);
    return found;
  };
  const successOf = (op: Operation): string[] => Object.keys(op.responses).filter((status) => status.startsWith('2'));

  it('lists the status each route really answers with on success', async () => {
    const { fact } = await file.client.addFact({ fact: 'The office is in Rome', domain: 'work' });
    const calls: Array<[string, string, () => Promise<{ status: number }>]> = [
      ['/v1/health', 'get', () => file.client.raw('GET', '/v1/health')],
      ['/v1/facts', 'post', () => file.client.raw('POST', '/v1/facts', JSON.stringify({ fact: 'The printer is on the second floor', domain: 'work' }))],
      // The same statement again: re-confirmed, the document's other success.
      ['/v1/facts', 'post', () => file.client.raw('POST', '/v1/facts', JSON.stringify({ fact: 'The printer is on the second floor', domain: 'work' }))],
      ['/v1/facts', 'get', () => file.client.raw('GET', '/v1/facts')],
      ['/v1/facts/{id}', 'patch', () => file.client.raw('PATCH', `/v1/facts/${fact.id}`, JSON.stringify({ confirm: true }))],
      ['/v1/facts/{id}', 'delete', () => file.client.raw('DELETE', `/v1/facts/${fact.id}`)],
      ['/v1/sessions/{sessionId}/context', 'post', () => file.client.raw('POST', sessionPath('doc', '/context'), JSON.stringify({ message: 'hi' }))],
      ['/v1/metrics', 'get', () => file.client.raw('GET', '/v1/metrics')],
    ];
    const seen = new Map<string, string[]>();
    for (const [path, method, call] of calls) {
      const { status } = await call();
      seen.set(`${method} ${path}`, [...(seen.get(`${method} ${path}`) ?? []), String(status)]);
    }
    // Every success status a route answered with is documented, and every documented one was seen.
    for (const [path, method] of calls) {
      expect([path, method, successOf(await operation(path, method))]).toEqual([path, method, [...new Set(seen.get(`${method} ${path}`))].sort()]);
    }
    // The fact is deleted now: deleting it again answers with it as it stands; editing it is the 409 the document describes.
    expect((await file.client.raw('DELETE', `/v1/facts/${fact.id}`)).status).toBe(200);
    const conflict = await file.client.raw('PATCH', `/v1/facts/${fact.id}`, JSON.stringify({ confirm: true }));
    expect(conflict.status).toBe(409);
    expect((await operation('/v1/facts/{id}', 'patch')).responses['409']?.description).toMatch(/deleted or superseded/);
    expect((await operation('/v1/facts/{id}', 'delete')).responses['409']?.description).toMatch(/superseded.*already deleted is answered as it stands/);
  });

  it('marks the optional body of DELETE /v1/facts/{id} as optional, and required ones as required', async () => {
    expect((await operation('/v1/facts/{id}', 'delete')).requestBody?.required).toBe(false);
    expect((await operation('/v1/facts', 'post')).requestBody?.required).toBe(true);
    expect((await operation('/v1/facts/{id}', 'patch')).requestBody?.required).toBe(true);
  });

  it("lists health's 503 with its body, and describes every status", async () => {
    const health = await operation('/v1/health', 'get');
    const degraded = health.responses['503'];
    expect(degraded?.description).toMatch(/degraded/);
    expect(JSON.stringify(degraded?.content)).toContain('"error"');
    expect(JSON.stringify(degraded?.content)).toContain('"db"');
    const doc = (await file.client.openapi()) as { paths: Record<string, Record<string, Operation>> };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(op.responses)) {
          expect([path, method, status, response.description]).not.toEqual([path, method, status, 'error']);
        }
      }
    }
  });
});
