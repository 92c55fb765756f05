import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../src/clock.js';
import { findFactRow, updateFactRow } from '../../src/storage/facts-repo.js';
import { factsFixture, type FactsFixture, activeFactTexts } from './facts-fixture.js';

// "I prefer window seats" then "I prefer aisle seats": the user changed their mind about
// seats. The newer replaces the older, and stating one never re-confirms the facts it
// merely shares words with (spec §1.1: re-confirmation is saying the same fact again).

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const activeFacts = (): string[] => activeFactTexts(f);
const texts = (views: ReadonlyArray<{ fact: string }>): string[] => views.map((view) => view.fact).sort();

describe('preferences between kinds of one thing', () => {
  it('the newer kind supersedes the older, and re-confirms neither it nor the same kind elsewhere', async () => {
    for (const where of ['planes', 'buses', 'trains']) await f.say(`I prefer aisle seats on ${where}.`);
    const [window] = (await f.say('I prefer window seats.')).added;
    f.clock.advance(MINUTE_MS);
    const changes = await f.say('I prefer aisle seats.');
    expect(texts(changes.added)).toEqual(['I prefer aisle seats']);
    expect(changes.superseded.map((fact) => fact.id)).toEqual([window?.id]);
    expect(changes.reconfirmed).toEqual([]);
    expect(activeFacts()).toEqual(['I prefer aisle seats', 'I prefer aisle seats on buses', 'I prefer aisle seats on planes', 'I prefer aisle seats on trains']);
    // Going back supersedes again; saying the same again re-confirms that one fact only.
    expect(texts((await f.say('I prefer window seats.')).superseded)).toEqual(['I prefer aisle seats']);
    const again = await f.say('I prefer window seats.');
    expect(again).toMatchObject({ added: [], superseded: [] });
    expect(texts(again.reconfirmed)).toEqual(['I prefer window seats']);
  });

  it('a qualifier makes another subject: "…on buses" neither replaces nor wakes "…on trains"', async () => {
    const [trains] = (await f.say('I prefer aisle seats on trains.')).added;
    f.clock.advance(91 * DAY_MS);
    expect(f.service.get(trains?.id ?? '').status).toBe('dormant');
    const changes = await f.say('I prefer aisle seats on buses.');
    expect(texts(changes.added)).toEqual(['I prefer aisle seats on buses']);
    expect(changes).toMatchObject({ superseded: [], reconfirmed: [] });
    expect(f.service.get(trains?.id ?? '')).toMatchObject({ status: 'dormant', lastConfirmedAt: trains?.lastConfirmedAt });
    // The same words, said of trains again, still re-confirm it.
    expect(texts((await f.say('I prefer aisle seats on trains.')).reconfirmed)).toEqual(['I prefer aisle seats on trains']);
    expect(f.service.get(trains?.id ?? '').status).toBe('active');
  });

  it('different things never compete: tea and jazz stay', async () => {
    await f.say('I prefer tea.');
    const changes = await f.say('I prefer jazz.');
    expect(changes).toMatchObject({ superseded: [], reconfirmed: [] });
    expect(activeFacts()).toEqual(['I prefer jazz', 'I prefer tea']);
  });

  it('one thing chosen on two dimensions is two preferences: "morning meetings" and "short meetings" both stay', async () => {
    const [morning] = (await f.say('I prefer morning meetings.')).added;
    const changes = await f.say('I prefer short meetings.');
    expect(texts(changes.added)).toEqual(['I prefer short meetings']);
    expect(changes).toMatchObject({ superseded: [], reconfirmed: [] });
    expect(activeFacts()).toEqual(['I prefer morning meetings', 'I prefer short meetings']);
    // On one dimension they still compete, each with its own.
    expect((await f.say('I prefer afternoon meetings.')).superseded.map((fact) => fact.id)).toEqual([morning?.id]);
    expect(texts((await f.say('I prefer long meetings.')).superseded)).toEqual(['I prefer short meetings']);
    expect(activeFacts()).toEqual(['I prefer afternoon meetings', 'I prefer long meetings']);
  });

  it('a modifier of no known dimension competes with none', async () => {
    await f.say('I prefer hardcover books.');
    const changes = await f.say('I prefer paperback books.');
    expect(changes).toMatchObject({ superseded: [], reconfirmed: [] });
    expect(activeFacts()).toEqual(['I prefer hardcover books', 'I prefer paperback books']);
  });

  it('a comparison of two kinds is replaced by either kind alone', async () => {
    const [compared] = (await f.say('I prefer window seats over aisle seats.')).added;
    const changes = await f.say('I prefer aisle seats.');
    expect(changes.superseded.map((fact) => fact.id)).toEqual([compared?.id]);
    expect(activeFacts()).toEqual(['I prefer aisle seats']);
  });

  it('a question about the seat finds one preference, not two that contradict', async () => {
    await f.say('I prefer window seats.');
    await f.say('I prefer aisle seats.');
    const selected = await f.select('Which seat do I prefer?');
    const seats = [...selected.items, ...selected.candidates].map((fact) => fact.fact).filter((fact) => fact.includes('seats'));
    expect(seats).toEqual(['I prefer aisle seats']);
  });

  it('a preference stored under the key of an earlier version gets the current key at start', async () => {
    const [window] = (await f.say('I prefer window seats.')).added;
    updateFactRow(f.database.db, window?.id ?? '', { subject: 'preference window seats' });
    expect(await f.service.start()).toMatchObject({ rekeyed: 1 });
    expect(findFactRow(f.database.db, window?.id ?? '')?.subject).toBe('preference seat position');
    // Now it competes as if written today.
    expect(texts((await f.say('I prefer aisle seats.')).superseded)).toEqual(['I prefer window seats']);
  });

  it('the keys of the version before the dimensions ("preference meeting") are re-keyed at start, each by its own', async () => {
    const [morning] = (await f.say('I prefer morning meetings.')).added;
    const [short] = (await f.say('I prefer short meetings.')).added;
    const [hardcover] = (await f.say('I prefer hardcover books.')).added;
    for (const [fact, subject] of [[morning, 'preference meeting'], [short, 'preference meeting'], [hardcover, 'preference book']] as const) {
      updateFactRow(f.database.db, fact?.id ?? '', { subject });
    }
    expect(await f.service.start()).toMatchObject({ rekeyed: 3 });
    const subjects = [morning, short, hardcover].map((fact) => findFactRow(f.database.db, fact?.id ?? '')?.subject);
    expect(subjects).toEqual(['preference meeting time', 'preference meeting length', 'preference hardcover books']);
    // Started again, nothing is left to re-key.
    expect(await f.service.start()).toMatchObject({ rekeyed: 0 });
    expect(texts((await f.say('I prefer long meetings.')).superseded)).toEqual(['I prefer short meetings']);
    expect(activeFacts()).toEqual(['I prefer hardcover books', 'I prefer long meetings', 'I prefer morning meetings']);
  });
});
