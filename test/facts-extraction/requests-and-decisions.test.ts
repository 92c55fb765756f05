import { describe, expect, it } from 'vitest';
import { readUserMessage } from '../../src/facts/extraction/index.js';

const read = (text: string) => readUserMessage(text, { role: 'user' });

describe('an explicit request to remember a rule about a thing', () => {
  it.each([
    ['Remember that retries must be at most 3', 'Retries must be at most 3'],
    ['Remember that retries should never exceed 3', 'Retries should never exceed 3'],
    ['Remember that retries must be at most 3, and the cap is 2 seconds', 'Retries must be at most 3, and the cap is 2 seconds'],
  ])('%j stores %j', (text, statement) => {
    expect(read(text).facts).toMatchObject([{ statement, confidence: 'high', kind: 'assert' }]);
  });

  it('files a setting said of no one under projects, not personal', () => {
    expect(read('Remember that max retries is 3').facts).toMatchObject([{ statement: 'Max retries is 3', domain: 'projects' }]);
    expect(read('Remember that retries must be at most 3').facts).toMatchObject([{ domain: 'projects' }]);
    // Spanish, with its accents: "límite", "máximo"; "el" is the article, not "él".
    expect(read('Recuerda que el límite de reintentos es 3').facts).toMatchObject([{ domain: 'projects' }]);
    expect(read('Recuerda que el timeout máximo es de 30 segundos').facts).toMatchObject([{ domain: 'projects' }]);
    // Said of someone, a limit stays personal.
    expect(read('Remember that my limit is 3 coffees a day').facts).toMatchObject([{ domain: 'personal' }]);
  });

  it.each(['remember my birthday', 'Remember that song', 'remember that time we went to Paris'])('a noun phrase is still no statement: %j', (text) => {
    expect(read(text).facts).toEqual([]);
  });
});

describe('a decision keeps its coordinated parts and trailing specifics', () => {
  it('keeps "and keep source maps"', () => {
    expect(read('We decided to raise the docs runner memory to 8 GB and keep source maps.').facts).toMatchObject([
      { statement: 'We decided to raise the docs runner memory to 8 GB and keep source maps', value: 'raise the docs runner memory to 8 GB and keep source maps' },
    ]);
  });

  it('keeps the specifics after commas', () => {
    const [fact, ...others] = read('OK, we decided to use exponential backoff with full jitter for the retry logic, max 3 retries, capped at 2 seconds.').facts;
    expect(others).toEqual([]);
    expect(fact).toMatchObject({ statement: 'We decided to use exponential backoff with full jitter for the retry logic, max 3 retries, capped at 2 seconds' });
    expect(read('Decidimos usar Kafka para los eventos, máximo 3 reintentos').facts).toMatchObject([
      { statement: 'Decidimos usar Kafka para los eventos, máximo 3 reintentos' },
    ]);
  });

  it.each([
    ['We decided to use Kafka, 3 days ago', 'We decided to use Kafka'],
    ['We decided to use Kafka, it has 3 brokers', 'We decided to use Kafka'],
  ])('leaves out what is no specific of it: %j', (text, statement) => {
    expect(read(text).facts).toMatchObject([{ statement }]);
  });
});

describe('a switch to "another X, Name"', () => {
  it.each([
    ['I switched to another provider, Vodafone', 'I switched to Vodafone', 'Vodafone'],
    ['Me cambié a otra compañía, Movistar', 'Me cambié a Movistar', 'Movistar'],
  ])('%j stores %j', (text, statement, value) => {
    expect(read(text).facts).toMatchObject([{ statement, value, kind: 'assert' }]);
  });

  it.each(['I switched to the other tab', 'I switched to another tab, lol', 'I switched to another provider'])('%j stays a switch of the moment', (text) => {
    expect(read(text).facts).toEqual([]);
  });
});

describe('"forget the X" requests', () => {
  it.each([
    ['forget the linter rule', 'linter'],
    ['Forget the linter instruction please', 'linter'],
    ['forget the pnpm thing', 'pnpm'],
    ['please forget the retry decision', 'retry'],
    ['forget about the linter rule', 'the linter'],
    ['olvida lo de la regla del linter', 'linter'],
  ])('%j targets %j', (text, target) => {
    expect(read(text).forget).toMatchObject({ target, targets: [target] });
  });

  it.each(["don't forget the tickets", 'Let me forget the budget for now?'])('%j is no forget request', (text) => {
    expect(read(text).forget).toBeNull();
  });

  it('keeps "the fact that" as before', () => {
    expect(read('Forget the fact that I work at Acme').forget).toMatchObject({ target: 'I work at Acme' });
  });
});


describe('"I/we use X", X the name of a tool of a known kind, is keyed by that kind', () => {
  it.each([
    ['Remember that we use pnpm, not npm', 'We use pnpm, not npm', 'package manager', 'pnpm'],
    ['Just so you know, we use pnpm', 'We use pnpm', 'package manager', 'pnpm'],
    ['Remember that I use Neovim', 'I use Neovim', 'editor', 'Neovim'],
    ['Recuerda que usamos pnpm, no npm', 'Usamos pnpm, no npm', 'package manager', 'pnpm'],
  ])('%j', (text, statement, subject, value) => {
    expect(read(text).facts).toMatchObject([{ statement, subject, value }]);
  });

  it('so a switch has the same subject', () => {
    const [used] = read('Remember that we use pnpm, not npm').facts;
    const [switched] = read('Actually we switched to yarn').facts;
    expect(switched?.subject).toBe(used?.subject);
  });

  it('with more words it stays a note of its own', () => {
    expect(read('Remember that I use Vim at work').facts).toMatchObject([{ subject: expect.stringMatching(/^note /u) }]);
  });
});
