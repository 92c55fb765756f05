import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasValue, StoredValues } from '../../src/facts/fact-matching.js';
import { storedValue } from '../../src/facts/fact-statement.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

const rows = [
  { fact: 'My editor is Vim', subject: 'editor' },
  { fact: 'I prefer tabs over spaces', subject: 'preference indentation' },
  { fact: 'I live in New York', subject: 'home' },
  { fact: 'Mi editor favorito es Helix', subject: 'favorite editor' },
  // No longer read as the row's subject, or as one value at all: no value.
  { fact: 'My editor is Vim', subject: 'favorite editor' },
  { fact: 'I work at Acme and I live in Lisbon', subject: 'employer' },
  { fact: 'My editor is Vim', subject: null },
];

describe('remembered values of stored facts', () => {
  it('give what reading the statement afresh gives, for the same rows again and after others pushed them out', () => {
    const values = new StoredValues(2);
    for (const row of [...rows, ...rows.toReversed(), ...rows]) expect(values.of(row), `${row.fact} / ${row.subject}`).toBe(storedValue(row.fact, row.subject));
  });

  it('never give the value of a statement read for one subject to the same statement of another', () => {
    const values = new StoredValues();
    expect(values.of({ fact: 'My editor is Vim', subject: 'editor' })).toBe('Vim');
    expect(values.of({ fact: 'My editor is Vim', subject: 'favorite editor' })).toBeNull();
    expect(values.of({ fact: 'My editor is Vim', subject: null })).toBeNull();
    expect(values.of({ fact: 'My editor is Vim', subject: 'editor' })).toBe('Vim');
  });

  it('leave hasValue as it was: the value word for word, or anywhere in a statement that no longer reads as its subject', () => {
    const values = new StoredValues();
    for (let pass = 0; pass < 2; pass++) {
      expect(hasValue({ fact: 'I prefer tabs over spaces', subject: 'preference indentation' }, 'tabs', values)).toBe(true);
      expect(hasValue({ fact: 'I prefer tabs over spaces', subject: 'preference indentation' }, 'spaces', values)).toBe(false);
      expect(hasValue({ fact: 'I live in New York', subject: 'home' }, 'York', values)).toBe(false);
      expect(hasValue({ fact: 'I prefer tabs over spaces', subject: 'editor' }, 'spaces', values)).toBe(true);
    }
  });
});

describe('the values the write path remembers, as facts change', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it('follow a statement edited through the API after its old wording was read', async () => {
    const id = (await f.say('I work at Acme.')).added[0]?.id ?? '';
    const ids = (views: ReadonlyArray<{ id: string }>): string[] => views.map((view) => view.id);
    // The restatement reads the stored statement's value: the wording "I work at Acme" is remembered.
    expect(ids((await f.say('I work at Acme.')).reconfirmed)).toEqual([id]);
    await f.service.edit(id, { fact: 'I work at Globex' });
    expect((await f.say('I no longer work at Acme.')).superseded).toEqual([]);
    const restated = await f.say('I work at Globex.');
    expect({ added: restated.added, reconfirmed: ids(restated.reconfirmed) }).toEqual({ added: [], reconfirmed: [id] });
    expect(ids((await f.say('I no longer work at Globex.')).superseded)).toEqual([id]);
    expect(f.service.list()).toEqual([]);
  });
});
