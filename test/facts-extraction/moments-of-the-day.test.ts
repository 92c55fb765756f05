import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';

// A preference or a decision limited to the present moment is a moment of the
// conversation, not a lasting fact: nothing is stored, and never the statement without
// its time word ("I prefer tea" of "I prefer tea today" says what the user did not). A
// day opening a decision says when it was taken and is left out (decision-time-phrases);
// the day a decision is about stays ("…ship on Friday").

const read = (text: string) => extractFacts(text, { role: 'user' });
const statements = (text: string) => read(text).map((fact) => fact.statement);

describe('a preference limited to the present moment', () => {
  it.each([
    'I prefer tea today.',
    'I prefer tea tonight.',
    'I prefer to stay home tonight',
    'I prefer tea right now.',
    'I prefer tea for now.',
    'I prefer tea over coffee today.',
    'I prefer tea today, thanks.',
    'I prefer tea, today.',
    'Prefiero pizza hoy.',
    'Prefiero quedarme en casa esta noche.',
    'Prefiero té ahora mismo.',
  ])('at its end stores nothing: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    'Today I prefer tea.',
    'Today, I prefer tea.',
    'Right now I prefer tea.',
    'Right now, I prefer tea.',
    'Ok, tonight I prefer to stay in.',
    'Esta noche prefiero quedarme en casa.',
    'Hoy prefiero té.',
  ])('at its start stores nothing: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    ['I prefer tea.', 'I prefer tea'],
    ['I prefer tea in the morning.', 'I prefer tea in the morning'],
    ['Prefiero el té hoy en día.', 'Prefiero el té'],
    // The start of something lasting is no moment.
    ['Starting today, I prefer tea.', 'I prefer tea'],
    ['From today on I prefer tea.', 'I prefer tea'],
  ])('a lasting one is kept: %s', (text, statement) => {
    expect(statements(text)).toEqual([statement]);
  });
});

describe('a decision limited to the present moment', () => {
  it.each([
    'I decided to order pizza tonight.',
    'I decided not to go to work today.',
    'We decided to ship today.',
    'I decided to stay in Lisbon for now.',
    'Decidí no ir al gimnasio hoy.',
    'Decidí pedir sushi esta noche.',
    'Decidimos quedarnos en casa esta tarde.',
  ])('at its end stores nothing: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    'I decided to take a nap.',
    'I decided to take a quick shower.',
    'I decided not to take a nap.',
    'We decided to grab a coffee.',
    'I decided to go to bed early.',
    'Today I decided to take a nap.',
    'Decidí echarme una siesta.',
    'Decidimos tomar un café.',
    'Decidí irme a dormir temprano.',
    'I decided to order pizza.',
    'Tonight I decided to order pizza.',
    'Esta noche decidí pedir sushi.',
  ])('one everyday act of the moment stores nothing: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    ['I decided to learn Japanese.', 'I decided to learn Japanese'],
    ['I decided to take a break from social media.', 'I decided to take a break from social media'],
    ['I decided to eat meat again.', 'I decided to eat meat again'],
    ['Decidí aprender japonés.', 'Decidí aprender japonés'],
    ['Today I decided to use Postgres for the ledger.', 'I decided to use Postgres for the ledger'],
    ['We agreed that we will ship on Friday.', 'We agreed that we will ship on Friday'],
  ])('a lasting one is kept: %s', (text, statement) => {
    expect(statements(text)).toEqual([statement]);
  });
});

describe('a decision to start or end something lasting, with the day it was taken', () => {
  it.each([
    ['I decided to start running today', 'I decided to start running'],
    ['I decided to quit smoking today.', 'I decided to quit smoking'],
    ['I decided to switch to Linux this morning', 'I decided to switch to Linux'],
    ['Decidí dejar de fumar hoy.', 'Decidí dejar de fumar'],
  ])('leaves the day out and keeps the decision, as a leading day does: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement, value: statement.replace(/^(?:I decided to|Decidí) /u, '') }]);
  });

  it.each(['I prefer to start work early today', 'I decided to order pizza tonight', 'I decided to start running tonight'])(
    'a preference for the day, a momentary act or a plan for the evening still stores nothing: %s',
    (text) => {
      expect(read(text)).toEqual([]);
    },
  );
});

describe('"from now on" limited to the moment', () => {
  it.each(['From now on I prefer tea for the moment', 'From now on, reply in English for now', 'A partir de ahora prefiero té por ahora'])(
    'contradicts itself and stores nothing: %s',
    (text) => {
      expect(read(text)).toEqual([]);
    },
  );

  it('without the limit it is a standing rule', () => {
    expect(read('From now on I prefer tea')).toMatchObject([{ statement: 'I prefer tea', confidence: 'high' }]);
  });
});

describe('a statement is never cut short by its time word', () => {
  it('"to work" after a verb of going is where one goes, not a purpose', () => {
    expect(statements('I decided not to go to work on Mondays.')).toEqual(['I decided not to go to work on Mondays']);
    expect(statements('I prefer to bike to work.')).toEqual(['I prefer to bike to work']);
    // A purpose still ends the value.
    expect(read('I moved to Lisbon to work at Acme.')).toMatchObject([{ statement: 'I live in Lisbon', value: 'Lisbon' }]);
  });

  it('"not to" opens what was decided, never a purpose that ends it', () => {
    expect(statements('I decided not to learn Rust.')).toEqual(['I decided not to learn Rust']);
    expect(statements('I decided not to take the job at Google.')).toEqual(['I decided not to take the job at Google']);
  });

  it('"starting today" goes as a whole: the decision lasts from then', () => {
    expect(statements('I decided to quit smoking starting today.')).toEqual(['I decided to quit smoking']);
  });
});
