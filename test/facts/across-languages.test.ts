import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStatement } from '../../src/facts/fact-statement.js';
import { currentSubjectKey } from '../../src/facts/subject-rekey.js';
import { activeFactTexts, factsFixture, factTexts as texts, type FactsFixture } from './facts-fixture.js';

// A fact told in one language is forgotten, taken back or said again in the other: the
// value or the note's words meet across English and Spanish (bilingual-stems.ts), as
// subject keys do (extraction/subject-key.ts).

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

describe('forgetting a fact told in the other language', () => {
  it('"Forget that I live in Lisbon" forgets "Vivo en Lisboa", not "Vivo en Lima"', async () => {
    await f.say('Vivo en Lisboa.');
    const missed = await f.say('Forget that I live in Lima.');
    expect(missed.deleted).toEqual([]);
    expect(missed.notForgotten).toEqual([{ target: 'I live in Lima', reason: 'no live fact matches it' }]);
    const changes = await f.say('Forget that I live in Lisbon.');
    expect(texts(changes.deleted)).toEqual(['Vivo en Lisboa']);
    expect(changes.notForgotten).toEqual([]);
  });

  it('"Olvida que prefiero el café sin azúcar" forgets "I prefer my coffee without sugar"', async () => {
    await f.say('I prefer my coffee without sugar.');
    await f.say('I prefer jazz.');
    const changes = await f.say('Olvida que prefiero el café sin azúcar.');
    expect(texts(changes.deleted)).toEqual(['I prefer my coffee without sugar']);
    expect(activeFactTexts(f)).toEqual(['I prefer jazz']);
  });

  it('"Olvida lo del café" forgets the coffee fact, "olvida lo del vino" nothing', async () => {
    await f.say('I prefer my coffee without sugar.');
    expect((await f.say('Olvida lo del vino.')).deleted).toEqual([]);
    expect(texts((await f.say('Olvida lo del café.')).deleted)).toEqual(['I prefer my coffee without sugar']);
  });
});

describe('taking back or saying again a note told in the other language', () => {
  it('"I\'m not vegetarian anymore" retires "Soy vegetariano"', async () => {
    await f.say('Recuerda que soy vegetariano.');
    await f.say('Recuerda que soy alérgico a la penicilina.');
    const changes = await f.say("I'm not vegetarian anymore.");
    expect(texts(changes.superseded)).toEqual(['Soy vegetariano']);
    expect(activeFactTexts(f)).toEqual(['Soy alérgico a la penicilina']);
  });

  it('"I\'m allergic to penicillin, remember that" re-confirms "Soy alérgico a la penicilina"', async () => {
    const [penicilina] = (await f.say('Recuerda que soy alérgico a la penicilina.')).added;
    const changes = await f.say("I'm allergic to penicillin, remember that.");
    expect(changes.added).toEqual([]);
    expect(changes.reconfirmed.map((fact) => fact.id)).toEqual([penicilina?.id]);
    // Another allergy is another fact.
    expect(texts((await f.say("I'm allergic to peanuts, remember that.")).added)).toEqual(["I'm allergic to peanuts"]);
    expect(activeFactTexts(f)).toEqual(["I'm allergic to peanuts", 'Soy alérgico a la penicilina']);
  });
});

describe('things of a day and of travel are one subject in either language', () => {
  it('"Actually, the meeting is at 10 now" supersedes "La reunión es a las 9"; "my flight" is "mi vuelo"', async () => {
    await f.say('Recuerda que la reunión es a las 9.');
    await f.say('Recuerda que mi vuelo es el IB3456.');
    expect(texts((await f.say('Actually, the meeting is at 10 now.')).superseded)).toEqual(['La reunión es a las 9']);
    expect(texts((await f.say('Remember that my flight is BA123.')).superseded)).toEqual(['Mi vuelo es el IB3456']);
  });

  it('a fact stored under the Spanish word gets the English key at start', () => {
    expect(currentSubjectKey({ subject: 'reunion' }, readStatement('La reunión es a las 9'))).toBe('meeting');
    expect(currentSubjectKey({ subject: 'vuelo' }, readStatement('Mi vuelo es el IB3456'))).toBe('flight');
  });
});

describe('a preference of a kind told in the other language', () => {
  it('"I prefer afternoon meetings" replaces "Prefiero las reuniones por la mañana"; seats likewise', async () => {
    await f.say('Prefiero las reuniones por la mañana.');
    expect(texts((await f.say('I prefer afternoon meetings.')).superseded)).toEqual(['Prefiero las reuniones por la mañana']);
    await f.say('I prefer window seats.');
    expect(texts((await f.say('Prefiero los asientos de pasillo.')).superseded)).toEqual(['I prefer window seats']);
  });
});
