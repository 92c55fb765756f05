import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { factsFixture, type FactsFixture, activeFactTexts, factTexts as texts } from './facts-fixture.js';

// "I want you to answer in Spanish", "quiero que me respondas en inglés": wanting the
// assistant to answer in a language is an instruction about its answers, as "prefiero que
// me respondas en inglés" is, and competes with the other language instructions. Wanting
// anything else is no instruction of that kind.

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const activeFacts = (): string[] => activeFactTexts(f);

describe('a request about the answers is the assistant-language instruction', () => {
  it.each([
    ['Prefiero que me respondas en inglés.', 'Quiero que me respondas en español.', 'Quiero que me respondas en español'],
    ['From now on, answer in English.', "I'd like you to answer in Spanish.", "I'd like you to answer in Spanish"],
    ['Siempre respondé en español.', 'I want you to reply in English.', 'I want you to reply in English'],
    ['Always reply in English.', 'Me gustaría que me contestes en español.', 'Me gustaría que me contestes en español'],
  ])('%s, then %s: the request replaces the earlier instruction', async (earlier, request, stored) => {
    const [first] = (await f.say(earlier)).added;
    const changes = await f.say(request);
    expect(texts(changes.added)).toEqual([stored]);
    expect(changes.superseded.map((fact) => fact.id)).toEqual([first?.id]);
    expect(activeFacts()).toEqual([stored]);
  });

  it('a later language instruction replaces the request in its turn', async () => {
    const [request] = (await f.say('I want you to reply in English.')).added;
    const changes = await f.say('Prefiero que me respondas en español.');
    expect(changes.superseded.map((fact) => fact.id)).toEqual([request?.id]);
    expect(activeFacts()).toEqual(['Prefiero que me respondas en español']);
  });
});

describe('wanting something else is no instruction about the answers', () => {
  it.each([
    "I want you to know that I'm tired.",
    'Quiero que me ayudes con esto.',
    'I want you to write this email in Spanish.',
    'Quiero que me escribas un correo en inglés.',
    'I want you to answer in Spanish this time.',
    'Quiero que me respondas en inglés por ahora.',
  ])('%s leaves the language instruction alone and stores nothing', async (message) => {
    await f.say('Always reply in English.');
    const changes = await f.say(message);
    expect(changes).toMatchObject({ added: [], superseded: [], deleted: [] });
    expect(activeFacts()).toEqual(['Always reply in English']);
  });
});
