import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from '../facts/facts-fixture.js';

// A preference or instruction said with its condition after it ("…when I write in
// English", "…cuando te escribo en español") keeps it: cut off, it would hold always, the
// opposite of what was asked for the other language. The condition is part of its subject,
// as what restricts a preference is ("aisle seats on buses"): a rule under one condition
// replaces only a rule under the same condition.

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('a condition after a preference or an instruction', () => {
  it.each([
    [
      'Prefiero que me respondas en español cuando te escribo en español.',
      'Prefiero que me respondas en español cuando te escribo en español',
      'assistant language when user writes spanish',
    ],
    ['I prefer short answers when I am at work.', 'I prefer short answers when I am at work', 'answer length when at work'],
    ["I prefer short answers when I'm at work.", "I prefer short answers when I'm at work", 'answer length when at work'],
    ['From now on, reply in English when I write in English.', 'From now on, reply in English when I write in English', 'assistant language when user writes english'],
    [
      'A partir de ahora, respóndeme en español cuando te escriba en español.',
      'A partir de ahora, respóndeme en español cuando te escriba en español',
      'assistant language when user writes spanish',
    ],
    ['Reply in English when I write in English from now on.', 'From now on, reply in English when I write in English', 'assistant language when user writes english'],
    ['Always reply in English when I write in English.', 'Always reply in English when I write in English', 'assistant language when user writes english'],
    ['Siempre respóndeme en español cuando te escriba en español.', 'Siempre respóndeme en español cuando te escriba en español', 'assistant language when user writes spanish'],
    ['I want you to answer in Spanish if I write in Spanish.', 'I want you to answer in Spanish if I write in Spanish', 'assistant language when user writes spanish'],
    ["I prefer tea over coffee when it's cold.", "I prefer tea over coffee when it's cold", 'preference drink when it cold'],
    // A situation of the assistant's that recurs is a condition too.
    ['I prefer short answers when you explain code.', 'I prefer short answers when you explain code', 'answer length when explain code'],
    // The condition first, after "from now on".
    ['From now on, when I write in Spanish, answer in Spanish.', 'From now on, when I write in Spanish, answer in Spanish', 'assistant language when user writes spanish'],
    [
      'A partir de ahora, cuando te escriba en español, respóndeme en español.',
      'A partir de ahora, cuando te escriba en español, respóndeme en español',
      'assistant language when user writes spanish',
    ],
  ])('%s', (text, statement, subject) => {
    expect(read(text)).toMatchObject([{ statement, subject, domain: 'preferences', kind: 'assert' }]);
  });

  it('one condition in either language has one subject', () => {
    expect(read('From now on, reply in Spanish when I write in Spanish.')[0]?.subject).toBe(
      read('Prefiero que me respondas en español cuando te escribo en español.')[0]?.subject,
    );
  });

  it.each([
    // A moment, not a recurring situation: a request for then, never kept as one for always.
    "I prefer to talk when you're ready.",
    "I prefer tea when I'm back home tomorrow.",
    "From now on, reply in English when you're ready.",
    'Always reply in English when I get back.',
    "From now on, when you're ready, answer in Spanish.",
    'I prefer tea when you get a chance.',
  ])('%s keeps nothing', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    // Politeness is no condition: the preference holds as said.
    ['I prefer short answers if possible.', 'I prefer short answers', 'answer length'],
    ['From now on, reply in English if possible.', 'From now on, reply in English', 'assistant language'],
    ['From now on, if possible, answer in Spanish.', 'From now on, answer in Spanish', 'assistant language'],
    ['Always reply in English if you can.', 'Always reply in English', 'assistant language'],
    // Without a condition, nothing changes.
    ['From now on, reply in English.', 'From now on, reply in English', 'assistant language'],
    ['I prefer short answers.', 'I prefer short answers', 'answer length'],
  ])('%s', (text, statement, subject) => {
    expect(read(text)).toMatchObject([{ statement, subject }]);
  });

  it('a habit said with "when" first is still read as before', () => {
    expect(read('Remember that when I travel I prefer aisle seats')).toMatchObject([{ statement: 'When I travel I prefer aisle seats' }]);
  });
});

describe('conditional instructions, stored', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it('one for each language the user writes in stay together', async () => {
    await f.say('From now on, reply in English when I write in English.');
    const changes = await f.say('A partir de ahora, respóndeme en español cuando te escriba en español.');
    expect(changes.superseded).toEqual([]);
    expect(activeFactTexts(f)).toEqual([
      'A partir de ahora, respóndeme en español cuando te escriba en español',
      'From now on, reply in English when I write in English',
    ]);
  });

  it('a new rule for the same condition replaces the old one', async () => {
    await f.say('From now on, reply in English when I write in Spanish.');
    const changes = await f.say('Prefiero que me respondas en español cuando te escribo en español.');
    expect(factTexts(changes.superseded)).toEqual(['From now on, reply in English when I write in Spanish']);
  });

  it('an unconditional rule and a conditional one neither replace each other', async () => {
    await f.say('Always answer in English.');
    const conditional = await f.say('Prefiero que me respondas en español cuando te escribo en español.');
    expect(conditional.superseded).toEqual([]);
    const unconditional = await f.say('From now on, answer in French.');
    expect(factTexts(unconditional.superseded)).toEqual(['Always answer in English']);
    expect(activeFactTexts(f)).toEqual(['From now on, answer in French', 'Prefiero que me respondas en español cuando te escribo en español']);
  });
});
