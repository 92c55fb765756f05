import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

// README, Decay: a dormant fact is back in a prompt only when the message asks about it
// (which re-confirms it). An ordinary question of the user's own about it asks: by one of
// its rare words ("When are we going to Japan?"), in either language, or for the name of
// the person it names ("Who is my boss?"). A message about something else does not.

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

async function dormant(text: string): Promise<string> {
  const [fact] = (await f.say(text)).added;
  expect(fact, text).toBeDefined();
  f.clock.advance(91 * DAY_MS);
  expect(f.service.get(fact?.id ?? '').status).toBe('dormant');
  return fact?.id ?? '';
}

/** The facts a message's prompt gets, with whether the message asked about them. */
async function selected(message: string): Promise<Array<[string, boolean | undefined]>> {
  return (await f.select(message)).items.map((item) => [item.fact, item.asked]);
}

describe('a question of the user\'s own brings a dormant fact back', () => {
  it.each(['When are we going to Japan?', '¿Cuándo vamos a Japón?'])('"%s" asks about "We decided to go to Japan in October"', async (question) => {
    await dormant('We decided to go to Japan in October.');
    expect(await selected(question)).toEqual([['We decided to go to Japan in October', true]]);
  });

  it.each(['What did we decide about the ryokan?', '¿Qué decidimos sobre el ryokan?'])('"%s" asks about a Spanish ryokan decision', async (question) => {
    await dormant('Decidimos reservar el ryokan en Kioto.');
    expect(await selected(question)).toEqual([['Decidimos reservar el ryokan en Kioto', true]]);
  });

  // "jefe", "jefa", "manager" and "boss" are one person ("boss" was "boss" in the table, "bos" as a stem, until the review of 2026-11-27).
  it.each(['¿Quién es mi jefa?', '¿Cómo se llama mi jefa?', 'Who is my boss?', "What's my boss's name?", '¿Quién es mi jefe?', 'Who is my manager?'])('"%s" asks for "Mi jefa es Carla"', async (question) => {
    await dormant('Mi jefa es Carla.');
    expect(await selected(question)).toEqual([['Mi jefa es Carla', true]]);
  });
});

describe('a message about something else leaves it dormant', () => {
  it.each(['What is the capital of Japan?', 'Tell me about Japan.', 'I read a book about Japan.', 'Do you like Japan?'])('"%s"', async (message) => {
    await dormant('We decided to go to Japan in October.');
    expect(await selected(message)).toEqual([]);
  });

  it.each(['Is my boss in the office today?', 'My boss is annoying.', 'Who is my dentist?'])('"%s" for "Mi jefa es Carla"', async (message) => {
    await dormant('Mi jefa es Carla.');
    expect(await selected(message)).toEqual([]);
  });
});
