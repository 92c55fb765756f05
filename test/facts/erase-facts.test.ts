import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// Forgetting is a soft delete (spec, api.md): the row keeps its text. Erasing, asked for
// through the API, takes the words away, from the fact and from the older values it replaced.
let daemon: TestDaemon;
beforeAll(async () => {
  daemon = await startTestDaemon();
});
afterAll(() => daemon.stop());

function storedTexts(): string[] {
  const sqlite = new BetterSqlite3(join(daemon.dir, 'memoryd.db'), { readonly: true });
  try {
    return (sqlite.prepare('SELECT fact FROM facts').all() as Array<{ fact: string }>).map((row) => row.fact);
  } finally {
    sqlite.close();
  }
}

describe('erasing a fact', () => {
  it('takes its words, and those of the values it replaced, out of the database, the API and the prompts', async () => {
    const chat = conversation(daemon.client, 'erase');
    await chat.say('Remember that my address is 12 Elm Street.');
    await chat.reply('Noted.');
    const moved = await chat.say('Remember that my address is 742 Evergreen Terrace.');
    const [current] = moved.facts.added;
    expect(moved.facts.superseded.map((fact) => fact.fact)).toEqual(['My address is 12 Elm Street']);
    await chat.reply('Noted.');
    const kept = await daemon.client.addFact({ fact: 'I prefer aisle seats', domain: 'preferences' });

    const erased = await daemon.client.eraseFact(current?.id ?? '', 'the user asked');
    expect(erased.fact).toMatchObject({ id: current?.id, fact: '[erased]', status: 'deleted', reason: 'the user asked' });
    const chain = await daemon.client.factChain(current?.id ?? '');
    expect(chain.facts.map((fact) => [fact.fact, fact.status])).toEqual([
      ['[erased]', 'superseded'],
      ['[erased]', 'deleted'],
    ]);
    expect((await daemon.client.listFacts({ status: 'all', q: 'Evergreen' })).facts).toEqual([]);
    expect((await daemon.client.listFacts({ status: 'all', q: 'Elm' })).facts).toEqual([]);
    // Nor by the placeholder its text became.
    expect((await daemon.client.listFacts({ status: 'all', q: 'erased' })).facts).toEqual([]);
    expect(storedTexts().filter((text) => /Elm|Evergreen/u.test(text))).toEqual([]);
    expect(storedTexts()).toContain(kept.fact.fact);
    // A question about it finds no fact to show.
    const asked = await chat.say('What is my address?', { dryRun: true });
    const facts = asked.messages.find((message: { content: string }) => message.content.startsWith('Facts the user'));
    expect(facts?.content ?? '').not.toMatch(/Evergreen|Elm/u);
    expect(promptText(asked)).toContain('What is my address?');
    // Erasing again changes nothing; a plain DELETE of it answers as it stands.
    expect((await daemon.client.eraseFact(current?.id ?? '')).fact).toMatchObject({ fact: '[erased]', reason: 'the user asked' });
    expect((await daemon.client.deleteFact(current?.id ?? '')).fact).toMatchObject({ fact: '[erased]', status: 'deleted' });
  });

  it('takes `erase` in the query too, and refuses another value', async () => {
    const fact = (await daemon.client.addFact({ fact: 'My phone number is 600 111 222', domain: 'personal' })).fact;
    const wrong = await daemon.client.raw('DELETE', `/v1/facts/${fact.id}?erase=yes`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('query.erase');
    expect((await daemon.client.getFact(fact.id)).fact.fact).toBe('My phone number is 600 111 222');
    const erased = await daemon.client.raw('DELETE', `/v1/facts/${fact.id}?erase=true`);
    expect(erased.status).toBe(200);
    expect((await daemon.client.getFact(fact.id)).fact).toMatchObject({ fact: '[erased]', status: 'deleted' });
  });
});
