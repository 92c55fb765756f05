import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

// Spec §1.1: "the user mentions the fact again" re-confirms it. Another person's words, or
// a sentence about another person, are no mention of the user's fact.
let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

async function reconfirmedBy(text: string): Promise<string[]> {
  return (await f.say(text)).reconfirmed.map((fact) => fact.fact).sort();
}

describe('a mention re-confirms a fact only when the user says it of themselves', () => {
  it('not from a sentence about another person, nor from reported speech', async () => {
    await f.say('I prefer aisle seats.');
    await f.say('I prefer green tea.');
    await f.say('Prefiero los asientos de pasillo.');
    for (const text of [
      'My neighbour prefers aisle seats.',
      'Aisle seats are overrated, says my friend.',
      'My friend says aisle seats are overrated.',
      'According to my sister, aisle seats are the worst.',
      'My wife prefers tea.',
      'She prefers green tea too.',
      'Maria prefers aisle seats.',
      'Yes, my best friend prefers aisle seats.',
      'Mi hermano prefiere los asientos de pasillo.',
      'Ella prefiere los asientos de pasillo.',
      'Los asientos de pasillo son incómodos, dice mi hermano.',
      'Según mi hermana, los asientos de pasillo son peores.',
    ]) {
      expect(await reconfirmedBy(text), text).toEqual([]);
    }
  });

  it("decides sentence by sentence: the user's own sentence in the same message still re-confirms", async () => {
    await f.say('I prefer green tea.');
    await f.say('I prefer aisle seats.');
    f.clock.advance(DAY_MS);
    // None of these states a fact: only a mention can re-confirm.
    expect(await reconfirmedBy('My wife prefers tea. Green tea is what I prefer.')).toEqual(['I prefer green tea']);
    expect(await reconfirmedBy('My neighbour hates them, but I find aisle seats best.')).toEqual(['I prefer aisle seats']);
    expect(await reconfirmedBy('My wife and I love green tea, we prefer it.')).toEqual(['I prefer green tea']);
    // Nor does a negation or a question in one sentence hide the user's assertion in another.
    expect(await reconfirmedBy("I don't drink coffee. Green tea is what I prefer.")).toEqual(['I prefer green tea']);
    expect(await reconfirmedBy('Is coffee healthy? Green tea is what I prefer.')).toEqual(['I prefer green tea']);
  });

  it("re-confirms another person's fact only from a sentence about them, never from the user's own", async () => {
    await f.say('Remember that my brother works at Mercado Libre.');
    for (const text of ['I work at Mercado Libre too.', 'Mercado Libre is where I work.', 'Trabajo en Mercado Libre.']) {
      f.clock.advance(DAY_MS);
      expect((await reconfirmedBy(text)).filter((fact) => /brother/i.test(fact)), text).toEqual([]);
    }
    f.clock.advance(DAY_MS);
    expect(await reconfirmedBy('My brother still works at Mercado Libre.')).toEqual(['My brother works at Mercado Libre']);
  });

  it('reads whom a sentence speaks of past its lead-in: "remember that my brother…" is about him', async () => {
    await f.say('Trabajo en Mercado Libre.');
    for (const text of [
      'Remember that my brother works at Mercado Libre.',
      'Recordá que mi hermana trabaja en Mercado Libre.',
      'Just so you know my cousin works at Mercado Libre.',
    ]) {
      f.clock.advance(DAY_MS);
      expect(await reconfirmedBy(text), text).toEqual([]);
    }
    expect(await reconfirmedBy('Remember that I work at Mercado Libre.')).toContain('Trabajo en Mercado Libre');
  });

  it('a sentence about the person or thing the fact is about still re-confirms it', async () => {
    await f.say('Remember that my manager is Laura.');
    await f.say('Remember that my editor is Vim.');
    expect(await reconfirmedBy('My manager Laura approved the plan.')).toEqual(['My manager is Laura']);
    expect(await reconfirmedBy('Vim is a great editor.')).toEqual(['My editor is Vim']);
  });

  it('reads only the head of a message, as extraction does: a pasted document re-confirms nothing', async () => {
    await f.say('Remember that my editor is Vim.');
    const pasted = 'The build log follows. '.repeat(400);
    expect(pasted.length).toBeGreaterThan(8000);
    expect(await reconfirmedBy(`${pasted}Vim is a great editor.`)).toEqual([]);
    expect(await reconfirmedBy(`Vim is a great editor. ${pasted}`)).toEqual(['My editor is Vim']);
  });

  it('keeps a dormant fact dormant when only someone else mentions it', async () => {
    const [seats] = (await f.say('I prefer aisle seats.')).added;
    f.clock.advance(100 * DAY_MS);
    await f.say('My neighbour prefers aisle seats.');
    await f.say('Aisle seats are overrated, says my friend.');
    expect(f.service.get(seats?.id ?? '').status).toBe('dormant');
  });
});
