import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { factsFixture, type FactsFixture, activeFactTexts } from './facts-fixture.js';

// "Forget that A and that B" names two facts, each with its own "that", as "remember that
// A and that B" keeps both (README: "Forget that…" never soft-deletes more than 3).
let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const activeFacts = (): string[] => activeFactTexts(f);
const deletedBy = async (text: string): Promise<string[]> => (await f.say(text)).deleted.map((fact) => fact.fact).sort();

describe('a forget request naming several facts', () => {
  it('forgets each clause with its own "that", in English and Spanish', async () => {
    await f.say("Remember that I'm left-handed.");
    await f.say("Remember that I'm vegetarian.");
    await f.say('Recordá que soy zurdo.');
    await f.say('Recordá que soy vegetariano.');
    await f.say('I work at Acme.');
    expect(await deletedBy("Forget that I'm left-handed and that I'm vegetarian.")).toEqual(["I'm left-handed", "I'm vegetarian"]);
    expect(await deletedBy('Olvidá que soy zurdo y que soy vegetariano.')).toEqual(['Soy vegetariano', 'Soy zurdo']);
    expect(activeFacts()).toEqual(['I work at Acme']);
  });

  it('forgets nothing when its targets together match more than 3 facts', async () => {
    for (const part of ['the billing service', 'the search service']) {
      await f.say(`Remember that ${part} uses Rust.`);
      await f.say(`Remember that ${part} uses Postgres.`);
    }
    expect(await deletedBy('Forget that the services use Rust and that the services use Postgres.')).toEqual([]);
    expect(activeFacts()).toHaveLength(4);
    expect(await deletedBy('Forget that the services use Rust and that the billing service uses Postgres.')).toEqual([
      'The billing service uses Postgres',
      'The billing service uses Rust',
      'The search service uses Rust',
    ]);
  });
});
