import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from '../facts/facts-fixture.js';

// What follows from a fact after its comma (", so…", ", así que…", ", por eso…", ", which
// means…") is no part of it: the fact is what was said before.

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('a consequence after the statement', () => {
  it.each([
    ['Recuerda que soy vegetariana, así que los restaurantes tienen que tener opciones sin carne.', 'Soy vegetariana'],
    ['Remember that I\'m vegetarian, so restaurants need veggie options.', "I'm vegetarian"],
    ['Recuerda que soy celíaca, por eso no como pan.', 'Soy celíaca'],
    ['Remember that the office is closed on Fridays, which means meetings are on Thursdays.', 'The office is closed on Fridays'],
    ['Recuerda que mi vuelo sale a las 9, lo que significa que salgo de casa a las 6.', 'Mi vuelo sale a las 9'],
    ['Recuerda que soy vegetariana y por eso no como carne.', 'Soy vegetariana'],
    // Without its comma, "así que" still ends the statement; a request after the consequence asks for the statement.
    ['Soy vegetariana así que los restaurantes tienen que tener opciones sin carne, recuérdalo.', 'Soy vegetariana'],
    ['Soy vegetariana, así que los restaurantes tienen que tener opciones sin carne, recuérdalo.', 'Soy vegetariana'],
  ])('%s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement, confidence: 'high' }]);
  });

  it('has the subject of the statement said alone', () => {
    expect(read('Recuerda que soy vegetariana, así que los restaurantes tienen que tener opciones sin carne.')[0]?.subject).toBe(
      read('Recuerda que soy vegetariana.')[0]?.subject,
    );
  });

  it.each([
    // A consequence the user states of themselves is read on its own, as before.
    ["Remember that I'm vegan, so I prefer plant-based restaurants.", ["I'm vegan", 'I prefer plant-based restaurants']],
    // "So" opening the message is a filler, not a consequence.
    ["Ok, so remember that I'm vegan.", ["I'm vegan"]],
    // A value ends at its comma anyway.
    ['I live in Lisbon, so far so good.', ['I live in Lisbon']],
    ['We decided to use Kafka, so the team must learn it.', ['We decided to use Kafka']],
    // A decision keeps its qualifier and its next steps.
    ['We decided to use Kafka for the event bus, with a retention of 7 days.', ['We decided to use Kafka for the event bus, with a retention of 7 days']],
    ['We decided to fix the login bug first, then the CI flakiness.', ['We decided to fix the login bug first, then the CI flakiness']],
  ])('%s', (text, statements) => {
    expect(read(text).map((fact) => fact.statement)).toEqual(statements);
  });
});

describe('a consequence, stored', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it('the fact is retired and replaced as if said alone', async () => {
    await f.say('Recuerda que soy vegetariana, así que los restaurantes tienen que tener opciones sin carne.');
    expect(activeFactTexts(f)).toEqual(['Soy vegetariana']);
    const retired = await f.say('Ya no soy vegetariana.');
    expect(factTexts(retired.superseded)).toEqual(['Soy vegetariana']);
    await f.say('Recuerda que soy pescetariana.');
    expect(activeFactTexts(f)).toEqual(['Soy pescetariana']);
  });

  it('said again without the consequence, it is the same fact', async () => {
    await f.say('Recuerda que soy vegetariana, así que los restaurantes tienen que tener opciones sin carne.');
    const again = await f.say('Recuerda que soy vegetariana.');
    expect(again.added).toEqual([]);
    expect(activeFactTexts(f)).toEqual(['Soy vegetariana']);
  });
});
