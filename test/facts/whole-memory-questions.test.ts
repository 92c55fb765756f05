import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOMAINS } from '../../src/domains/domain.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { daemonPerFile } from '../helpers/test-daemon.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

// README "Selection": a question about the user as a whole asks for every domain, as
// "my preferences" asks for one: all the facts are justified, best first, within the
// facts section's base and growth.
const STATED = [
  'Remember that I live in Lisbon.',
  'Remember that my daughter Sofia is allergic to peanuts.',
  'I switched to Helix.',
  'Remember that the standup is at 9:30.',
  'I prefer concise answers.',
];
const FACTS = ['I live in Lisbon', 'My daughter Sofia is allergic to peanuts', 'I switched to Helix', 'The standup is at 9:30', 'I prefer concise answers'];
const ABOUT_ME = [
  'What do you know about me?',
  'Tell me everything you remember about me.',
  'What do you remember about me?',
  'Tell me about myself',
  'What else do you know about me so far?',
  'Do you know anything about me?',
  '¿Qué sabes de mí?',
  '¿Qué recuerdas de mí?',
  'Qué sabés sobre mí',
  'Dime lo que sabes de mí, por favor.',
  'Decime qué recordás de mí',
  '¿Qué sabes tú acerca de mí?',
];
const NOT_ABOUT_ME = ['What do you know about Kafka?', 'Tell me about meditation', '¿Qué sabes de mi proyecto?', '¿Qué sabes de Kafka?'];

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
  for (const message of STATED) await f.say(message);
});
afterEach(() => f.close());

async function selected(message: string): Promise<string[]> {
  return (await f.select(message)).items.map((item) => item.fact);
}

describe('a question about the user as a whole, in the selection', () => {
  it.each(ABOUT_ME)('%s gets the facts of every domain', async (message) => {
    expect([...(await selected(message))].sort()).toEqual([...FACTS].sort());
  });

  it.each(NOT_ABOUT_ME)('%s does not', async (message) => {
    expect(await selected(message)).toEqual(['I prefer concise answers']);
  });

  it('ranks them best first, asks about none of them, and passes those past the base as growth candidates', async () => {
    // Enough facts of every domain to overflow the 150-token base.
    for (const domain of DOMAINS) {
      for (let i = 1; i <= 8; i++) await f.service.add({ fact: `A ${domain} note number ${i} about something or other`, domain, confidence: 'medium' });
    }
    const selection = await f.select('What do you know about me?');
    const all = [...selection.items, ...selection.candidates];
    expect(selection.items.reduce((sum, item) => sum + item.tokenCount, 0)).toBeLessThanOrEqual(150);
    expect(selection.candidates.length).toBeGreaterThan(0);
    expect(new Set(all.map((item) => item.domain))).toEqual(new Set(DOMAINS));
    expect(all.every((item) => item.asked === false)).toBe(true);
    // Best first: every fact is small, so the base holds the best of them.
    const scores = all.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

const served = daemonPerFile();

describe('through the context call', () => {
  it('the prompt of "what do you know about me?" holds every fact; one about Kafka does not', async () => {
    const stating = conversation(served.client, 'stating');
    for (const message of STATED) {
      await stating.say(message);
      await stating.reply('Noted.');
    }
    const asking = conversation(served.client, 'asking');
    const shown = (message: string) => async (): Promise<string[]> => {
      const text = promptText(await asking.say(message, { dryRun: true }));
      return FACTS.filter((fact) => text.includes(fact));
    };
    expect(await shown('What do you know about me?')()).toEqual(FACTS);
    expect(await shown('¿Qué sabes de mí?')()).toEqual(FACTS);
    expect(await shown('What do you know about Kafka?')()).toEqual(['I prefer concise answers']);
  });
});
