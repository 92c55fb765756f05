import { describe, expect, it } from 'vitest';
import { factPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// An erase cannot be undone: DELETE /v1/facts/{id} with `erase` in the body and the query
// saying opposite things is a 400 naming both, as a reason given twice is, and changes nothing.
const file = daemonPerFile();

const DISAGREE = 'the body and the query disagree on erase: give it once, in the body or in the query';

describe('DELETE /v1/facts/{id} with erase in the body and the query', () => {
  it('refuses flags that disagree, either way round, naming both, and changes nothing', async () => {
    const { fact } = await file.client.addFact({ fact: 'My favourite colour is teal', domain: 'personal' });
    for (const [query, body] of [
      ['true', { erase: false }],
      ['false', { erase: true }],
    ] as const) {
      const refused = await refusal(file.client, 'DELETE', `${factPath(fact.id)}?erase=${query}`, JSON.stringify(body));
      expect([query, refused.status, refused.issues]).toEqual([
        query,
        400,
        [
          { path: 'body.erase', message: DISAGREE },
          { path: 'query.erase', message: DISAGREE },
        ],
      ]);
    }
    expect((await file.client.getFact(fact.id)).fact).toMatchObject({ fact: 'My favourite colour is teal', status: 'active' });
  });

  it('is named together with a reason given twice', async () => {
    const { fact } = await file.client.addFact({ fact: 'I park on level 3', domain: 'personal' });
    const refused = await refusal(file.client, 'DELETE', `${factPath(fact.id)}?erase=true&reason=a`, JSON.stringify({ erase: false, reason: 'b' }));
    expect(refused.issues.map((issue) => issue.path)).toEqual(['body.reason', 'query.reason', 'body.erase', 'query.erase']);
    expect((await file.client.getFact(fact.id)).fact.status).toBe('active');
  });

  it('takes flags that agree: both false soft-deletes, both true erases', async () => {
    const kept = (await file.client.addFact({ fact: 'I take the 8:10 train', domain: 'personal' })).fact;
    const softly = await file.client.json<{ fact: { fact: string; status: string } }>('DELETE', `${factPath(kept.id)}?erase=false`, { erase: false });
    expect(softly.fact).toMatchObject({ fact: 'I take the 8:10 train', status: 'deleted' });
    const erased = (await file.client.addFact({ fact: 'My dog is called Pixel', domain: 'personal' })).fact;
    const gone = await file.client.json<{ fact: { fact: string; status: string } }>('DELETE', `${factPath(erased.id)}?erase=true`, { erase: true });
    expect(gone.fact).toMatchObject({ fact: '[erased]', status: 'deleted' });
  });
});
