import { describe, expect, it } from 'vitest';
import { cleanMessage } from '../../src/facts/extraction/extract-facts.js';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { mayStateFacts } from '../../src/facts/extraction/message-gate.js';

// A request to keep what was just said, after it ("…, remember that", "…, recuérdalo"),
// may point back with a pronoun ("…, don't forget that", "…, recuerda eso", "…, acuérdate
// de eso"); and "remember" may open a Spanish clause ("Remember que…").

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('a request to keep it after the statement', () => {
  it.each([
    ['El presupuesto del viaje es de 1200 euros, recuerda eso.', 'El presupuesto del viaje es de 1200 euros', 'es'],
    ['Mi vuelo sale a las 9, acuérdate de eso.', 'Mi vuelo sale a las 9', 'es'],
    ['Mi vuelo sale a las 9, acordate de eso.', 'Mi vuelo sale a las 9', 'es'],
    ['Mi vuelo sale a las 9, no te olvides de eso.', 'Mi vuelo sale a las 9', 'es'],
    ['Vivo en Madrid, tenlo en cuenta.', 'Vivo en Madrid', 'es'],
    ['My sister is called Ana, don\'t forget that.', 'My sister is called Ana', 'en'],
    ['I live in Lisbon, do not forget this.', 'I live in Lisbon', 'en'],
    ["I'm vegetarian, remember this.", "I'm vegetarian", 'en'],
    ['I live in Lisbon, keep that in mind.', 'I live in Lisbon', 'en'],
    ['I live in Lisbon, please remember that.', 'I live in Lisbon', 'en'],
    ['Mi vuelo sale a las 9, recuérdalo por favor.', 'Mi vuelo sale a las 9', 'es'],
  ])('%s', (text, statement, language) => {
    expect(read(text)).toMatchObject([{ statement, language, confidence: 'high', kind: 'assert' }]);
  });

  it('is one fact however the request points back', () => {
    const subjects = ['Mi vuelo sale a las 9, recuérdalo.', 'Mi vuelo sale a las 9, acuérdate de eso.', 'Remember que mi vuelo sale a las 9.'].map(
      (text) => read(text)[0]?.subject,
    );
    expect(new Set(subjects)).toEqual(new Set(['note vuelo sale 9']));
  });

  it.each([
    // The user's own promise, or a request that takes the statement back.
    'I will remember that.',
    'I live in Lisbon, forget that.',
    'Vivo en Lima, olvida eso.',
    // A question about it.
    'Mi vuelo sale a las 9, ¿te acuerdas de eso?',
  ])('%s keeps nothing', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('passes the message gate', () => {
    for (const text of ['Mi DNI es 1234, guárdalo.', 'Mi vuelo sale a las 9, acuérdate de eso.']) expect(mayStateFacts(cleanMessage(text).folded)).toBe(true);
  });
});

describe('"Remember que…": English request, Spanish statement', () => {
  it('keeps the Spanish statement', () => {
    expect(read('Remember que mi vuelo sale a las 9.')).toMatchObject([{ statement: 'Mi vuelo sale a las 9', language: 'es', confidence: 'high' }]);
  });

  it('as "Recuerda que my manager is Laura" does the other way round', () => {
    expect(read('Recuerda que my manager is Laura.')).toMatchObject([{ statement: 'My manager is Laura', subject: 'boss name' }]);
  });
});
