import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';

// Explicit signals of spec §1.1 in the other order people say them: what was decided as a
// clause of its own without "that" ("I decided we will…"), and "from now on" after the
// instruction it makes lasting ("Answer in English from now on"). Neither may turn what the
// user says of themselves, or a request for one answer, into an instruction.

const read = (text: string) => extractFacts(text, { role: 'user' });
const keyOf = (text: string) => read(text).map((fact) => [fact.statement, fact.subject, fact.domain]);

describe('"I decided" followed by what the user or their team will do', () => {
  it.each([
    ['I decided we will use Kubernetes for the billing service.', 'I decided we will use Kubernetes for the billing service', 'decision deployment'],
    ["I decided I'll use Postgres for the ledger.", "I decided I'll use Postgres for the ledger", 'decision database'],
    ["We decided we'll go with Kafka.", "We decided we'll go with Kafka", null],
    ["We agreed we're going to use Rust for the parser.", "We agreed we're going to use Rust for the parser", null],
    ["I've decided we should move the standup to 10.", "I've decided we should move the standup to 10", null],
  ])('%s is a decision', (text, statement, subject) => {
    const [fact, ...more] = read(text);
    expect(more).toEqual([]);
    expect(fact).toMatchObject({ statement, domain: 'decisions', kind: 'assert', confidence: 'medium', signal: 'decided' });
    if (subject !== null) expect(fact?.subject).toBe(subject);
  });

  it('is the same decision as with "that": one subject, one value', () => {
    const [bare] = read('I decided we will use Kubernetes for the billing service.');
    const [withThat] = read('I decided that we will use Kubernetes for the billing service.');
    expect([bare?.subject, bare?.value]).toEqual([withThat?.subject, withThat?.value]);
  });

  it.each([
    ['Decidí que usaremos Postgres para el ledger.', 'Decidí que usaremos Postgres para el ledger'],
    ['Decidimos usar Kubernetes para el servicio de facturación.', 'Decidimos usar Kubernetes para el servicio de facturación'],
  ])('Spanish: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement, domain: 'decisions', language: 'es' }]);
  });

  it.each([
    // What the user came to think, not what they will do.
    'I decided I liked it.',
    'I decided I was wrong about him.',
    // A value cut before its verb ("going to get…" ends at a purpose "to get") says nothing decided.
    "I decided I'm going to get fish and chips tonight.",
  ])('%s is none', (text) => {
    expect(read(text)).toEqual([]);
  });
});

describe('"from now on" after the instruction', () => {
  it.each([
    ['Answer in English from now on.', 'From now on, answer in English', 'assistant language', 'en'],
    ['Answer in English, from now on.', 'From now on, answer in English', 'assistant language', 'en'],
    ['Please reply in French from today on.', 'From now on, reply in French', 'assistant language', 'en'],
    ['Call me Sam from now on.', 'From now on, call me Sam', 'preferred name', 'en'],
    ['Respóndeme en español a partir de ahora.', 'A partir de ahora, respóndeme en español', 'assistant language', 'es'],
    ['Respóndeme en español, a partir de ahora.', 'A partir de ahora, respóndeme en español', 'assistant language', 'es'],
    ['Contestame en inglés de ahora en adelante.', 'A partir de ahora, contestame en inglés', 'assistant language', 'es'],
    ['De ahora en adelante, respóndeme en español.', 'A partir de ahora, respóndeme en español', 'assistant language', 'es'],
  ])('%s', (text, statement, subject, language) => {
    expect(read(text)).toMatchObject([{ statement, subject, language, domain: 'preferences', signal: 'from-now-on/from-now-on' }]);
  });

  it('states the same instruction as the phrase before it, which reads back as itself', () => {
    expect(keyOf('Answer in English from now on.')).toEqual(keyOf('From now on, answer in English.'));
    expect(keyOf('Respóndeme en español a partir de ahora.')).toEqual(keyOf('A partir de ahora, respóndeme en español.'));
    expect(keyOf('Remember that From now on, answer in English')).toEqual(keyOf('From now on, answer in English.'));
  });

  it('is no part of the value a rule reads before it', () => {
    expect(read('I work at Globex from now on.')).toMatchObject([{ statement: 'I work at Globex', subject: 'employer', value: 'Globex' }]);
    expect(read('Vivo en Bilbao a partir de ahora.')).toMatchObject([{ statement: 'Vivo en Bilbao', subject: 'home', value: 'Bilbao' }]);
  });

  it.each([
    // The user speaking of themselves, the phrase after it: their own resolution said in passing, in either language.
    "I'll answer in English from now on.",
    "I'll be more careful from now on.",
    'Respondo en español a partir de ahora.',
    // A request for one answer.
    "Answer in English: what is 'gato'?",
    'Answer in English for now.',
    // "Going forward" and "en adelante" after a request also end a range, not a lasting instruction.
    'List the invoices from March going forward.',
    'Muéstrame los vuelos de las 10 en adelante.',
  ])('%s stores nothing', (text) => {
    expect(read(text)).toEqual([]);
  });

  it("before the user's own statement, keeps it as theirs (a note), never as an instruction", () => {
    expect(read("From now on, I'll answer in English.")).toMatchObject([{ statement: "I'll answer in English", subject: 'note i ll answer in english' }]);
    expect(read('A partir de ahora respondo en español.')).toMatchObject([{ statement: 'Respondo en español', subject: 'note respondo en espanol', language: 'es' }]);
    expect(read('A partir de ahora, dímelo en inglés.')).toMatchObject([{ statement: 'A partir de ahora, dímelo en inglés' }]);
  });

  it('"I decided not to answer him" is a decision of the user\'s, no instruction to the assistant', () => {
    expect(read('I decided not to answer him.')).toMatchObject([{ subject: 'decision not to answer him', domain: 'decisions' }]);
  });
});
