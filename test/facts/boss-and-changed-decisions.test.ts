import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStatement } from '../../src/facts/fact-statement.js';
import { currentSubjectKey } from '../../src/facts/subject-rekey.js';
import { activeFactTexts, factsFixture, factTexts as texts, type FactsFixture } from './facts-fixture.js';

// One boss at a time, whatever the word ("boss", "manager", "jefe", "jefa", "gerente"); and
// a decision said with a sign of change ("instead", "en vez de…") is a new value of the one
// it changes, in either language.

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

describe('the boss is one subject in every word for it', () => {
  it('"Actually, my manager is Carla now" supersedes "Mi jefe se llama Andrés"', async () => {
    await f.say('Mi jefe se llama Andrés.');
    const changes = await f.say('Actually, my manager is Carla now.');
    expect(texts(changes.superseded)).toEqual(['Mi jefe se llama Andrés']);
    expect(activeFactTexts(f)).toEqual(['My manager is Carla']);
  });

  it('"My manager is Carla" re-confirms "Mi jefa es Carla"; "Mi gerente es Luis" replaces it', async () => {
    const [carla] = (await f.say('Mi jefa es Carla.')).added;
    const again = await f.say('My manager is Carla.');
    expect(again.added).toEqual([]);
    expect(again.reconfirmed.map((fact) => fact.id)).toEqual([carla?.id]);
    expect(texts((await f.say('Mi gerente es Luis.')).superseded)).toEqual(['Mi jefa es Carla']);
  });

  it('a project or account manager is someone else', async () => {
    await f.say('Remember that my project manager is Ana.');
    await f.say('Remember that my account manager is Bob.');
    await f.say('My boss is Carla.');
    expect(activeFactTexts(f)).toEqual(['My account manager is Bob', 'My boss is Carla', 'My project manager is Ana']);
  });

  it('a manager stored under the key before gets the boss\'s at start', async () => {
    await f.say('My manager is Laura.');
    f.database.sqlite.prepare('update facts set subject = ? where fact = ?').run('manager name', 'My manager is Laura');
    expect(currentSubjectKey({ subject: 'manager name' }, readStatement('My manager is Laura'))).toBe('boss name');
    expect(currentSubjectKey({ subject: 'project manager name' }, readStatement('My project manager is Ana'))).toBeNull();
    await f.restart();
    expect(texts((await f.say('Mi jefa es Marta.')).superseded)).toEqual(['My manager is Laura']);
  });
});

describe('a decision said with a sign of change', () => {
  it.each([
    ['We decided to go to Japan in November instead.'],
    ['Decidimos que el viaje a Japón será en noviembre en vez de octubre.'],
  ])('"%s" supersedes "We decided to go to Japan in October"', async (text) => {
    await f.say('We decided to go to Japan in October.');
    await f.say('We decided to use Kafka for the event bus.');
    const changes = await f.say(text);
    expect(texts(changes.superseded)).toEqual(['We decided to go to Japan in October']);
    expect(texts(changes.added)).toEqual([text.slice(0, -1)]);
    // It took the subject of the decision it changed: a new month replaces it in turn.
    expect(texts((await f.say('We decided to go to Japan in December.')).superseded)).toEqual([text.slice(0, -1)]);
  });

  it('"instead of X" replaces the one decision holding X; without a sign of change, or pointing to two, it replaces none', async () => {
    await f.say('We decided to use RabbitMQ for the event bus.');
    await f.say('We decided to go to Japan in October.');
    expect(texts((await f.say('We decided to use Kafka instead of RabbitMQ.')).superseded)).toEqual(['We decided to use RabbitMQ for the event bus']);
    expect((await f.say('We decided to visit Kyoto in October.')).superseded).toEqual([]);
    await f.say('We decided to fly to Japan with ANA.');
    expect((await f.say('We decided to go to Japan by train instead.')).superseded).toEqual([]);
  });
});
