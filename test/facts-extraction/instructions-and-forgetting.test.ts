import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readUserMessage } from '../../src/facts/extraction/index.js';
import { factsFixture, type FactsFixture } from '../facts/facts-fixture.js';

const read = (text: string) => readUserMessage(text, { role: 'user' });

describe('an instruction is keyed by its action, its sense is its value', () => {
  it.each([
    ['Always run the linter before you commit anything', 'always before you commit anything'],
    ['From now on never run the linter', 'never'],
    ["Don't ever run the linter", 'never'],
    // A negated imperative after "from now on" stored nothing until 2026-11-27.
    ["From now on, don't run the linter", 'never'],
    ['From now on, do not run the linter', 'never'],
    ["Don't run the linter from now on", 'never'],
  ])('%j', (text, value) => {
    expect(read(text).facts).toMatchObject([{ subject: 'instruction run linter', value }]);
  });

  it('in Spanish too', () => {
    expect(read('Nunca uses emojis').facts).toMatchObject([{ subject: 'instruction use emojis', value: 'never' }]);
    // "No" read as a first-person verb ("no" ends as "tomo" does) made this a note of its own words.
    expect(read('A partir de ahora, no uses emojis').facts).toMatchObject([{ subject: 'instruction use emojis', value: 'never' }]);
    expect(read('De ahora en adelante, no me hables de usted').facts).toMatchObject([{ value: 'never', statement: 'A partir de ahora, no me hables de usted' }]);
    expect(read('Recuerda que no tomo café').facts).toMatchObject([{ statement: 'No tomo café' }]);
    expect(read('Siempre usa emojis').facts).toMatchObject([{ subject: 'instruction use emojis', value: 'always' }]);
  });

  it('an instruction about the answers keeps its own subject', () => {
    expect(read('Always reply in English').facts).toMatchObject([{ subject: 'assistant language', value: null }]);
  });
});

describe('"don\'t … anymore", "stop …ing", "deja de…", "ya no…" take an instruction back', () => {
  it.each([
    ["Don't run the linter before commits anymore.", 'instruction run linter'],
    ['Stop running the linter before commits.', 'instruction run linter'],
    ['Stop using emojis, please', 'instruction use emojis'],
    ['Deja de usar emojis', 'instruction use emojis'],
    ['Ya no uses emojis', 'instruction use emojis'],
  ])('%j', (text, subject) => {
    expect(read(text).facts).toEqual([expect.objectContaining({ kind: 'retract', subject, value: 'always' })]);
  });

  it.each(['Stop it', "Don't worry about it anymore"])('%j takes nothing back', (text) => {
    expect(read(text).facts).toEqual([]);
  });
});

describe('with the facts service', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());
  const active = (): string[] => f.service.list().map((view) => view.fact).sort();

  it('"From now on, don\'t run the linter" replaces "Always run the linter"', async () => {
    await f.say('Always run the linter before you commit anything');
    const changes = await f.say("From now on, don't run the linter.");
    expect(changes.superseded.map((fact) => fact.fact)).toEqual(['Always run the linter before you commit anything']);
    expect(active()).toEqual(["From now on, don't run the linter"]);
  });

  it('the opposite instruction replaces the older one', async () => {
    await f.say('Always run the linter before you commit anything');
    const changes = await f.say('From now on never run the linter');
    expect(changes.superseded.map((view) => view.fact)).toEqual(['Always run the linter before you commit anything']);
    expect(active()).toEqual(['Never run the linter']);
  });

  it.each(["Don't run the linter before commits anymore.", 'Stop running the linter before commits.'])('%j retires it', async (text) => {
    await f.say('Always run the linter before you commit anything');
    const changes = await f.say(text);
    expect(changes.superseded.map((view) => view.fact)).toEqual(['Always run the linter before you commit anything']);
    expect(active()).toEqual([]);
  });

  it.each(['forget the linter rule', 'Forget the linter instruction please', 'forget about the linter rule'])('%j forgets the linter instruction', async (text) => {
    await f.say('Always run the linter before you commit anything');
    await f.say('Remember that we use pnpm, not npm');
    const changes = await f.say(text);
    expect(changes.deleted.map((view) => view.fact)).toEqual(['Always run the linter before you commit anything']);
    expect(changes.notForgotten).toEqual([]);
  });

  it('"we use pnpm" is replaced by a switch', async () => {
    await f.say('Remember that we use pnpm, not npm');
    const changes = await f.say('Actually we switched to yarn');
    expect(changes.superseded.map((view) => view.fact)).toEqual(['We use pnpm, not npm']);
  });
});
