import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_STATEMENT_CHARS } from '../../src/facts/extraction/statement-text.js';
import type { FactChanges } from '../../src/facts/fact-record.js';
import { factsFixture, type FactsFixture } from '../facts/facts-fixture.js';

// What the extraction makes of a message once the facts service applies it (real SQLite).

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const texts = (views: ReadonlyArray<{ fact: string }>): string[] => views.map((view) => view.fact);
const active = (): string[] => texts(f.service.list()).sort();

async function sayAll(messages: readonly string[]): Promise<FactChanges> {
  let last: FactChanges | null = null;
  for (const message of messages) last = await f.say(message);
  if (last === null) throw new Error('no message');
  return last;
}

describe('someone else\'s work and home', () => {
  it('said in passing, adds nothing and replaces nothing', async () => {
    await f.say('Trabajo en Mercado Libre');
    for (const message of ['My brother works at Mercado Libre.', 'Mi hermano vive en Sevilla.', 'My brother lives in Paris.', 'My mom works at a hospital.']) {
      const changes = await f.say(message);
      expect(changes.added, message).toEqual([]);
      expect(changes.superseded, message).toEqual([]);
    }
    expect(active()).toEqual(['Trabajo en Mercado Libre']);
  });

  it('asked to be remembered, is theirs: the user\'s employer and home stay', async () => {
    await sayAll(['Trabajo en Mercado Libre', 'I live in Porto']);
    const employer = await f.say('Remember that my brother works at Globex.');
    expect(texts(employer.added)).toEqual(['My brother works at Globex']);
    expect(employer.superseded).toEqual([]);
    const home = await f.say('Recordá que mi hermano vive en Sevilla.');
    expect(texts(home.added)).toEqual(['Mi hermano vive en Sevilla']);
    expect(home.superseded).toEqual([]);
    expect(active()).toEqual(['I live in Porto', 'Mi hermano vive en Sevilla', 'My brother works at Globex', 'Trabajo en Mercado Libre']);
  });
});

describe('"I no longer…" / "ya no…" retires the fact it names', () => {
  it.each([
    ['Remember that I use Emacs', 'I no longer use Emacs.', 'I use Emacs'],
    ['Remember that I use Emacs', "I don't use Emacs anymore.", 'I use Emacs'],
    ['Remember that I play chess', 'I no longer play chess.', 'I play chess'],
    ['I prefer tabs over spaces', 'I no longer prefer tabs over spaces.', 'I prefer tabs over spaces'],
    ['Siempre uso Linux', 'Ya no uso Linux.', 'Siempre uso Linux'],
  ])('%s, then %s', async (statement, retraction, stored) => {
    await sayAll([statement, 'Remember that I use Vim at work']);
    const changes = await f.say(retraction);
    expect(texts(changes.superseded)).toEqual([stored]);
    expect(changes.superseded[0]?.supersededBy).toBeNull();
    expect(changes.added).toEqual([]);
    expect(active()).toEqual(['I use Vim at work']);
  });

  it('names the fact by its own value: another value of the subject stays, though the fact\'s words hold it', async () => {
    await f.say('I prefer tabs over spaces');
    expect((await f.say('I no longer prefer spaces.')).superseded).toEqual([]);
    expect(active()).toEqual(['I prefer tabs over spaces']);
    // The same words retire the fact whose own value they name: they are a retraction of that subject.
    expect(texts((await f.say('I prefer spaces over tabs')).superseded)).toEqual(['I prefer tabs over spaces']);
    const retired = await f.say('I no longer prefer spaces.');
    expect(texts(retired.superseded)).toEqual(['I prefer spaces over tabs']);
    expect(retired.added).toEqual([]);
    expect(active()).toEqual([]);
  });
});

describe('a name for one of several people', () => {
  it.each([
    ['Remember that my sister is Ana.', 'Remember that my sister is Laura.'],
    ['Recordá que mi hermana se llama Ana', 'Recordá que mi hermana se llama Laura'],
  ])('does not replace another one: %s / %s', async (first, second) => {
    await f.say(first);
    const changes = await f.say(second);
    expect(changes.added).toHaveLength(1);
    expect(changes.superseded).toEqual([]);
    expect(active()).toHaveLength(2);
  });
});

describe('the boss of now', () => {
  it.each([
    ['My boss is Andrew.', 'My new boss is Marta.', 'My new boss is Marta'],
    ['Mi jefe se llama Andrés.', 'Mi jefe nuevo se llama Luis.', 'Mi jefe nuevo se llama Luis'],
  ])('named as new replaces the name before: %s / %s', async (first, second, replacement) => {
    await f.say(first);
    const changes = await f.say(second);
    expect(texts(changes.superseded)).toEqual([first.replace(/\.$/u, '')]);
    expect(active()).toEqual([replacement]);
  });

  it('named as the old one leaves the current one alone', async () => {
    await f.say('My boss is Andrew.');
    const changes = await f.say('My old boss is called Tom.');
    expect(changes.superseded).toEqual([]);
    expect(active()).toEqual(['My boss is Andrew', 'My old boss is called Tom']);
  });
});

describe('a contact detail said in passing', () => {
  it('is not kept, unless it is the new value of one kept before', async () => {
    expect((await f.say('Can you fill in the form? My date of birth is 1985-03-14.')).added).toEqual([]);
    await f.say('Remember that my address is 221B Baker Street.');
    const moved = await f.say('Actually, my address is 10 Downing Street.');
    expect(texts(moved.superseded)).toEqual(['My address is 221B Baker Street']);
    expect(active()).toEqual(['My address is 10 Downing Street']);
  });
});

describe('a correction after a colon', () => {
  it.each([
    ['I live in Granada.', 'Sorry, I was wrong: I live in Malaga.', 'I live in Malaga'],
    ['Vivo en Cádiz.', 'Perdón, me equivoqué: vivo en Málaga.', 'Vivo en Málaga'],
  ])('%s, then %s', async (first, correction, corrected) => {
    await f.say(first);
    const changes = await f.say(correction);
    expect(texts(changes.added)).toEqual([corrected]);
    expect(texts(changes.superseded)).toEqual([first.replace(/\.$/u, '')]);
  });
});

describe('a decision with a qualifying clause', () => {
  it('is one fact, replaced by the same decision with another qualifier', async () => {
    const first = await f.say('We decided to use Kafka for the event bus, with a retention of 7 days.');
    expect(texts(first.added)).toEqual(['We decided to use Kafka for the event bus, with a retention of 7 days']);
    const changes = await f.say('We decided to use Kafka for the event bus, with a retention of 14 days.');
    expect(texts(changes.superseded)).toEqual(['We decided to use Kafka for the event bus, with a retention of 7 days']);
    expect(active()).toEqual(['We decided to use Kafka for the event bus, with a retention of 14 days']);
  });

  it('keeps the decision without its qualifier when both are too long for one fact', async () => {
    const decision = 'We decided to use Apache Kafka for the asynchronous platform event bus';
    const qualified = `${decision}, with a retention of fourteen days across every international transactional notification topic`;
    expect(qualified.length).toBeGreaterThan(MAX_STATEMENT_CHARS);
    expect(texts((await f.say(`${qualified}.`)).added)).toEqual([decision]);
  });
});
