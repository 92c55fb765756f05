import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const NOTHING = { added: [], reconfirmed: [], superseded: [], deleted: [], notForgotten: [] };

describe('a statement refused as a credential touches no fact', () => {
  it.each([
    'Remember that my wifi password is hunter2.',
    'My wifi password is hunter2.',
    'Remember that my wifi password is hunter2, please.',
  ])('%s does not re-confirm "My wifi name is hunter2"', async (text) => {
    const [name] = (await f.say('Remember that my wifi name is hunter2.')).added;
    const confirmedAt = f.clock.now();
    f.clock.advance(40 * DAY_MS);
    expect(await f.say(text)).toEqual(NOTHING);
    expect(f.service.get(name?.id ?? '')).toMatchObject({ fact: 'My wifi name is hunter2', status: 'active', lastConfirmedAt: confirmedAt });
  });

  it('lets the rest of the message be written; the same mention without the credential re-confirms', async () => {
    const [name] = (await f.say('Remember that my wifi name is hunter2.')).added;
    f.clock.advance(40 * DAY_MS);
    const changes = await f.say('My wifi password is hunter2. I work at Acme.');
    expect(changes.added.map((fact) => fact.fact)).toEqual(['I work at Acme']);
    expect(changes.reconfirmed).toEqual([]);
    expect(f.service.get(name?.id ?? '').lastConfirmedAt).toBeLessThan(f.clock.now());
    // Without the credential, the same mention re-confirms.
    expect((await f.say('My wifi name is hunter2, still.')).reconfirmed.map((fact) => fact.id)).toEqual([name?.id]);
  });
});
