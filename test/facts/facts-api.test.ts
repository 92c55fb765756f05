import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsRoutes } from '../../src/api/routes/facts.js';
import type { MemorydClient } from '../../src/client/memoryd-client.js';
import { DAY_MS } from '../../src/clock.js';
import { issuePaths } from '../helpers/api-refusal.js';
import { apiError, serveRoutes, type ServedRoutes } from '../helpers/serve-routes.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

let f: FactsFixture;
let served: ServedRoutes;
let client: MemorydClient;
const changes: string[] = [];

beforeAll(async () => {
  f = await factsFixture();
  served = await serveRoutes(f.dir, factsRoutes({ facts: f.service, onChange: (kind) => changes.push(kind) }));
  client = served.client;
});

afterAll(async () => {
  await served.close();
  f.close();
});

describe('facts endpoints over the socket', () => {
  it('adds a fact (201, high confidence by default) and reads it back', async () => {
    const response = await client.raw('POST', '/v1/facts', JSON.stringify({ fact: '  The standup is at 9:30 ', domain: 'work' }));
    expect(response.status).toBe(201);
    const { fact } = JSON.parse(response.body) as { fact: Record<string, unknown> };
    expect(fact).toMatchObject({
      fact: 'The standup is at 9:30',
      domain: 'work',
      confidence: 'high',
      source: 'explicit',
      status: 'active',
      injectable: true,
      supersededBy: null,
      createdAt: new Date(f.clock.now()).toISOString(),
      lastConfirmedAt: new Date(f.clock.now()).toISOString(),
      provenance: { sessionId: null, turns: [] },
    });
    expect(fact).not.toHaveProperty('notInjectableBecause');
    expect(await client.getFact(fact.id as string)).toEqual({ fact });
    // Durable before it was acknowledged: another connection sees it.
    expect(f.database.sqlite.prepare('select fact from facts where id = ?').get(fact.id)).toEqual({ fact: 'The standup is at 9:30' });
  });

  it('re-confirms the same statement already live in the domain (200) instead of adding it twice; a resent POST doubles nothing, nor does another domain', async () => {
    const first = await client.raw('POST', '/v1/facts', JSON.stringify({ fact: 'I live in Lima', domain: 'personal', confidence: 'medium' }));
    expect(first.status).toBe(201);
    const added = (JSON.parse(first.body) as { fact: { id: string } }).fact;
    f.clock.advance(DAY_MS);
    changes.length = 0;
    const again = await client.raw('POST', '/v1/facts', JSON.stringify({ fact: 'i live in LIMA', domain: 'personal', confidence: 'high' }));
    expect(again.status).toBe(200);
    expect((JSON.parse(again.body) as { fact: unknown }).fact).toMatchObject({
      id: added.id,
      fact: 'I live in Lima',
      confidence: 'high',
      lastConfirmedAt: new Date(f.clock.now()).toISOString(),
    });
    expect(changes).toEqual(['reconfirmed']);
    expect((await client.listFacts({ domain: 'personal', q: 'live in lima' })).facts.map((fact) => fact.id)).toEqual([added.id]);
    // In another domain it would be a second copy in the prompts: a conflict naming the live one, nothing added.
    const elsewhere = await apiError(client.addFact({ fact: 'I live in Lima', domain: 'work' }));
    expect([elsewhere.status, elsewhere.details]).toEqual([409, { path: 'body.fact', sameAs: added.id }]);
    expect((await client.listFacts({ q: 'live in lima' })).facts.map((fact) => fact.id)).toEqual([added.id]);
    expect(changes).toEqual(['reconfirmed']);
  });

  it('lists with filters: domain, status, text (accent-insensitive) and limit', async () => {
    await client.addFact({ fact: 'Prefiero el café sin azúcar', domain: 'preferences', confidence: 'medium' });
    await client.addFact({ fact: 'My editor is Vim', domain: 'preferences', confidence: 'low' });
    expect((await client.listFacts({ domain: 'preferences' })).facts.map((fact) => fact.fact)).toEqual(['My editor is Vim', 'Prefiero el café sin azúcar']);
    expect((await client.listFacts({ q: 'CAFE' })).facts.map((fact) => fact.fact)).toEqual(['Prefiero el café sin azúcar']);
    expect((await client.listFacts({ limit: 1 })).facts).toHaveLength(1);
    expect((await client.listFacts({ status: 'deleted' })).facts).toEqual([]);
  });

  it('edits, re-confirms and reports why a fact is not injectable', async () => {
    const { fact } = await client.addFact({ fact: 'My shell is bash', domain: 'preferences', confidence: 'low' });
    f.clock.advance(40 * DAY_MS);
    expect((await client.getFact(fact.id)).fact).toMatchObject({ injectable: false, notInjectableBecause: 'low confidence, not confirmed for 40 days (over 30)' });
    const confirmed = await client.updateFact(fact.id, { confirm: true });
    expect(confirmed.fact).toMatchObject({ injectable: true, lastConfirmedAt: new Date(f.clock.now()).toISOString() });
    const before = f.factsChanges;
    const edited = await client.updateFact(fact.id, { fact: 'My shell is zsh', confidence: 'high', domain: 'work' });
    expect(edited.fact).toMatchObject({ fact: 'My shell is zsh', confidence: 'high', domain: 'work', tokenCount: f.tokenizer.count('My shell is zsh\n') });
    expect(f.factsChanges).toBe(before + 1);
  });

  it('soft-deletes with a reason from the body or the query; a deleted fact deleted again is left as it is, and edited is a conflict', async () => {
    const a = (await client.addFact({ fact: 'The office is in Rome', domain: 'work' })).fact;
    const b = (await client.addFact({ fact: 'The warehouse is in Milan', domain: 'work' })).fact;
    expect((await client.deleteFact(a.id, 'moved')).fact).toMatchObject({ status: 'deleted', reason: 'moved', injectable: false });
    expect((await client.json<{ fact: { reason: string } }>('DELETE', `/v1/facts/${b.id}?reason=closed`)).fact.reason).toBe('closed');
    const c = (await client.addFact({ fact: 'The lab is in Turin', domain: 'work' })).fact;
    expect((await client.deleteFact(c.id)).fact.reason).toBe('deleted through the API');
    expect((await client.listFacts({ status: 'deleted' })).facts.map((fact) => fact.id).sort()).toEqual([a.id, b.id, c.id].sort());

    // A DELETE resent (after a timeout, say) answers as the first did, and changes nothing: not its reason either.
    changes.length = 0;
    expect((await client.deleteFact(a.id, 'another reason')).fact).toMatchObject({ id: a.id, status: 'deleted', reason: 'moved' });
    expect(changes).toEqual([]);
    const edit = await apiError(client.updateFact(a.id, { fact: 'The office is in Paris' }));
    expect(edit.status).toBe(409);
    expect(edit.message).toContain('is deleted');
    expect((await client.getFact(a.id)).fact.fact).toBe('The office is in Rome');
  });

  it('gives the supersede chain of a fact, oldest first, from any fact in it', async () => {
    await f.say('Remember that my editor is Emacs.');
    await f.say('My editor is Helix now.');
    await f.say('I switched to Zed.');
    const zed = (await client.listFacts({ q: 'zed' })).facts[0];
    const chain = await client.factChain(zed?.id ?? '');
    // The fact added through the API earlier has the same subject: the user's statements replaced it too.
    expect(chain.facts.map((fact) => [fact.fact, fact.status])).toEqual([
      ['My editor is Vim', 'superseded'],
      ['My editor is Emacs', 'superseded'],
      ['My editor is Helix', 'superseded'],
      ['I switched to Zed', 'active'],
    ]);
    expect(chain.facts[0]?.supersededBy).toBe(chain.facts[1]?.id);
    expect((await client.factChain(chain.facts[0]?.id ?? '')).facts).toEqual(chain.facts);
    const conflict = await apiError(client.updateFact(chain.facts[0]?.id ?? '', { confirm: true }));
    expect(conflict.status).toBe(409);
    expect(conflict.message).toContain(`replaced by ${chain.facts[1]?.id}`);
  });

  it('reports each committed change for the metrics, and nothing for a refused one', async () => {
    changes.length = 0;
    const added = await client.json<{ fact: { id: string } }>('POST', '/v1/facts', { fact: 'The gym closes at 22:00', domain: 'personal' });
    const id = added.fact.id;
    await client.json('PATCH', `/v1/facts/${id}`, { confirm: true });
    await client.json('PATCH', `/v1/facts/${id}`, { fact: 'The gym closes at 23:00', confirm: true });
    await client.json('PATCH', `/v1/facts/${id}`, { confidence: 'medium' });
    await client.json('PATCH', `/v1/facts/${id}`, { confidence: 'medium', domain: 'personal' });
    await client.json('DELETE', `/v1/facts/${id}`);
    expect(changes).toEqual(['added', 'reconfirmed', 'edited', 'reconfirmed', 'edited', 'deleted']);
    changes.length = 0;
    await client.json('POST', '/v1/facts', { fact: 'My locker number is 12', domain: 'personal' });
    await client.json('POST', '/v1/facts', { fact: 'My locker number is 31', domain: 'personal' });
    expect(changes).toEqual(['added', 'added', 'superseded']);
    await client.json('PATCH', `/v1/facts/${id}`, { confirm: true }).catch(() => undefined);
    await client.json('POST', '/v1/facts', { fact: '', domain: 'personal' }).catch(() => undefined);
    await client.json('POST', '/v1/facts', { fact: 'My locker PIN is 1234', domain: 'personal' }).catch(() => undefined);
    expect(changes).toHaveLength(3);
  });

  it('answers unknown ids with 404', async () => {
    for (const call of [client.getFact('fact_nope'), client.updateFact('fact_nope', { confirm: true }), client.deleteFact('fact_nope'), client.factChain('fact_nope')]) {
      const error = await apiError(call);
      expect([error.status, error.code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('rejects bad input with 400 and field paths, changing nothing', async () => {
    const before = f.database.sqlite.prepare('select count(*) as n, max(updated_at) as u from facts').get();
    const add = await apiError(client.json('POST', '/v1/facts', { fact: '   ', domain: 'hobbies', confidence: 'certain', extra: 1 }));
    expect(add.status).toBe(400);
    expect(issuePaths(add)).toEqual(expect.arrayContaining(['body.fact', 'body.domain', 'body.confidence', 'body.extra']));
    const [id] = (await client.listFacts({ limit: 1 })).facts.map((fact) => fact.id);
    const empty = await apiError(client.json('PATCH', `/v1/facts/${id}`, {}));
    expect([empty.status, issuePaths(empty)]).toEqual([400, ['body']]);
    expect(empty.message).toContain('at least one of fact, domain, confidence or confirm');
    const wrongConfirm = await apiError(client.json('PATCH', `/v1/facts/${id}`, { confirm: false }));
    expect(issuePaths(wrongConfirm)).toEqual(['body.confirm']);
    const query = await apiError(client.json('GET', '/v1/facts?status=sleeping&limit=0&domain=x'));
    expect(issuePaths(query).sort()).toEqual(['query.domain', 'query.limit', 'query.status']);
    expect(issuePaths(await apiError(client.json('GET', '/v1/facts?limit=10001')))).toEqual(['query.limit']);
    expect(issuePaths(await apiError(client.json('GET', '/v1/facts/bad%20id')))).toEqual(['params.id']);
    expect(issuePaths(await apiError(client.json('DELETE', `/v1/facts/${id}`, { reason: '' })))).toEqual(['body.reason']);
    // A limit in decimal digits only: hex, binary, an exponent or a space are not read as Number() would.
    for (const limit of ['0x3', '0b11', '1e1', '%202', '2%20', '+2', '-1', '1.0']) {
      const refused = await apiError(client.json('GET', `/v1/facts?limit=${limit}`));
      expect([limit, refused.status, issuePaths(refused)]).toEqual([limit, 400, ['query.limit']]);
    }
    expect((await client.listFacts({ limit: 2 })).facts).toHaveLength(2);
    expect((await client.json<{ facts: unknown[] }>('GET', '/v1/facts?limit=002')).facts).toHaveLength(2);
    // A reason in both the body and the query: neither is chosen silently.
    const twoReasons = await apiError(client.json('DELETE', `/v1/facts/${id}?reason=moved`, { reason: 'closed' }));
    expect([twoReasons.status, issuePaths(twoReasons)]).toEqual([400, ['body.reason', 'query.reason']]);
    expect((await client.getFact(id ?? '')).fact.status).not.toBe('deleted');
    expect(f.database.sqlite.prepare('select count(*) as n, max(updated_at) as u from facts').get()).toEqual(before);
  });

  it('refuses an edit that would make a fact the same statement as another live one, in any domain (409 naming the field and that fact), changing nothing', async () => {
    const oolong = (await client.addFact({ fact: 'I drink oolong tea', domain: 'preferences' })).fact;
    const green = (await client.addFact({ fact: 'I drink green tea', domain: 'preferences', confidence: 'medium' })).fact;
    const stored = (): unknown => f.database.sqlite.prepare('select * from facts order by id').all();
    const before = stored();
    changes.length = 0;

    const byText = await apiError(client.updateFact(green.id, { fact: 'I DRINK oolong tea', confidence: 'high', confirm: true }));
    expect([byText.status, byText.code]).toEqual([409, 'CONFLICT']);
    expect(byText.details).toEqual({ path: 'body.fact', id: green.id, sameAs: oolong.id });
    expect(byText.message).toContain(`body.fact: "I DRINK oolong tea" is already fact ${oolong.id} in preferences`);
    // The same words put in another domain would be a second copy in the prompts too.
    const elsewhere = await apiError(client.updateFact(green.id, { fact: 'I drink oolong tea', domain: 'work' }));
    expect([elsewhere.status, elsewhere.details]).toEqual([409, { path: 'body.fact', id: green.id, sameAs: oolong.id }]);
    expect(stored()).toEqual(before);
    expect(changes).toEqual([]);
    expect((await client.listFacts({ q: 'oolong' })).facts.map((fact) => fact.id)).toEqual([oolong.id]);

    // A fact's own statement in another case is no twin, nor is a move of its own to another domain.
    expect((await client.updateFact(oolong.id, { fact: 'I drink Oolong tea' })).fact.fact).toBe('I drink Oolong tea');
    expect((await client.updateFact(oolong.id, { domain: 'personal' })).fact).toMatchObject({ fact: 'I drink Oolong tea', domain: 'personal' });
  });
});
