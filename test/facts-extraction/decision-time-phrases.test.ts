import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanMessage } from '../../src/facts/extraction/extract-facts.js';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { mayStateFacts } from '../../src/facts/extraction/message-gate.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from '../facts/facts-fixture.js';

// A decision said with when it was taken first ("Yesterday we decided…", "Ayer
// decidimos…") is the same decision as without it, and its statement keeps no relative
// day: read a month later, "Yesterday we decided…" would point to the wrong day.

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('a decision opened by a time phrase', () => {
  it.each([
    ['Yesterday we decided to move the launch to Friday.', 'We decided to move the launch to Friday'],
    ['Yesterday, we decided to move the launch to Friday.', 'We decided to move the launch to Friday'],
    ['Last week I decided to use Postgres for the ledger.', 'I decided to use Postgres for the ledger'],
    ['Today I decided to use Postgres for the ledger.', 'I decided to use Postgres for the ledger'],
    ['This morning, we decided to move the launch to Friday.', 'We decided to move the launch to Friday'],
    ['Last night we agreed to use Rust for the parser.', 'We agreed to use Rust for the parser'],
    ['Earlier today I decided we will use Kubernetes for the billing service.', 'I decided we will use Kubernetes for the billing service'],
    ['On Monday we agreed on Kafka for the event bus.', 'We agreed on Kafka for the event bus'],
    ['Two days ago I decided to learn the piano.', 'I decided to learn the piano'],
  ])('English: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement, domain: 'decisions', kind: 'assert', language: 'en', signal: 'decided' }]);
  });

  it.each([
    ['Ayer decidimos mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes'],
    ['Ayer, decidimos mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes'],
    ['Hoy decidimos mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes'],
    ['Anoche decidí dejar el gimnasio.', 'Decidí dejar el gimnasio'],
    ['Anteayer acordamos usar Kafka para el bus de eventos.', 'Acordamos usar Kafka para el bus de eventos'],
    ['Esta mañana, hemos decidido usar Postgres.', 'Hemos decidido usar Postgres'],
    ['La semana pasada decidimos usar Postgres.', 'Decidimos usar Postgres'],
    ['El lunes decidimos mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes'],
    ['Yo ayer decidí usar Postgres.', 'Yo decidí usar Postgres'],
  ])('Spanish: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement, domain: 'decisions', kind: 'assert', language: 'es', signal: 'decidi' }]);
  });

  it.each([
    ['Yesterday we decided to move the launch to Friday.', 'We decided to move the launch to Friday.'],
    ['Last week I decided to use Postgres for the ledger.', 'I decided to use Postgres for the ledger.'],
    ['Ayer decidimos mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes.'],
    ['Hoy decidimos mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes.'],
  ])('is the decision said without it: %s', (withTime, without) => {
    const [dated] = read(withTime);
    const [plain] = read(without);
    expect(plain).toBeDefined();
    expect(dated).toEqual(plain);
  });

  it.each([
    'Yesterday we decided to move the launch to Friday.',
    'Last week I decided to use Postgres for the ledger.',
    'Ayer decidimos mover el lanzamiento al viernes.',
    'Esta mañana, hemos decidido usar Postgres.',
  ])('passes the message gate: %s', (text) => {
    expect(mayStateFacts(cleanMessage(text).folded)).toBe(true);
  });

  it.each([
    // Agreeing to someone's request is no decision, whenever it was.
    'Yesterday I agreed to help him move.',
    // A decision still to be taken.
    'Mañana decidimos qué hacer con el lanzamiento.',
    'El lunes que viene decidimos el lanzamiento.',
    // A time phrase is no subject: someone else decided.
    'Yesterday they decided to move the launch to Friday.',
    // Where they went, not what they chose.
    'Last night we went with friends to a concert.',
    'Anoche nos quedamos con mis padres.',
  ])('%s is none', (text) => {
    expect(read(text)).toEqual([]);
  });
});

describe('a decision with a time phrase after its verb', () => {
  it.each([
    ['We decided yesterday to move the launch to Friday.', 'We decided to move the launch to Friday', 'en'],
    ['I decided last week to use Postgres for the ledger.', 'I decided to use Postgres for the ledger', 'en'],
    ['We agreed on Monday to use Kafka for the event bus.', 'We agreed to use Kafka for the event bus', 'en'],
    ['Decidimos ayer mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes', 'es'],
    ['Acordamos la semana pasada que usaremos Kafka.', 'Acordamos que usaremos Kafka', 'es'],
  ])('is stored without it: %s', (text, statement, language) => {
    expect(read(text)).toMatchObject([{ statement, domain: 'decisions', kind: 'assert', language }]);
  });

  it('"on Monday" with nothing after it, or before what it is for, is what was decided on', () => {
    expect(read('We decided on Monday.')).toMatchObject([{ statement: 'We decided on Monday' }]);
    expect(read('We decided on Monday for the launch.')).toMatchObject([{ statement: 'We decided on Monday for the launch' }]);
    expect(read('We settled on Tuesday for the standup.')).toMatchObject([{ statement: 'We settled on Tuesday for the standup' }]);
    expect(read('Decidimos el lunes para el lanzamiento.')).toMatchObject([{ statement: 'Decidimos el lunes para el lanzamiento' }]);
    expect(read('Elegimos el viernes para la demo.')).toMatchObject([{ statement: 'Elegimos el viernes para la demo' }]);
  });
});

describe('the day a decision names', () => {
  it.each([
    ['We agreed that we will ship on Friday.', 'We agreed that we will ship on Friday'],
    ['Decidimos que el lanzamiento es el viernes.', 'Decidimos que el lanzamiento es el viernes'],
    ['We decided to move to Berlin in June.', 'We decided to move to Berlin in June'],
  ])('is part of it: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement, domain: 'decisions' }]);
  });
});

describe('a decision with a time phrase, stored', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it('a new day replaces the one decided before', async () => {
    await f.say('We agreed that we will ship on Friday.');
    const changes = await f.say('We agreed that we will ship on Monday.');
    expect(factTexts(changes.superseded)).toEqual(['We agreed that we will ship on Friday']);
    expect(activeFactTexts(f)).toEqual(['We agreed that we will ship on Monday']);
  });

  it.each([
    ['Ayer decidimos mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes.', 'Decidimos mover el lanzamiento al viernes'],
    ['Yesterday we decided to move the launch to Friday.', 'We decided to move the launch to Friday.', 'We decided to move the launch to Friday'],
  ])('%s is stored without the day; said again without it, it adds nothing', async (withTime, without, statement) => {
    const first = await f.say(withTime);
    expect(factTexts(first.added)).toEqual([statement]);
    const again = await f.say(without);
    expect(again.added).toEqual([]);
    expect(activeFactTexts(f)).toEqual([statement]);
  });
});
