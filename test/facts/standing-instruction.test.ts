import { describe, expect, it } from 'vitest';
import { isInstructionSubject, isStandingInstruction } from '../../src/facts/standing-instruction.js';

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
    "Don't ever use emojis",
    'Do not ever send emails without asking',
    // A preference asks the assistant in the subjunctive, present or imperfect.
    'Prefiero que me respondas en inglés',
    'Prefiero que me contestes siempre en español',
    'Quiero que me hables en inglés',
    'Me gustaría que me contestaras en inglés',
    'Quisiera que me escribieras de forma breve',
    'Me gusta que me expliques las cosas paso a paso',
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
    // The user's own doing, or someone else's.
    'Prefiero hablar en persona',
    'Me gusta que Laura me escriba',
    'The answer key is in the top drawer',
    "Don't forget the milk",
  ])(
    'is not one: %j',
    (statement) => {
      expect(isStandingInstruction(statement)).toBe(false);
    },
  );
});

describe('isInstructionSubject', () => {
  it.each(['assistant language', 'answer length', 'answer tone', 'preferred name'])('is one: %s', (subject) => {
    expect(isInstructionSubject(subject)).toBe(true);
  });

  it.each([null, 'preference language', 'language', 'home', 'answer key', 'instruction manual', 'preference que me hables futbol', 'habit siempre contesto mails manana'])('is not one: %j', (subject) => {
    expect(isInstructionSubject(subject)).toBe(false);
  });
});
