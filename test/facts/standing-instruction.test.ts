import { describe, expect, it } from 'vitest';
import { isStandingInstruction } from '../../src/facts/standing-instruction.js';

describe('isStandingInstruction', () => {
  it.each([
    'From now on, answer in Spanish',
    'From now on, call me Sam',
    'Always use metric units',
    'Never use emojis',
    'I prefer concise answers',
    'Answer in bullet points',
    'A partir de ahora, respondé en inglés',
    'Siempre usá el sistema métrico',
    'Prefiero respuestas cortas',
    'Me gustan las respuestas cortas',
    'Siempre respondeme en español',
    'Nunca uses emojis',
    'Nunca me respondas en inglés',
    'Jamás uses emojis',
  ])('is one: %s', (statement) => {
    expect(isStandingInstruction(statement)).toBe(true);
  });

  it.each([
    'I prefer tea',
    'I always drink coffee in the morning',
    'The answer to the riddle is 42',
    'My editor is Vim',
    'Vivo en Lima',
    '',
    // Spanish habits: "siempre"/"nunca" with a first-person verb, no instruction.
    'Siempre tomo mate',
    'Nunca como carne',
    'Siempre me levanto temprano',
    'Nunca he fumado',
    'Siempre vamos al cine los viernes',
  ])(
    'is not one: %j',
    (statement) => {
      expect(isStandingInstruction(statement)).toBe(false);
    },
  );
});
