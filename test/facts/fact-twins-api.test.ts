import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsRoutes } from '../../src/api/routes/facts.js';
import type { MemorydClient } from '../../src/client/memoryd-client.js';
import { DAY_MS } from '../../src/clock.js';
import { apiError, serveRoutes, type ServedRoutes } from '../helpers/serve-routes.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

let f: FactsFixture;
let served: ServedRoutes;
let client: MemorydClient;

beforeAll(async () => {
  f = await factsFixture();
  served = await serveRoutes(f.dir, factsRoutes({ facts: f.service, onChange: () => undefined }));
  client = served.client;
});

afterAll(async () => {
  await served.close();
  f.close();
});

async function post(fact: string, domain = 'preferences'): Promise<{ status: number; fact: { id: string; fact: string; lastConfirmedAt: string } }> {
  const response = await client.raw('POST', '/v1/facts', JSON.stringify({ fact, domain }));
  return { status: response.status, ...(JSON.parse(response.body) as { fact: { id: string; fact: string; lastConfirmedAt: string } }) };
}

const liveCount = (): unknown => f.database.sqlite.prepare("select count(*) as n from facts where status = 'active'").get();

describe('twin statements through the API (spacing and closing punctuation aside)', () => {
  it('re-confirms the live fact when POST sends it again with a closing period, exclamation, ellipsis or other spacing', async () => {
    const first = await post('I drink oat milk');
    expect(first.status).toBe(201);
    const before = liveCount();
    for (const twin of ['I drink oat milk.', 'I drink   oat milk', ' i drink\toat\nmilk! ', 'I drink oat milk…', 'I DRINK OAT MILK...']) {
      f.clock.advance(DAY_MS);
      const again = await post(twin);
      expect([twin, again.status, again.fact.id, again.fact.fact]).toEqual([twin, 200, first.fact.id, 'I drink oat milk']);
      expect(again.fact.lastConfirmedAt).toBe(new Date(f.clock.now()).toISOString());
    }
    expect(liveCount()).toEqual(before);
    // Other words are another fact.
    expect((await post('I drink oat milk lattes')).status).toBe(201);
  });

  it('stores a statement with its inner whitespace collapsed (it is prompt text)', async () => {
    const added = await post('  My   cat is\tcalled \n Miso ', 'personal');
    expect([added.status, added.fact.fact]).toEqual([201, 'My cat is called Miso']);
    expect(f.database.sqlite.prepare('select fact from facts where id = ?').get(added.fact.id)).toEqual({ fact: 'My cat is called Miso' });
    const edited = await client.updateFact(added.fact.id, { fact: 'My cat  is called   Miso Soup' });
    expect(edited.fact.fact).toBe('My cat is called Miso Soup');
  });

  it('refuses (409, sameAs) a PATCH that makes a fact a twin of another by spacing or closing punctuation, changing nothing', async () => {
    const tea = (await post('I take my tea black')).fact;
    const other = (await post('I take my coffee black')).fact;
    const stored = (): unknown => f.database.sqlite.prepare('select * from facts order by id').all();
    const before = stored();
    for (const twin of ['I take my tea black.', '  I take  my tea black ', 'i take my tea black!']) {
      const refused = await apiError(client.updateFact(other.id, { fact: twin }));
      expect([twin, refused.status, refused.code, refused.details]).toEqual([twin, 409, 'CONFLICT', { path: 'body.fact', id: other.id, sameAs: tea.id }]);
    }
    expect(stored()).toEqual(before);
    // A fact may still take its own statement with a closing period.
    expect((await client.updateFact(tea.id, { fact: 'I take my tea black.' })).fact.fact).toBe('I take my tea black.');
  });
});
