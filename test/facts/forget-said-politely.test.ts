import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { factsFixture, type FactsFixture, activeFactTexts } from './facts-fixture.js';

// A forget request with a polite word after its target, or a clause of its own after a
// comma, still names the fact: "Forget about the sertraline, please" forgot nothing.
let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const deletedBy = async (text: string): Promise<string[]> => (await f.say(text)).deleted.map((fact) => fact.fact).sort();

describe('a forget request said politely', () => {
  it.each([
    ['Olvida lo de la sertralina, por favor.'],
    ['Olvida lo de la sertralina, porfa'],
    ['Forget about the sertraline, please.'],
    ['Forget about the sertraline please!'],
    ['Forget about the sertraline, thanks.'],
    ['Olvida lo de la sertralina, gracias.'],
  ])('%s forgets the fact', async (request) => {
    await f.say('Recuerda que estoy en tratamiento con sertralina.');
    expect(await deletedBy(request)).toEqual(['Estoy en tratamiento con sertralina']);
    expect(activeFactTexts(f)).toEqual([]);
  });
});

describe('a forget request with a clause of its own after a comma', () => {
  it('forgets the fact named before the comma', async () => {
    await f.say('Recuerda que mi vuelo sale de Madrid.');
    const changes = await f.say('Olvida que mi vuelo sale de Madrid, al final salimos desde Valencia.');
    expect(changes.deleted.map((fact) => fact.fact)).toEqual(['Mi vuelo sale de Madrid']);
    expect(changes.notForgotten).toEqual([]);
  });

  it('still reads a comma inside the fact first, and forgets nothing for a part that names nothing', async () => {
    await f.say('Remember that I live in Springfield, Illinois.');
    expect(await deletedBy('Forget that I live in Springfield, Illinois.')).toEqual(['I live in Springfield, Illinois']);
    await f.say('Remember that my dentist is Dr. Smith.');
    const changes = await f.say('Forget about the gym, it closed anyway.');
    expect(changes.deleted).toEqual([]);
    expect(changes.notForgotten).toEqual([{ target: 'the gym, it closed anyway', reason: 'no live fact matches it' }]);
    expect(activeFactTexts(f)).toEqual(['My dentist is Dr. Smith']);
  });
});

describe('a forget request opened in English and said in Spanish', () => {
  it('forgets the fact it names, or says why it forgot nothing', async () => {
    await f.say('Recuerda que mi vuelo sale de Madrid.');
    expect(await deletedBy('Forget lo de mi vuelo.')).toEqual(['Mi vuelo sale de Madrid']);
    const missed = await f.say('Forget lo del hotel.');
    expect(missed.notForgotten).toEqual([{ target: 'hotel', reason: 'no live fact matches it' }]);
  });
});

describe('a forget request that spares something after its comma', () => {
  it('forgets nothing it was asked to keep: the target is read whole', async () => {
    await f.say('Remember that my sister lives in Paris.');
    await f.say('Remember that my sister works at Globex.');
    const changes = await f.say('Forget about my sister, but not her job.');
    expect(changes.deleted).toEqual([]);
    expect(activeFactTexts(f).sort()).toEqual(['My sister lives in Paris', 'My sister works at Globex']);
    await f.say('Recuerda que mi vuelo sale de Madrid.');
    expect((await f.say('Olvida lo de mi vuelo, pero no el número.')).deleted).toEqual([]);
  });
});
