import { describe, expect, it } from 'vitest';
import { foldForCredentials, holdsSecret, mentionsSecret } from '../../src/credentials.js';
import { readUserMessage } from '../../src/facts/extraction/extract-facts.js';

const names = (text: string): boolean => mentionsSecret(foldForCredentials(text));

// What the facts tier refuses, written as the tester wrote it: keys by their shape, a URL's
// password, a password's name hidden by a zero-width character or said in other words.
describe('a statement the facts tier refuses as holding a credential', () => {
  it.each([
    'My OpenAI key is sk-proj-4fK9aB2cD7eF1gH3iJ5kL',
    'I use sk-proj-4fK9aB2cD7eF1gH3iJ5kL for OpenAI',
    'Remember that my GitHub is ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7c',
    'Remember that the staging database URL is postgres://admin:S3cr3tPw@db.internal:5432/app',
    'My passw\u200bord is hunter2',
    'My wifi pass is hunter2',
    'My pass word is hunter2',
    'the pass: hunter2',
  ])('%s', (text) => {
    expect(holdsSecret(text)).toBe(true);
  });

  it.each([
    'My editor is Helix',
    'I have a bus pass',
    'I pass the bakery on my way to work',
    'I use Postgres at db.internal for staging',
    'My favourite key is C minor',
    'The staging URL is https://staging.example.com/app',
  ])('not %s', (text) => {
    expect(holdsSecret(text)).toBe(false);
  });

  it('reads a name through a zero-width character in folded text too', () => {
    expect(names('my pass\u200bword is x')).toBe(true);
    expect(names('my password is x')).toBe(true);
  });
});

describe('a message that asks to remember a credential by its shape', () => {
  it.each([
    'Remember that my GitHub is ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7c',
    'Remember that the staging database URL is postgres://admin:S3cr3tPw@db.internal:5432/app',
    'Remember that my OpenAI key is sk-proj-4fK9aB2cD7eF1gH3iJ5kL',
  ])('stores nothing and says it refused: %s', (message) => {
    const reading = readUserMessage(message, { role: 'user' });
    expect(reading.facts).toEqual([]);
    expect(reading.refused).toBe(true);
  });

  it('still stores a URL without a password', () => {
    expect(readUserMessage('Remember that the staging URL is https://staging.example.com/app', { role: 'user' }).facts).toHaveLength(1);
  });
});
