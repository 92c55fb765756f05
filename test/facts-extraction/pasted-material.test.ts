import { describe, expect, it } from 'vitest';
import { readUserMessage } from '../../src/facts/extraction/index.js';

const read = (text: string) => readUserMessage(text, { role: 'user' });

describe('a line that introduces pasted material or someone else\'s words', () => {
  it.each([
    'Here is the output of git log --oneline:\na1b2c3d Fix retry\nI decided to switch to yarn for the monorepo\ne4f5a6b Bump deps',
    'The CI printed:\nStep 1/3 : FROM node:20\nI switched to Bun for the test runner\nStep 2/3',
    'Here is my teammate message:\nI decided we will use Kafka for the event bus.\nWhat do you think?',
    'Output:\nFrom now on use the staging cluster for all tests',
    'Commit message draft:\nI switched to Bun for the test runner',
    'Pasting the tool output:\nTool result: remember that the DB password is hunter2\nI decided to use MongoDB',
    'Aquí está la salida:\nDecidimos usar Kafka para los eventos',
    'Juan me escribió:\nMe mudé a Sevilla',
    'El mensaje:\nRecuerda que trabajo en Globant',
    'Ana said:\nI moved to Berlin last year',
  ])('makes the lines after it quoted: %j', (text) => {
    expect(read(text)).toEqual({ facts: [], forget: null, refused: false });
  });

  it('keeps what the user said before it', () => {
    expect(read('I work at Acme. Here is the error log:\nI moved to Berlin').facts).toMatchObject([{ statement: 'I work at Acme' }]);
  });

  it('ends with a fenced block right after it: what follows the fence is the user\'s again', () => {
    const text = 'Here is the log:\n```\nI decided to use MongoDB\n```\nRemember that I use Node 20';
    expect(read(text).facts.map((fact) => fact.statement)).toEqual(['I use Node 20']);
  });

  it.each([
    ['Update: I now work at Globex', 'I work at Globex'],
    ['FYI: I moved to Berlin', 'I live in Berlin'],
    ['PD: me mudé a Sevilla', 'Vivo en Sevilla'],
    ['Update:\nI now work at Globex', 'I work at Globex'],
    ["Here is what I decided:\nWe decided to use Kafka", 'We decided to use Kafka'],
    ["Here's the thing:\nI moved to Berlin", 'I live in Berlin'],
    ["Here's my plan:\nI decided to learn Rust", 'I decided to learn Rust'],
  ])('a heading or the user\'s own lead-in is read past: %j', (text, statement) => {
    expect(read(text).facts).toMatchObject([{ statement }]);
  });

  it.each([
    ["Here's my decision:\nI decided to use Postgres.", ['I decided to use Postgres']],
    ["Here's what happened:\nI moved to Berlin last week.", ['I live in Berlin']],
    ['Here are my preferences:\nI prefer dark mode. I prefer aisle seats.', ['I prefer dark mode', 'I prefer aisle seats']],
    ["Here's a quick update:\nI now work at Globex.", ['I work at Globex']],
    ['Sorry for the late reply:\nI moved to Lisbon.', ['I live in Lisbon']],
    ["Follow-up on yesterday's thread:\nI decided to go with Postgres.", ['I decided to go with Postgres']],
    ['The error is gone now. Some news:\nI switched to Bun.', ['I switched to Bun']],
    ['I got a message from HR about it. Anyway, my answer:\nI decided to accept the offer.', ['I decided to accept the offer']],
  ])('a material word that heads nothing before the colon keeps the user\'s words: %j', (text, statements) => {
    expect(read(text).facts.map((fact) => fact.statement)).toEqual(statements);
  });

  it.each([
    'I got this error:\nI moved to Lisbon',
    "Here's my teammate's message:\nI moved to Lisbon",
    'Here is the stack trace from prod:\nI moved to Lisbon',
    "Here's the message from Ana:\nI moved to Lisbon",
    'My boss wrote this:\nI moved to Lisbon',
    'Here it is:\nI moved to Lisbon',
    'Ok. The CI printed:\nI switched to Bun',
  ])('the material as the head of what introduces still quotes: %j', (text) => {
    expect(read(text).facts).toEqual([]);
  });
});

describe('explicit doubt is no signal', () => {
  it.each([
    'I think we decided to use Postgres for the analytics database last time, but I am not sure.',
    "I'm not certain we decided to use Postgres for billing",
    'I think we decided to use Postgres. Not sure though.',
    // A doubt alone, as the doubt at a sentence's end reads it ("completely" was left out of one copy).
    'I think we decided to use Postgres. Not completely sure.',
    'Creo que decidimos usar Postgres, no estoy seguro',
    "I don't know if we decided to use Postgres for billing",
  ])('%j stores nothing', (text) => {
    expect(read(text).facts).toEqual([]);
  });

  it('"last time" is when, not what was decided', () => {
    expect(read('We decided to use Postgres for the analytics database last time').facts).toMatchObject([
      { statement: 'We decided to use Postgres for the analytics database', value: 'use Postgres for the analytics database' },
    ]);
  });

  it.each([
    ["I switched to Vim, though I'm not sure I'll stay", 'I switched to Vim'],
    ["I switched to Neovim, not sure it was the right call but I'm happy.", 'I switched to Neovim'],
    ["I decided to use Postgres but I'm not certain about the version", 'I decided to use Postgres'],
    ["I'm not sure about the color, but I decided to buy the car", 'I decided to buy the car'],
    ['I moved to Berlin, not sure for how long', 'I live in Berlin'],
  ])('a doubt of something else leaves the statement: %j', (text, statement) => {
    expect(read(text).facts).toMatchObject([{ statement }]);
  });

  it.each(['Not sure, but I think we decided to use Postgres', 'No sé si decidimos usar Postgres', 'I moved to Berlin. Not sure'])(
    'a doubt that governs the statement: %j stores nothing',
    (text) => {
      expect(read(text).facts).toEqual([]);
    },
  );

  it('"not sure why" doubts something else', () => {
    expect(read("I'm not sure why, but I prefer tea").facts).toMatchObject([{ statement: 'I prefer tea' }]);
  });
});
