import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Domain } from '../../src/domains/domain.js';
import { foldedWords } from '../../src/domains/fold-text.js';
import { RARE_WORD_FACTS } from '../../src/facts/fact-selector-names.js';
import { rareWordKeys } from '../../src/facts/rare-words.js';
import { contentStems } from '../../src/facts/fact-words.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

const MINE = 'I am allergic to penicillin';
const LEOS = 'My son Leo is allergic to penicillin';
// No domain wins for these, and the hashing embedder finds each under 0.5 similar to the facts.
const PENICILLIN_QUESTIONS = [
  'Is penicillin safe for me?',
  'Is penicillin safe for me to take for an ear infection?',
  'Is penicillin safe for an ear infection?',
  '¿Es segura la penicilina para mí?',
];

describe('rare words', () => {
  it('are the words of a message that are not common ones, in any form: names, places, drugs, tools', () => {
    const rare = (text: string): string[] => [...rareWordKeys(foldedWords(text), new Set(contentStems(text)))];
    expect(rare('Is penicillin safe for an ear infection?')).toEqual(['penicil']);
    expect(rare('Flights from Lisbon to Madrid for Leo and Laura')).toEqual(['lisbon', 'madrid', 'leo', 'laura']);
    expect(rare('Upgrade kubernetes and k8s tooling on terraform')).toEqual(['kuberne', 'k8s', 'terrafo']);
    expect(rare('What a long day: working late, liked the walks, used the desk every morning')).toEqual([]);
    expect(rare('Good coffee, the cluster metrics, the 9:30 standup and 30 minutes')).toEqual([]);
    expect(rare('Trabajando toda la semana, los lunes en la oficina')).toEqual([]);
    expect(rare("She told them you weren't there, didn't she?")).toEqual([]);
  });
});

describe('a fact the message names by a rare word', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  async function add(facts: ReadonlyArray<readonly [string, Domain]>): Promise<void> {
    for (const [fact, domain] of facts) await f.service.add({ fact, domain, confidence: 'high' });
  }
  const selected = async (message: string, recentTurns: string[] = []): Promise<string[]> =>
    (await f.select(message, recentTurns)).items.map((item) => item.fact);

  it('is justified whatever the domain of the message: "Is penicillin safe for me?"', async () => {
    await add([
      [MINE, 'personal'],
      [LEOS, 'personal'],
      ['I walk my dog every day', 'personal'],
    ]);
    for (const message of PENICILLIN_QUESTIONS) expect(await selected(message)).toEqual([MINE, LEOS]);
    expect(await selected('Should I buy a cello for a beginner?')).toEqual([]);
    await add([['My daughter Mia plays the cello', 'personal']]);
    expect(await selected('Should I buy a cello for a beginner?')).toEqual(['My daughter Mia plays the cello']);
  });

  it('is named in the other language by an allergen or food word: peanuts and cacahuetes, shellfish and marisco', async () => {
    await add([
      ['I am allergic to peanuts', 'personal'],
      ['Soy alérgica al marisco', 'personal'],
      ['I walk my dog every day', 'personal'],
    ]);
    expect(await selected('¿Puedo comer pad thai con cacahuetes?')).toEqual(['I am allergic to peanuts']);
    expect(await selected('¿Lleva maní la salsa satay?')).toEqual(['I am allergic to peanuts']);
    expect(await selected('Can I have the shellfish paella tonight?')).toEqual(['Soy alérgica al marisco']);
    expect(await selected('Are there prawns in the paella?')).toEqual(['Soy alérgica al marisco']);
    expect(await selected('¿Qué hago con la ropa sucia?')).toEqual([]);
  });

  it('is not justified by a word it shares with the message that is a common one, nor by a stem alone', async () => {
    await add([
      ['I walk my dog every day', 'personal'],
      ['I use a standing desk', 'preferences'],
      ['Good coffee makes my morning', 'preferences'],
      ['The team standup is at 9:30 every morning', 'work'],
      ['I like long walks on the beach', 'preferences'],
      ['Trabajo los lunes desde casa', 'work'],
      // "Cello" and "cellophane" share a stem, not a word.
      ['My daughter Mia plays the cello', 'personal'],
    ]);
    for (const message of [
      'What a long day it was',
      'Is this a good time to talk?',
      'I need to buy a new desk lamp',
      'Only 30 minutes left on the clock',
      'Do you like jazz?',
      '¿Qué tal los lunes?',
      'Should I wrap the gift in cellophane?',
    ]) {
      const selection = await f.select(message);
      expect([...selection.items, ...selection.candidates].map((item) => item.fact), message).toEqual([]);
    }
  });

  it('is justified for a few facts at most, the best ranked, never a theme of many', async () => {
    const acme = ['Acme pays my salary', 'I buy groceries at Acme', 'I drive to Acme on Mondays', 'My friend Bob works at Acme', 'The Acme store closes at noon'];
    await add(acme.map((fact) => [fact, 'personal'] as const));
    const selection = await f.select('Is Acme hiring?');
    expect(selection.items.map((item) => item.fact)).toEqual(['My friend Bob works at Acme', 'I buy groceries at Acme', 'I drive to Acme on Mondays']);
    expect(selection.items).toHaveLength(RARE_WORD_FACTS);
    expect(selection.candidates).toEqual([]);
  });

  it('is still left out when a recent turn shows it, and not when a turn only names the drug', async () => {
    await add([
      [MINE, 'personal'],
      [LEOS, 'personal'],
    ]);
    // A turn that says Leo's allergy shows both facts' words; one that only names the drug shows neither.
    expect(await selected('Is penicillin safe for me?', ['Leo is allergic to penicillin, the doctor said.'])).toEqual([]);
    expect(await selected('Is penicillin safe for me?', ['Leo got a penicillin prescription.'])).toEqual([MINE, LEOS]);
  });
});

describe('the facts section of a prompt', () => {
  let daemon: TestDaemon;
  beforeAll(async () => {
    daemon = await startTestDaemon();
    await daemon.client.addFact({ fact: MINE, domain: 'personal' });
    await daemon.client.addFact({ fact: LEOS, domain: 'personal' });
  });
  afterAll(() => daemon.stop());

  it('holds the allergy a question names by its drug', async () => {
    for (const [turn, message] of PENICILLIN_QUESTIONS.entries()) {
      const response = await conversation(daemon.client, `allergy-${turn}`).say(message, { dryRun: true });
      expect(promptText(response), message).toContain(MINE);
    }
    const response = await conversation(daemon.client, 'unrelated').say('What a long day it was', { dryRun: true });
    expect(promptText(response)).not.toContain(MINE);
  });
});
