import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../src/clock.js';
import type { FactChanges } from '../../src/facts/fact-record.js';
import { runInTransaction } from '../../src/storage/transaction.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

// Spec §1.1: the user mentioning a fact again re-confirms it. A statement that names a fact
// to say the opposite ("I hate…", "I stopped…", "I don't… anymore") mentions it without
// saying it again: it re-confirms nothing, neither by its words nor as a question about the
// fact, and a dormant fact stays out of the prompts.

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

let turn = 1;

/** A user turn as a context call handles it: the statement's writes, then the facts its prompt was asked about. */
async function userTurn(text: string): Promise<{ changes: FactChanges; revived: string[] }> {
  const prepared = await f.service.prepareFromMessage(text);
  const at = { sessionId: 's1', turnNumber: (turn += 2) };
  const changes = runInTransaction(f.database, (scope) => f.service.applyFromUserTurn(prepared, at, scope));
  const selection = await f.select(text);
  const asked = f.service.askedToReconfirm(prepared, selection.items.filter((item) => item.asked).map((item) => item.id));
  const revived = runInTransaction(f.database, (scope) => f.service.reconfirmAsked(asked, f.clock.now(), scope));
  return { changes, revived: revived.map((fact) => fact.fact) };
}

async function stated(text: string): Promise<string> {
  const [fact] = (await f.say(text)).added;
  expect(fact, text).toBeDefined();
  return fact?.id ?? '';
}

describe('a statement saying the opposite of a fact', () => {
  it('"I hate window seats" re-confirms no "I prefer window seats", now or in the batch', async () => {
    const window = await stated('I prefer window seats.');
    f.clock.advance(DAY_MS);
    const { changes, revived } = await userTurn('I hate window seats.');
    expect(changes.reconfirmed).toEqual([]);
    expect(revived).toEqual([]);
    f.clock.advance(5 * MINUTE_MS);
    expect(f.service.flushReconfirmations()).toEqual([]);
    expect(f.service.get(window).lastConfirmedAt).toBe(f.clock.now() - DAY_MS - 5 * MINUTE_MS);
  });

  it.each([
    "I don't drink coffee anymore.",
    'I no longer drink coffee.',
    'I stopped drinking coffee.',
    'I hate coffee without sugar.',
  ])('"%s" leaves a dormant "I prefer my coffee without sugar" dormant', async (text) => {
    const coffee = await stated('I prefer my coffee without sugar.');
    f.clock.advance(91 * DAY_MS);
    expect(f.service.get(coffee).status).toBe('dormant');
    const { changes, revived } = await userTurn(text);
    expect(changes.reconfirmed).toEqual([]);
    expect(revived).toEqual([]);
    expect(f.service.get(coffee).status).toBe('dormant');
  });

  it.each(['Odio el café sin azúcar.', 'Dejé de tomar café sin azúcar.', 'No me gusta el café sin azúcar.'])(
    '"%s" leaves a dormant "Prefiero el café sin azúcar" dormant; "Tomo el café sin azúcar" brings it back',
    async (text) => {
      const coffee = await stated('Prefiero el café sin azúcar.');
      f.clock.advance(91 * DAY_MS);
      expect((await userTurn(text)).revived).toEqual([]);
      expect(f.service.get(coffee).status).toBe('dormant');
      expect((await userTurn('Tomo el café sin azúcar.')).revived).toEqual(['Prefiero el café sin azúcar']);
    },
  );

  it('a question about the fact still brings a dormant one back', async () => {
    const coffee = await stated('I prefer my coffee without sugar.');
    f.clock.advance(91 * DAY_MS);
    expect((await userTurn('How do I take my coffee without sugar or with it?')).revived).toEqual(['I prefer my coffee without sugar']);
    expect(f.service.get(coffee).status).toBe('active');
  });

  it('saying it again in the same words re-confirms it, and so does a fact that says the opposite itself', async () => {
    await stated('I prefer window seats.');
    const cilantro = await stated('Remember that I hate cilantro.');
    f.clock.advance(DAY_MS);
    expect((await userTurn('I really hate cilantro.')).changes.reconfirmed.map((fact) => fact.id)).toEqual([cilantro]);
    expect((await userTurn('I still prefer window seats.')).changes.reconfirmed.map((fact) => fact.fact)).toEqual(['I prefer window seats']);
  });

  it('"I eat pork now" re-confirms no "I don\'t eat pork"', async () => {
    await stated("Remember that I don't eat pork.");
    f.clock.advance(DAY_MS);
    expect((await userTurn('I eat pork now, it is fine.')).changes.reconfirmed).toEqual([]);
  });
});

// Pasted material is no statement of the user's: its words re-confirm nothing.
describe('a fact named in pasted material', () => {
  it('is not re-confirmed as said again by a teammate\'s message the user pastes', async () => {
    await stated('I prefer window seats.');
    f.clock.advance(DAY_MS);
    const { changes } = await userTurn("Here is my teammate's message:\nI prefer window seats.\nWhat do you think?");
    expect(changes.reconfirmed).toEqual([]);
    const { changes: own } = await userTurn('I prefer window seats.');
    expect(own.reconfirmed.map((fact) => fact.fact)).toEqual(['I prefer window seats']);
  });

  it('brings no dormant fact back as asked about: only the user\'s own words ask', async () => {
    await stated('I prefer window seats.');
    f.clock.advance(100 * DAY_MS);
    const { revived } = await userTurn("Here is my teammate's message:\nI prefer window seats.\nWhat do you think?");
    expect(revived).toEqual([]);
    const { revived: asked } = await userTurn('Do I prefer window seats?');
    expect(asked).toEqual(['I prefer window seats']);
  });
});
