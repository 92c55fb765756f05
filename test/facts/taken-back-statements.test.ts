import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/clock.js';
import { findFactRow } from '../../src/storage/facts-repo.js';
import { factsFixture, type FactsFixture, activeFactTexts, factTexts as texts } from './facts-fixture.js';

// "Now I work at Globex", then "scratch that": the user takes the statement back, so the
// fact it replaced holds again. It is live once more (re-confirmed: listed in
// `reconfirmed`), unless it was superseded by something else or deleted since.

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const activeFacts = (): string[] => activeFactTexts(f);
const statuses = (domain: 'work' | 'personal'): Array<[string, string]> =>
  f.service
    .list({ status: 'all', domain })
    .map((fact): [string, string] => [fact.fact, fact.status])
    .sort(([a], [b]) => a.localeCompare(b));

describe('taking a statement back restores what it superseded', () => {
  it('"Scratch that" after "Now I work at Globex": Globex deleted, Initech active again', async () => {
    const [initech] = (await f.say('I work at Initech.')).added;
    const replacing = await f.say('Now I work at Globex.');
    expect(texts(replacing.superseded)).toEqual(['I work at Initech']);
    f.clock.advance(MINUTE_MS);
    const changes = await f.say('Scratch that.');
    expect(texts(changes.deleted)).toEqual(['I work at Globex']);
    expect(changes.reconfirmed.map((fact) => fact.id)).toEqual([initech?.id]);
    expect(changes.reconfirmed[0]).toMatchObject({ status: 'active', supersededBy: null, reason: null, lastConfirmedAt: f.clock.now() });
    expect(changes).toMatchObject({ added: [], superseded: [] });
    expect(statuses('work')).toEqual([
      ['I work at Globex', 'deleted'],
      ['I work at Initech', 'active'],
    ]);
    expect(findFactRow(f.database.db, initech?.id ?? '')).toMatchObject({ status: 'active', supersededBy: null, deletedReason: null });
  });

  it('"Olvida eso" after "Recuerda que ahora vivo en Bilbao": Evora is where the user lives again', async () => {
    const [evora] = (await f.say('I live in Evora.')).added;
    expect(texts((await f.say('Recuerda que ahora vivo en Bilbao.')).superseded)).toEqual(['I live in Evora']);
    const changes = await f.say('Olvida eso.');
    expect(texts(changes.deleted)).toEqual(['Vivo en Bilbao']);
    expect(changes.reconfirmed.map((fact) => fact.id)).toEqual([evora?.id]);
    expect(statuses('personal')).toEqual([
      ['I live in Evora', 'active'],
      ['Vivo en Bilbao', 'deleted'],
    ]);
  });

  it('the restored fact is selected, competes again and survives a restart', async () => {
    await f.say('I work at Initech.');
    await f.say('Now I work at Globex.');
    await f.say('Actually no, forget that.');
    expect((await f.select('Where do I work?')).items.map((item) => item.fact)).toEqual(['I work at Initech']);
    await f.restart();
    expect(f.service.indexedCount).toBe(1);
    expect(texts((await f.say('Now I work at Hooli.')).superseded)).toEqual(['I work at Initech']);
    expect(activeFacts()).toEqual(['I work at Hooli']);
  });

  it('undoes one step of a chain: the fact before the one taken back, not an older one', async () => {
    await f.say('I work at Initech.');
    const [globex] = (await f.say('Now I work at Globex.')).added;
    await f.say('Now I work at Hooli.');
    const changes = await f.say('Scratch that.');
    expect(texts(changes.deleted)).toEqual(['I work at Hooli']);
    expect(changes.reconfirmed.map((fact) => fact.id)).toEqual([globex?.id]);
    expect(statuses('work')).toEqual([
      ['I work at Globex', 'active'],
      ['I work at Hooli', 'deleted'],
      ['I work at Initech', 'superseded'],
    ]);
  });

  it('restores only what the statement taken back superseded', async () => {
    await f.say('I work at Initech.');
    await f.say('Now I work at Globex.');
    await f.say('Remember that my editor is Vim.');
    const changes = await f.say('Scratch that.');
    expect(texts(changes.deleted)).toEqual(['My editor is Vim']);
    expect(changes.reconfirmed).toEqual([]);
    expect(activeFacts()).toEqual(['I work at Globex']);
  });

  it('a fact restored and replaced again comes back when its new replacement is taken back, never the one deleted', async () => {
    const [initech] = (await f.say('I work at Initech.')).added;
    await f.say('Now I work at Globex.');
    await f.say('Scratch that.');
    await f.say('Now I work at Hooli.');
    const changes = await f.say('Scratch that.');
    expect(changes.reconfirmed.map((fact) => fact.id)).toEqual([initech?.id]);
    expect(statuses('work')).toEqual([
      ['I work at Globex', 'deleted'],
      ['I work at Hooli', 'deleted'],
      ['I work at Initech', 'active'],
    ]);
  });

  it('nothing comes back over a live fact of its subject added since', async () => {
    await f.say('Remember that the standup is at 9:30.');
    // Named with a word more, the correction replaces the one live standup fact.
    expect(texts((await f.say('Actually, the daily standup moved to 10:00.')).superseded)).toEqual(['The standup is at 9:30']);
    await f.service.add({ fact: 'The standup is at 11:00', domain: 'work' });
    const changes = await f.say('Scratch that.');
    expect(texts(changes.deleted)).toEqual(['The daily standup moved to 10:00']);
    expect(changes.reconfirmed).toEqual([]);
    expect(activeFacts()).toEqual(['The standup is at 11:00']);
  });

  it('forgetting a fact by name is no take-back: what it replaced stays superseded', async () => {
    await f.say('I work at Initech.');
    await f.say('Now I work at Globex.');
    const changes = await f.say('Forget that I work at Globex.');
    expect(texts(changes.deleted)).toEqual(['I work at Globex']);
    expect(changes.reconfirmed).toEqual([]);
    expect(activeFacts()).toEqual([]);
  });

  it('a retraction ("I no longer…") replaced nothing: taking it back restores nothing', async () => {
    await f.say('I work at Initech.');
    await f.say('I no longer work at Initech.');
    const changes = await f.say('Scratch that.');
    expect(changes).toMatchObject({ added: [], reconfirmed: [], deleted: [] });
    expect(activeFacts()).toEqual([]);
  });
});
