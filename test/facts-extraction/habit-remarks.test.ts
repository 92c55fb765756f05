import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';

// "Always"/"siempre" opens instructions to the assistant and stated habits. What one says
// of oneself that goes wrong despite oneself (forgetting, losing, being late) or what one
// thinks is a remark in passing, no explicit signal (spec §1.1): the same in English and
// Spanish. Asked to be remembered, it is kept as a note.

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('a remark about oneself with "always"/"siempre"', () => {
  it.each([
    'I always forget my keys.',
    'I always lose my keys.',
    'I always arrive late to Monday meetings.',
    'I always show up late to the standup.',
    'Siempre me olvido las llaves.',
    'Siempre llego tarde a las reuniones de los lunes.',
    'Siempre pierdo las llaves.',
    'Siempre me quedo dormido en el sofá.',
    'Nunca me acuerdo de su cumpleaños.',
  ])('stores nothing: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    ['I always wake up at 7.', 'I always wake up at 7'],
    ['I never drink coffee.', 'I never drink coffee'],
    ['Siempre tomo mate.', 'Siempre tomo mate'],
    ['Siempre me levanto a las 7.', 'Siempre me levanto a las 7'],
    ['Nunca tomo café.', 'Nunca tomo café'],
  ])('a habit is kept: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement, kind: 'assert' }]);
  });

  it('an instruction to the assistant is kept', () => {
    expect(read('Siempre responde en español.')).toMatchObject([{ statement: 'Siempre responde en español', subject: 'assistant language' }]);
  });

  it.each([
    ['Remember that I always forget my keys.', 'I always forget my keys'],
    ['Recuerda que siempre llego tarde los lunes.', 'Siempre llego tarde los lunes'],
  ])('asked to be remembered, it is a note: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement, confidence: 'high' }]);
  });
});
