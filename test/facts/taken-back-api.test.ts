import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { factTexts as texts } from './facts-fixture.js';

// The take-back as the assistant sees it over the socket: the context call's `facts`
// lists the statement deleted and the fact it had replaced, re-confirmed; `GET /v1/facts`
// shows that fact active again, and the next prompt holds it.
let daemon: TestDaemon;

beforeAll(async () => {
  daemon = await startTestDaemon();
});
afterAll(() => daemon.stop());


describe('"Scratch that" over the socket', () => {
  it('deletes "I work at Globex" and brings "I work at Initech" back', async () => {
    const chat = conversation(daemon.client, 'take-back');
    const [initech] = (await chat.say('I work at Initech.')).facts.added;
    await chat.reply('Noted.');
    expect(texts((await chat.say('Now I work at Globex.')).facts.superseded)).toEqual(['I work at Initech']);
    await chat.reply('Congratulations!');
    const { facts } = await chat.say('Scratch that.');
    expect(texts(facts.deleted)).toEqual(['I work at Globex']);
    expect(facts.reconfirmed).toEqual([{ id: initech?.id, fact: 'I work at Initech', domain: 'work' }]);
    await chat.reply('OK.');
    const all = await daemon.client.listFacts({ domain: 'work', status: 'all' });
    expect(all.facts.map((fact) => [fact.fact, fact.status, fact.supersededBy]).sort()).toEqual([
      ['I work at Globex', 'deleted', null],
      ['I work at Initech', 'active', null],
    ]);
    // Another session: its prompt holds the facts, not this conversation's turns.
    const next = await conversation(daemon.client, 'take-back-later').say('Where do I work again?');
    expect(promptText(next)).toContain('I work at Initech');
    expect(promptText(next)).not.toContain('I work at Globex');
  });
});

describe('a forget request that forgets nothing, over the socket', () => {
  it('lists what it named and why nothing was forgotten, so the assistant can say so', async () => {
    const chat = conversation(daemon.client, 'forget-nothing');
    const { facts } = await chat.say('Forget what I told you about my diagnosis.');
    expect(facts.deleted).toEqual([]);
    expect(facts.notForgotten).toEqual([{ target: 'my diagnosis', reason: 'no live fact matches it' }]);
    await chat.reply('OK.');
    await chat.say('Remember that I take Biktarvy.');
    await chat.reply('Noted.');
    const forgotten = await chat.say('Forget that I take Biktarvy.');
    expect(texts(forgotten.facts.deleted)).toEqual(['I take Biktarvy']);
    expect(forgotten.facts.notForgotten).toEqual([]);
  });
});
