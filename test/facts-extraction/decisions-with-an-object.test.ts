import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanMessage } from '../../src/facts/extraction/extract-facts.js';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { mayStateFacts } from '../../src/facts/extraction/message-gate.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from '../facts/facts-fixture.js';

// "I decided k8s over docker-compose" (spec §1.1's own example): "decided" takes what was
// chosen as its object, as "decidí k8s en lugar de docker-compose" does in Spanish.

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('"I decided" with what was chosen as its object', () => {
  it.each([
    ['I decided k8s over docker-compose.', 'I decided k8s over docker-compose', 'decision deployment'],
    ['I decided k8s over docker-compose for the deployment.', 'I decided k8s over docker-compose for the deployment', 'decision deployment'],
    ['For the deployment, I decided k8s over docker-compose.', 'I decided k8s over docker-compose', 'decision deployment'],
    ['I decided Postgres for billing.', 'I decided Postgres for billing', 'decision database'],
    ['i decided postgres for billing', 'I decided postgres for billing', 'decision database'],
    ['We decided Tom over Ana for the lead role.', 'We decided Tom over Ana for the lead role', 'decision tom over ana for lead role'],
    ['I decided managed Postgres over self-hosted.', 'I decided managed Postgres over self-hosted', 'decision database'],
  ])('%s', (text, statement, subject) => {
    expect(read(text)).toMatchObject([{ statement, subject, domain: 'decisions', kind: 'assert', language: 'en', signal: 'decided' }]);
  });

  it('is the same decision in English and in Spanish', () => {
    const [english] = read('I decided k8s over docker-compose.');
    const [spanish] = read('Decidí k8s en lugar de docker-compose.');
    expect(english?.subject).toBe(spanish?.subject);
  });

  it.each([
    // Nothing chosen yet, or no object at all.
    'I decided nothing yet.',
    'I decided something important.',
    'I decided quickly.',
    'I decided last week.',
    'I decided a while ago to quit.',
    'I decided what to do.',
    'I decided not Postgres.',
    // What the user came to think, not what they chose.
    'I decided the movie was boring.',
    'I decided Netflix was too expensive.',
    'I decided Mom needed help.',
    'I decided Ana needs a break.',
    'I decided I liked it.',
    // An object that names no choice; "settled" with an object is paying or resolving it.
    'I decided the blue one.',
    'We settled the bill.',
    'They decided k8s over docker-compose.',
  ])('%s is none', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('passes the message gate', () => {
    expect(mayStateFacts(cleanMessage('I decided k8s over docker-compose.').folded)).toBe(true);
  });
});

describe('a decision with an object, stored', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it('a new choice of the same kind replaces it, in either language', async () => {
    await f.say('I decided docker-compose for the deployment.');
    const changes = await f.say('Decidí k8s en lugar de docker-compose.');
    expect(factTexts(changes.superseded)).toEqual(['I decided docker-compose for the deployment']);
    expect(activeFactTexts(f)).toEqual(['Decidí k8s en lugar de docker-compose']);
  });
});
