import { describe, expect, it } from 'vitest';
import { extractFacts, type ExtractedFact } from '../../src/facts/extraction/index.js';
import { EXPLICIT_CASES, PLAIN_CASES } from './cases.js';

function only(text: string): ExtractedFact {
  const facts = extractFacts(text, { role: 'user' });
  expect(facts, `exactly one fact from ${JSON.stringify(text)}`).toHaveLength(1);
  const [fact] = facts;
  if (!fact) throw new Error('unreachable');
  return fact;
}

type Expected = Partial<ExtractedFact>;

describe('explicit remember requests (high confidence)', () => {
  it.each(EXPLICIT_CASES)('%s', (text, expected) => {
    expect(only(text)).toMatchObject({ confidence: 'high', kind: 'assert', ...expected });
  });
});

// "From now on…" is as explicit as "remember that…": a standing rule the user does not say
// again, which went dormant after 90 days at medium confidence (2026-11-27).
const FROM_NOW_ON = /^(?:from now on|a partir de ahora|de ahora en adelante)\b/iu;

describe('plain signals (medium confidence)', () => {
  it.each(PLAIN_CASES.filter(([text]) => !FROM_NOW_ON.test(text)))('%s', (text, expected) => {
    expect(only(text)).toMatchObject({ confidence: 'medium', kind: 'assert', ...expected });
  });
});

describe('"from now on" (high confidence, as explicit as "remember that")', () => {
  it.each([...PLAIN_CASES.filter(([text]) => FROM_NOW_ON.test(text)), ['Answer in English from now on.', {}] as const])('%s', (text, expected) => {
    expect(only(text)).toMatchObject({ confidence: 'high', kind: 'assert', ...expected });
  });

  it('is still one level lower when hedged', () => {
    expect(only('From now on, I think I prefer concise answers')).toMatchObject({ confidence: 'medium' });
  });
});

describe('hedged statements (low confidence)', () => {
  it.each([
    ['I think I prefer dark mode', 'I prefer dark mode'],
    ['Maybe I work at Acme', 'I work at Acme'],
    ['Probably my editor is Helix', 'My editor is Helix'],
    ['Creo que prefiero el té', 'Prefiero el té'],
    ['Quizás prefiero el modo oscuro', 'Prefiero el modo oscuro'],
    ['Tal vez vivo en Madrid', 'Vivo en Madrid'],
  ])('%s', (text, statement) => {
    expect(only(text)).toMatchObject({ statement, confidence: 'low' });
  });

  it('lowers an explicit request to medium when it is hedged', () => {
    expect(only('Remember that I think I prefer tabs')).toMatchObject({ statement: 'I prefer tabs', confidence: 'medium' });
  });

  it.each([
    ['I prefer oolong, I think', 'I prefer oolong', 'en'],
    ['I prefer oolong I think', 'I prefer oolong', 'en'],
    ['I live in Porto, I guess.', 'I live in Porto', 'en'],
    ['I work at Acme, I suppose', 'I work at Acme', 'en'],
    ['I live in Lisbon, or so I think', 'I live in Lisbon', 'en'],
    ['My editor is Helix, I believe', 'My editor is Helix', 'en'],
    ['Vivo en Madrid, creo', 'Vivo en Madrid', 'es'],
    ['Mi editor es Vim, creo yo', 'Mi editor es Vim', 'es'],
    ['Trabajo en Acme, me parece', 'Trabajo en Acme', 'es'],
  ])('a hedge after the statement: %s', (text, statement, language) => {
    expect(only(text)).toMatchObject({ statement, confidence: 'low', language });
  });

  it('"I suppose" hedges; it does not make the sentence hypothetical', () => {
    expect(only('I suppose I prefer tea')).toMatchObject({ statement: 'I prefer tea', confidence: 'low' });
  });

  it('lowers an explicit request to medium when a hedge follows it', () => {
    expect(only('Remember that I live in Lisbon, I think')).toMatchObject({ statement: 'I live in Lisbon', confidence: 'medium' });
  });

  it('leaves a statement alone when what follows "I think" is a statement of its own', () => {
    expect(extractFacts('I live in Lisbon, I think Porto is nicer', { role: 'user' })).toMatchObject([
      { statement: 'I live in Lisbon', confidence: 'medium' },
    ]);
  });
});

describe('retractions and corrections', () => {
  it.each<[string, Expected]>([
    ['I no longer work at Acme', { kind: 'retract', subject: 'employer', value: 'Acme', statement: 'I no longer work at Acme' }],
    ["I don't work at Acme anymore", { kind: 'retract', subject: 'employer', value: 'Acme' }],
    ['I quit my job', { kind: 'retract', subject: 'employer', value: null }],
    ["I don't live in Paris anymore", { kind: 'retract', subject: 'home', value: 'Paris' }],
    ['Ya no trabajo en Acme', { kind: 'retract', subject: 'employer', value: 'Acme', language: 'es' }],
    ['Ya no vivo en Madrid', { kind: 'retract', subject: 'home', value: 'Madrid', language: 'es' }],
    ["My editor isn't Vim anymore", { kind: 'retract', subject: 'editor', value: 'Vim' }],
    ['Mi editor ya no es Vim', { kind: 'retract', subject: 'editor', value: 'Vim' }],
    ['Actually, my editor is Helix', { kind: 'correct', subject: 'editor', value: 'Helix', statement: 'My editor is Helix' }],
    ['I actually work at Globex', { kind: 'correct', subject: 'employer', value: 'Globex', statement: 'I work at Globex' }],
    ['En realidad, mi editor es Helix', { kind: 'correct', subject: 'editor', value: 'Helix' }],
    ['Correction: I live in Porto', { kind: 'correct', subject: 'home', value: 'Porto' }],
    ['Sorry, I was wrong: I live in Malaga.', { kind: 'correct', subject: 'home', value: 'Malaga', statement: 'I live in Malaga' }],
    ['Perdón, me equivoqué: vivo en Málaga.', { kind: 'correct', subject: 'home', value: 'Málaga', statement: 'Vivo en Málaga', language: 'es' }],
    ['I was wrong: my editor is Helix', { kind: 'correct', subject: 'editor', value: 'Helix' }],
    ['Oops, my mistake — I work at Globex', { kind: 'correct', subject: 'employer', value: 'Globex' }],
    ['Me equivoqué, vivo en Cádiz.', { kind: 'correct', subject: 'home', value: 'Cádiz' }],
  ])('%s', (text, expected) => {
    expect(only(text)).toMatchObject(expected);
  });
});

describe('messages with several facts', () => {
  it('extracts one fact per clause, in order', () => {
    const facts = extractFacts('I work at Acme and I live in Lisbon. Also, my editor is Vim!', { role: 'user' });
    expect(facts.map((fact) => [fact.subject, fact.value])).toEqual([
      ['employer', 'Acme'],
      ['home', 'Lisbon'],
      ['editor', 'Vim'],
    ]);
  });

  it('keeps a retraction and the new state as two facts', () => {
    const facts = extractFacts('Ya no trabajo en Acme, ahora trabajo en Globex', { role: 'user' });
    expect(facts.map((fact) => [fact.kind, fact.value])).toEqual([
      ['retract', 'Acme'],
      ['assert', 'Globex'],
    ]);
  });

  it('reads a clause that leaves out its subject ("…and work at Acme") with the previous one\'s', () => {
    const statements = (text: string) => extractFacts(text, { role: 'user' }).map((fact) => fact.statement);
    expect(statements('I live in Lisbon and work at Acme.')).toEqual(['I live in Lisbon', 'I work at Acme']);
    expect(statements('I sold my flat and moved to Porto.')).toEqual(['I live in Porto']);
    expect(statements('We sold the flat and moved to Porto.')).toEqual(['We live in Porto']);
    // Someone else's subject is not the user's.
    expect(statements('Remember that my sister lives in Paris and works at Dior.')).toEqual(['My sister lives in Paris']);
  });

  it('remembers every clause joined by "and" to "remember that…", not one after "but"', () => {
    const confidences = (text: string) => extractFacts(text, { role: 'user' }).map((fact) => [fact.statement, fact.confidence]);
    expect(confidences('Remember that I live in Lisbon and work at Acme.')).toEqual([
      ['I live in Lisbon', 'high'],
      ['I work at Acme', 'high'],
    ]);
    expect(confidences('Acordate que vivo en Rosario y trabajo en una agencia.')).toEqual([
      ['Vivo en Rosario', 'high'],
      ['Trabajo en una agencia', 'high'],
    ]);
    expect(confidences('Remember that I live in Lisbon, but I work at Acme.')).toEqual([
      ['I live in Lisbon', 'high'],
      ['I work at Acme', 'medium'],
    ]);
  });

  it('keeps the statement when a question follows in the same sentence', () => {
    expect(extractFacts('I live in Ohio, how about you?', { role: 'user' }).map((fact) => fact.statement)).toEqual(['I live in Ohio']);
  });
});

describe('statements read back as the same fact', () => {
  // The facts service re-reads stored statements as "Remember that <statement>" to find their subject.
  it.each([...EXPLICIT_CASES, ...PLAIN_CASES])('%s', (text) => {
    const fact = only(text);
    const [reread, ...more] = extractFacts(`Remember that ${fact.statement}`, { role: 'user' });
    expect(more).toEqual([]);
    expect(reread).toMatchObject({ statement: fact.statement, subject: fact.subject, value: fact.value, kind: fact.kind });
  });
});

describe('values end where the fact ends', () => {
  it.each([
    ['I prefer track and he likes golf', 'track'],
    ['I live in Ohio and love it here', 'Ohio'],
    ['I work at Procter and Gamble', 'Procter and Gamble'],
    ['I moved to Lisbon because of the weather', 'Lisbon'],
    ['I work at Acme as a senior engineer', 'Acme'],
    ["I've moved from Paris to Lisbon, finally", 'Lisbon'],
    ['Trabajo en Globant desde 2019', 'Globant'],
    ['Me mudé a Madrid hace dos años', 'Madrid'],
    ['I switched to Neovim last month', 'Neovim'],
  ])('%s → %s', (text, value) => {
    expect(only(text).value).toBe(value);
  });
});
