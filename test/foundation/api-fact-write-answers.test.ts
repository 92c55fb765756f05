import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock.js';
import { factPath } from '../../src/client/memoryd-client.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// POST and PATCH /v1/facts answer what the README's API table says, `{fact, created,
// superseded}` and `{fact, edited, superseded}`, and the OpenAPI document and the client's
// types say the same.
const file = daemonPerFile();

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };
type Operation = { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> };

async function send(method: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await file.client.raw(method, path, JSON.stringify(body));
  return { status: response.status, body: JSON.parse(response.body) as Record<string, unknown> };
}

async function answerSchema(path: string, method: string, status: string): Promise<JsonSchema | undefined> {
  const doc = (await file.client.openapi()) as { paths: Record<string, Record<string, Operation>> };
  return doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
}

describe('POST /v1/facts', () => {
  it('answers 201 {fact, created: true, superseded}, then 200 with created: false for the same statement', async () => {
    const added = await send('POST', '/v1/facts', { fact: 'I work at Acme', domain: 'work' });
    expect(added.status).toBe(201);
    expect(Object.keys(added.body).sort()).toEqual(['created', 'fact', 'superseded']);
    expect(added.body).toMatchObject({ created: true, superseded: [] });

    const again = await send('POST', '/v1/facts', { fact: 'I work at Acme', domain: 'work' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ fact: { id: (added.body.fact as { id: string }).id }, created: false, superseded: [] });
  });

  it('gives the client `created` and `superseded` typed', async () => {
    const added = await file.client.addFact({ fact: 'My shoe size is 43', domain: 'personal' });
    const created: boolean = added.created;
    expect(created).toBe(true);
    const replacing = await file.client.addFact({ fact: 'My shoe size is 44', domain: 'personal' });
    const replaced: string[] = replacing.superseded.map((fact) => fact.id);
    expect([replacing.created, replaced]).toEqual([true, [added.fact.id]]);
  });
});

describe('PATCH /v1/facts/{id}', () => {
  it('answers {fact, edited, superseded}: edited when a field changed, not for a re-confirmation alone', async () => {
    const { fact } = await file.client.addFact({ fact: 'I commute by bike', domain: 'personal' });
    const edited = await send('PATCH', factPath(fact.id), { confidence: 'low' });
    expect(edited.status).toBe(200);
    expect(Object.keys(edited.body).sort()).toEqual(['edited', 'fact', 'superseded']);
    expect(edited.body).toMatchObject({ fact: { id: fact.id, confidence: 'low' }, edited: true, superseded: [] });

    const confirmed = await file.client.updateFact(fact.id, { confirm: true });
    const changed: boolean = confirmed.edited;
    expect([changed, confirmed.superseded]).toEqual([false, []]);
  });
});

describe('the OpenAPI document', () => {
  it('lists created for both answers of POST and edited for PATCH, each required', async () => {
    for (const status of ['201', '200']) {
      const schema = await answerSchema('/v1/facts', 'post', status);
      expect([status, Object.keys(schema?.properties ?? {}).sort()]).toEqual([status, ['created', 'fact', 'superseded']]);
      expect(schema?.required).toEqual(expect.arrayContaining(['fact', 'created', 'superseded']));
    }
    const patch = await answerSchema('/v1/facts/{id}', 'patch', '200');
    expect(Object.keys(patch?.properties ?? {}).sort()).toEqual(['edited', 'fact', 'superseded']);
    expect(patch?.required).toEqual(expect.arrayContaining(['fact', 'edited', 'superseded']));
  });
});

describe('PATCH /v1/facts/{id} that changes nothing', () => {
  it('leaves the fact as it was, its update time included; a confirmation is a change', async () => {
    const { fact } = await file.client.addFact({ fact: 'I take the 8:15 train', domain: 'personal', confidence: 'high' });
    (file.daemon.clock as ManualClock).advance(60_000);
    const same = await file.client.updateFact(fact.id, { confidence: 'high', fact: 'I take the 8:15 train' });
    expect(same.edited).toBe(false);
    expect(same.fact).toEqual(fact);
    (file.daemon.clock as ManualClock).advance(60_000);
    const confirmed = await file.client.updateFact(fact.id, { confirm: true });
    expect(confirmed.edited).toBe(false);
    expect(confirmed.fact.updatedAt).not.toBe(fact.updatedAt);
    expect(confirmed.fact.lastConfirmedAt).not.toBe(fact.lastConfirmedAt);
  });
});
