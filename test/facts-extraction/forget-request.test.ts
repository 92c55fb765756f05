import { describe, expect, it } from 'vitest';
import { readUserMessage } from '../../src/facts/extraction/index.js';

// The first request to forget something in a user message.
const detectForgetRequest = (text: string) => readUserMessage(text, { role: 'user' }).forget;

describe('forget requests in a user message', () => {
  it.each([
    ['Forget that I work at Acme', 'I work at Acme', 'en'],
    ['Please forget my address.', 'my address', 'en'],
    ['forget about my old job', 'my old job', 'en'],
    ['Forget what I told you about my sister', 'my sister', 'en'],
    ["Don't remember that I live in Lisbon", 'I live in Lisbon', 'en'],
    ['Olvidá que trabajo en Acme', 'trabajo en Acme', 'es'],
    ['Olvidate de mi dirección', 'mi dirección', 'es'],
    ['Por favor, olvida lo de mi hermana', 'mi hermana', 'es'],
    ['No recuerdes que vivo en Madrid', 'vivo en Madrid', 'es'],
  ] as const)('%s → %s', (text, target, language) => {
    expect(detectForgetRequest(text)).toEqual({ target, targets: [target], language });
  });

  it.each([
    ["Don't remember that", 'en'],
    ['please forget that', 'en'],
    ['Delete that from your memory', 'en'],
    ['Olvidá eso', 'es'],
    ['No recuerdes eso', 'es'],
    ['Borrá eso', 'es'],
    ['Actually no, forget that', 'en'],
    ["Wait, don't remember that.", 'en'],
    ['Scratch that.', 'en'],
    ['En realidad no, olvidá eso', 'es'],
  ] as const)('"%s" asks to forget the last thing said (null target)', (text, language) => {
    expect(detectForgetRequest(text)).toEqual({ target: null, targets: [], language });
  });

  it.each([
    ["Don't forget that I'm vegan"],
    ['No te olvides de que soy vegano'],
    ['Did you forget that I work at Acme?'],
    ['¿Te olvidaste de que vivo en Madrid?'],
    ['Forget it, never mind'],
    ['I forgot that I had a meeting'],
    ['Delete my calendar events for today'],
    ['Remember that I work at Acme'],
    ['Ignore that email'],
    // It takes back its own sentence only (extractFacts skips that sentence).
    ['I live in Lisbon, forget that'],
    [''],
  ])('is not a forget request: %j', (text) => {
    expect(detectForgetRequest(text)).toBeNull();
  });

  it('reads what follows a request and a comma as statements; "and" joins what is to be forgotten', () => {
    const read = (text: string) => readUserMessage(text, { role: 'user' });
    expect(read('Forget that I work at Acme, I work at Globex now')).toMatchObject({
      forget: { target: 'I work at Acme', language: 'en' },
      facts: [{ statement: 'I work at Globex', subject: 'employer', value: 'Globex' }],
    });
    expect(read('Olvidá que trabajo en Acme, ahora trabajo en Globex')).toMatchObject({
      forget: { target: 'trabajo en Acme', language: 'es' },
      facts: [{ statement: 'Trabajo en Globex', subject: 'employer', value: 'Globex' }],
    });
    expect(read('Forget that I work at Acme and I live in Lisbon')).toEqual({
      forget: { target: 'I work at Acme and I live in Lisbon', targets: ['I work at Acme and I live in Lisbon'], language: 'en' },
      facts: [],
      refused: false,
    });
  });

  it('reads a rest that only gives a new value as the forgotten statement with that value, asked to be remembered', () => {
    const facts = (text: string) => readUserMessage(text, { role: 'user' }).facts;
    expect(facts('Forget that my budget for the kitchen is 8000 euros, now it is 10000 euros.')).toMatchObject([
      { statement: 'My budget for the kitchen is 10000 euros', subject: 'budget for kitchen', value: '10000 euros', confidence: 'high' },
    ]);
    expect(facts("Forget that the standup is at 9:30, it's at 10:00 now")).toMatchObject([{ statement: 'The standup is at 10:00', subject: 'standup' }]);
    expect(facts('Olvidá que mi presupuesto para el viaje es de 2000 euros, ahora es de 3000 euros.')).toMatchObject([
      { statement: 'Mi presupuesto para el viaje es de 3000 euros', subject: 'presupuesto para viaje', value: '3000 euros', language: 'es' },
    ]);
    // No sign of a change, no value, or nothing in the target the pronoun can stand for.
    expect(facts('Forget that the standup is at 9:30, it is at 10:00')).toEqual([]);
    expect(facts('Forget that the party is tonight, now it is late')).toEqual([]);
    expect(facts('Forget that I work at Acme, now it is Globex')).toEqual([]);
    expect(facts('Forget it, now it is late')).toEqual([]);
  });

  it('names each clause with its own "that" as a target, as "remember that A and that B" keeps both', () => {
    expect(detectForgetRequest("Forget that I'm left-handed and that I'm vegetarian.")).toEqual({
      target: "I'm left-handed and that I'm vegetarian",
      targets: ["I'm left-handed", "I'm vegetarian"],
      language: 'en',
    });
    expect(detectForgetRequest('Olvidá que soy zurdo y que soy vegetariano')).toMatchObject({ targets: ['soy zurdo', 'soy vegetariano'], language: 'es' });
    expect(detectForgetRequest("Don't remember that I work at Acme, and that I live in Lisbon")).toMatchObject({ targets: ['I work at Acme', 'I live in Lisbon'] });
  });

  it('finds the request in a later sentence of the message', () => {
    expect(detectForgetRequest('Thanks for the help. Forget that I live in Lisbon.')).toEqual({ target: 'I live in Lisbon', targets: ['I live in Lisbon'], language: 'en' });
  });
});
