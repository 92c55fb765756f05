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
    // Not "soy vegetariano": that says "I'm vegetarian" again (across-languages.test.ts).
    await f.say('Recordá que soy celíaco.');
    await f.say('I work at Acme.');
    expect(await deletedBy("Forget that I'm left-handed and that I'm vegetarian.")).toEqual(["I'm left-handed", "I'm vegetarian"]);
    expect(await deletedBy('Olvidá que soy zurdo y que soy celíaco.')).toEqual(['Soy celíaco', 'Soy zurdo']);
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

describe('a forget request that forgets nothing says so', () => {
  it('names each target that matched no fact, or too many, and why', async () => {
    await f.say('I work at Acme.');
    expect((await f.say('Forget my address.')).notForgotten).toEqual([{ target: 'my address', reason: 'no live fact matches it' }]);
    expect((await f.say('Olvida lo de mi diagnóstico.')).notForgotten).toEqual([{ target: 'mi diagnóstico', reason: 'no live fact matches it' }]);
    for (const part of ['billing', 'search', 'auth', 'mail']) await f.say(`Remember that the ${part} service uses Rust.`);
    expect((await f.say('Forget that the services use Rust.')).notForgotten).toEqual([
      { target: 'the services use Rust', reason: 'more than 3 facts match it: name the one to forget' },
    ]);
    // One that forgot what it named says nothing more.
    const done = await f.say('Forget that I work at Acme.');
    expect(done.deleted.map((fact) => fact.fact)).toEqual(['I work at Acme']);
    expect(done.notForgotten).toEqual([]);
  });

  it('keeps each target\'s own reason when the request as a whole matches too many', async () => {
    for (const part of ['billing', 'search', 'auth', 'mail']) await f.say(`Remember that the ${part} service uses Rust.`);
    const { notForgotten, deleted } = await f.say(
      'Forget that the billing service uses Rust and that the search service uses Rust and that the auth service uses Rust and that the mail service uses Rust and that I live on Mars.',
    );
    expect(deleted).toEqual([]);
    const inAll = 'the request matches more than 3 facts in all: name the ones to forget one by one';
    expect(notForgotten).toEqual([
      { target: 'I live on Mars', reason: 'no live fact matches it' },
      ...['billing', 'search', 'auth', 'mail'].map((part) => ({ target: `the ${part} service uses Rust`, reason: inAll })),
    ]);
  });

  it('a bare "forget that" with nothing recent to take back says so', async () => {
    expect((await f.say('Forget that.')).notForgotten).toEqual([{ target: null, reason: 'no fact was added in the last 6 turns of this session' }]);
  });
});
