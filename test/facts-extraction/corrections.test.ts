import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { factsFixture, type FactsFixture } from '../facts/facts-fixture.js';

// Corrections as the facts service applies them (real SQLite): "forget that X, now it is
// Y", and a new value for the subject of a stored fact ("actually, the standup moved to 10:00").

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const texts = (views: ReadonlyArray<{ fact: string }>): string[] => views.map((view) => view.fact);
const active = (): string[] => texts(f.service.list()).sort();

describe('"forget that X, now it is Y" forgets X and stores Y', () => {
  it.each([
    [
      'Remember that my budget for the kitchen is 8000 euros.',
      'Forget that my budget for the kitchen is 8000 euros, now it is 10000 euros.',
      'My budget for the kitchen is 10000 euros',
    ],
    [
      'Remember that my budget for the kitchen is 8000 euros.',
      "Forget that my budget for the kitchen is 8000 euros, it's 10000 euros now.",
      'My budget for the kitchen is 10000 euros',
    ],
    ['Remember that the standup is at 9:30.', 'Forget that the standup is at 9:30, now it is at 10:00.', 'The standup is at 10:00'],
    // "currently" is a sign of change as "now" is, for a correction and for the rest of a request to forget alike.
    [
      'Remember that my budget for the kitchen is 8000 euros.',
      'Forget that my budget for the kitchen is 8000 euros, it is currently 10000 euros.',
      'My budget for the kitchen is 10000 euros',
    ],
    [
      'Recuerda que mi presupuesto para el viaje es de 2000 euros.',
      'Olvidá que mi presupuesto para el viaje es de 2000 euros, ahora es de 3000 euros.',
      'Mi presupuesto para el viaje es de 3000 euros',
    ],
    [
      'Recuerda que mi presupuesto para el viaje es de 2000 euros.',
      'Olvidá que mi presupuesto para el viaje es de 2000 euros, ahora mi presupuesto para el viaje es de 3000 euros.',
      'Mi presupuesto para el viaje es de 3000 euros',
    ],
  ])('%s / %s', async (remembered, correction, stored) => {
    const first = await f.say(remembered);
    expect(first.added).toHaveLength(1);
    const changes = await f.say(correction);
    expect(texts(changes.deleted)).toEqual(texts(first.added));
    expect(texts(changes.added)).toEqual([stored]);
    expect(active()).toEqual([stored]);
  });

  it('stores the rest as a statement of its own when it has its own subject', async () => {
    await f.say('Remember that I work at Acme.');
    const changes = await f.say('Forget that I work at Acme, I work at Globex now');
    expect(texts(changes.deleted)).toEqual(['I work at Acme']);
    expect(active()).toEqual(['I work at Globex']);
  });

  it.each([
    ['Remember that the party is tonight.', 'Forget it, now it is late.', ['The party is tonight']],
    // "It" may be the party, but "late" is no value of it.
    ['Remember that the party is tonight.', 'Forget that the party is tonight, now it is late.', []],
    // A rest whose pronoun has no subject in what is forgotten.
    ['Remember that I work at Acme.', 'Forget that I work at Acme, now it is Globex.', []],
  ])('%s / %s: adds nothing', async (remembered, message, left) => {
    await f.say(remembered);
    const changes = await f.say(message);
    expect(changes.added).toEqual([]);
    expect(active()).toEqual(left);
  });
});

describe('a correction of a stored fact supersedes it', () => {
  it.each([
    ['Remember that the standup is at 9:30 every weekday.', 'Actually, the standup moved to 10:00.', 'The standup moved to 10:00'],
    ['Remember that the standup is at 9:30 every weekday.', 'Actually, the standup is at 10:00 now.', 'The standup is at 10:00'],
    ['Remember that the standup is at 9:30 every weekday.', 'The standup is at 9:45 now.', 'The standup is at 9:45'],
    ['Remember that the standup is at 9:30 every weekday.', 'The standup was moved to 10:00.', 'The standup was moved to 10:00'],
    ['Remember that the deadline is Friday.', 'The deadline changed to Monday.', 'The deadline changed to Monday'],
    ['Recordá que la daily es a las 9:30.', 'En realidad, la daily pasó a las 10:00.', 'La daily pasó a las 10:00'],
    ['Recordá que la daily es a las 9:30.', 'Ahora la daily es a las 10.', 'La daily es a las 10'],
    ['Recordá que la daily es a las 9:30.', 'La daily se movió a las 10.', 'La daily se movió a las 10'],
  ])('%s / %s', async (remembered, correction, corrected) => {
    const first = await f.say(remembered);
    const changes = await f.say(correction);
    expect(texts(changes.added)).toEqual([corrected]);
    expect(texts(changes.superseded)).toEqual(texts(first.added));
    expect(changes.superseded[0]?.supersededBy).toBe(changes.added[0]?.id);
    expect(active()).toEqual([corrected]);
  });

  it.each([
    // Nothing stored of that subject: conversation, not a fact.
    [[], 'Actually, the standup moved to 10:00.'],
    [[], 'The standup is at 10:00 now.'],
    [[], 'Ahora la daily es a las 10.'],
    // No correction signal: a plain statement is no explicit signal.
    [['Remember that the standup is at 9:30.'], 'The standup is at 10:00.'],
    // An opinion, not a new value.
    [['Remember that Kafka is our event bus.'], 'Actually, I think Kafka is fine.'],
    [['Remember that Kafka is our event bus.'], 'Actually, Kafka is so much better now.'],
    [['Remember that the standup is at 9:30.'], 'Now the standup is that thing we all hate.'],
    [['Remember that the standup is at 9:30.'], 'Actually, it is at 10:00 now.'],
    // What people do is theirs (the possessive rules' reading of people, groups too): no new value of a thing.
    [['Remember that the clients are in Lisbon.'], 'Actually, the clients are in Madrid now.'],
  ])('%j, then %s: changes nothing', async (before, message) => {
    for (const each of before) await f.say(each);
    const was = active();
    const changes = await f.say(message);
    expect(changes.added).toEqual([]);
    expect(changes.superseded).toEqual([]);
    expect(active()).toEqual(was);
  });

  it('re-confirms a stored fact the correction only says again', async () => {
    await f.say('Remember that the standup is at 10:00.');
    const changes = await f.say('Actually, the standup is at 10:00 now.');
    expect(changes.added).toEqual([]);
    expect(texts(changes.reconfirmed)).toEqual(['The standup is at 10:00']);
  });
});

describe('a correction that names its thing with a word more or less', () => {
  it.each([
    ['Remember that the standup is at 9:30.', 'Actually, the daily standup moved to 10:00.', 'The daily standup moved to 10:00'],
    ['Remember that the daily standup is at 9:30.', 'Actually, the standup moved to 10:00.', 'The standup moved to 10:00'],
    ['Remember that the team offsite is in March.', 'The annual team offsite is in April now.', 'The annual team offsite is in April'],
    ['Recordá que la daily es a las 9:30.', 'En realidad, la daily del equipo pasó a las 10:00.', 'La daily del equipo pasó a las 10:00'],
  ])('%s / %s: supersedes the one live fact of that thing', async (remembered, correction, corrected) => {
    const first = await f.say(remembered);
    const changes = await f.say(correction);
    expect(texts(changes.added)).toEqual([corrected]);
    expect(changes.superseded.map((fact) => fact.id)).toEqual(first.added.map((fact) => fact.id));
    expect(changes.superseded[0]?.supersededBy).toBe(changes.added[0]?.id);
    expect(active()).toEqual([corrected]);
  });

  it.each([
    // Two live facts it may name: which one is a guess.
    [['Remember that the daily standup is at 9:30.', 'Remember that the weekly standup is on Monday.'], 'Actually, the standup moved to 10:00.'],
    // Another head noun is another thing: notes of the standup are no standup.
    [['Remember that the standup is at 9:30.'], 'Actually, the standup notes moved to Confluence.'],
    // Other modifiers, neither within the other: another thing of that kind.
    [['Remember that the daily standup is at 9:30.'], 'Actually, the weekly standup moved to Friday.'],
    // Another person's thing is theirs: "the employer", "the birthday" are none of it.
    [['Remember that my brother works at Acme.'], 'Actually, the employer moved to Berlin.'],
    [["Remember that my sister's birthday is on May 3."], 'Actually, the birthday is on June 4 now.'],
  ])('%j, then %s: changes nothing', async (before, message) => {
    for (const each of before) await f.say(each);
    const was = active();
    const changes = await f.say(message);
    expect(changes).toMatchObject({ added: [], superseded: [] });
    expect(active()).toEqual(was);
  });

  it('re-confirms the one it only says again', async () => {
    await f.say('Remember that the standup is at 10:00.');
    const changes = await f.say('Actually, the daily standup is at 10:00 now.');
    expect(changes).toMatchObject({ added: [], superseded: [] });
    expect(texts(changes.reconfirmed)).toEqual(['The standup is at 10:00']);
  });
});
