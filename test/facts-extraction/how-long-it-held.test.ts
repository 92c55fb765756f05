import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from '../facts/facts-fixture.js';

// How long a state has held ("since 2024", "desde este año", "for 5 years") is no part of
// it: the fact is the state, which is what its retraction names ("I'm not vegetarian
// anymore", "ya no soy vegetariano"). "Desde" before a place is where from.

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('a note asked to be remembered', () => {
  it.each([
    ['Recuerda que soy vegetariano desde este año', 'Soy vegetariano', 'note soy vegetariano'],
    ['Recuerda que soy vegetariano desde 2024', 'Soy vegetariano', 'note soy vegetariano'],
    ['Recuerda que soy vegetariano desde hace tres años', 'Soy vegetariano', 'note soy vegetariano'],
    ["Remember that I've been vegetarian since 2024", "I'm vegetarian", 'note i am vegetarian'],
    ['Remember that I have been vegetarian for 5 years', "I'm vegetarian", 'note i am vegetarian'],
    ["Remember that I'm vegetarian since last year", "I'm vegetarian", 'note i am vegetarian'],
    ["Remember that we've been vegan since May", "We're vegan", 'note we are vegan'],
  ])('leaves out how long it held: %s', (text, statement, subject) => {
    expect(read(text)).toMatchObject([{ statement, subject, kind: 'assert', confidence: 'high' }]);
  });

  it('is the note said without it', () => {
    const key = (text: string) => read(text).map((fact) => [fact.subject, fact.value]);
    expect(key("Remember that I've been vegetarian since 2024")).toEqual(key("Remember that I'm vegetarian"));
    expect(key('Recuerda que soy vegetariano desde este año')).toEqual(key('Recuerda que soy vegetariano'));
  });

  it.each([
    ['Recuerda que mi vuelo sale desde Valencia', 'Mi vuelo sale desde Valencia'],
    ["Remember that I've been to Paris", "I've been to Paris"],
  ])('keeps what is no duration: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement }]);
  });
});

describe('a note with how long it held, stored', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it.each([
    ['Recuerda que soy vegetariano desde este año', 'Ya no soy vegetariano', 'Soy vegetariano'],
    ["Remember that I've been vegetarian since 2024", "I'm not vegetarian anymore", "I'm vegetarian"],
  ])('%s is retired by %s', async (told, takenBack, statement) => {
    expect(factTexts((await f.say(told)).added)).toEqual([statement]);
    const changes = await f.say(takenBack);
    expect(factTexts(changes.superseded)).toEqual([statement]);
    expect(activeFactTexts(f)).toEqual([]);
  });
});
