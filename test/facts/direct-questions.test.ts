import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { DAY_MS } from '../../src/clock.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { daemonPerFile } from '../helpers/test-daemon.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

// README "Selection": a fact the message names counts as asked about. A direct question
// names everything a fact says but its value ("where do I live?" for "I live in Lisbon"),
// whatever domain the classifier guesses for it and however short it is.
const served = daemonPerFile();
const FACTS = ['I live in Lisbon', 'I work at Acme', 'My dentist is Dr. Silva'];

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

async function sayAll(statements: readonly string[]): Promise<void> {
  for (const statement of statements) await f.say(statement);
}

// The selected facts of the base, each with whether the message asked about it.
async function selected(message: string): Promise<Array<[string, boolean]>> {
  return (await f.select(message)).items.map((item) => [item.fact, item.asked === true]);
}

describe('a direct question about a stored fact, in the selection', () => {
  it('gets that fact, flagged as asked about, and no unrelated one', async () => {
    await sayAll([...FACTS, "My dog's name is Rex"].map((fact) => `Remember that ${fact}.`));
    expect(await selected('Where do I live?')).toEqual([['I live in Lisbon', true]]);
    expect(await selected('Where do I live now?')).toEqual([['I live in Lisbon', true]]);
    expect(await selected('Where do I work?')).toEqual([['I work at Acme', true]]);
    expect(await selected('Remind me where I work')).toEqual([['I work at Acme', true]]);
    expect(await selected('Who is my dentist?')).toContainEqual(['My dentist is Dr. Silva', true]);
    expect(await selected("What's my dog's name?")).toContainEqual(["My dog's name is Rex", true]);
    // Words of asking are no other thing asked about.
    expect(await selected("What's the name of my dentist?")).toContainEqual(['My dentist is Dr. Silva', true]);
    expect(await selected('Do you know where I live?')).toEqual([['I live in Lisbon', true]]);
    expect(await selected('Can you remind me where I work?')).toEqual([['I work at Acme', true]]);
  });

  it('in Spanish too', async () => {
    await sayAll(['Recordá que vivo en Lisboa.', 'Recordá que trabajo en Acme.']);
    expect(await selected('¿Dónde vivo?')).toEqual([['Vivo en Lisboa', true]]);
    expect(await selected('Donde vivo ahora?')).toEqual([['Vivo en Lisboa', true]]);
    expect(await selected('¿Dónde trabajo?')).toEqual([['Trabajo en Acme', true]]);
  });

  it('brings back a dormant fact it asks about', async () => {
    await f.service.add({ fact: 'I live in Lisbon', domain: 'personal', confidence: 'medium' });
    f.clock.advance(91 * DAY_MS);
    expect(await selected('Where do I live?')).toEqual([['I live in Lisbon', true]]);
  });

  it('does not bring back a dormant fact for a question that shares its verb but asks about something else', async () => {
    await f.service.add({ fact: 'I prefer green tea', domain: 'preferences', confidence: 'medium' });
    await f.service.add({ fact: 'Prefiero el modo oscuro', domain: 'preferences', confidence: 'medium' });
    f.clock.advance(100 * DAY_MS);
    for (const message of ['What kind of seats do I prefer?', 'Do I prefer cats or dogs?', 'What music do I prefer?', 'Which airline do I prefer for work trips?']) {
      expect(await selected(message), message).toEqual([]);
    }
    for (const message of ['¿Qué música prefiero?', '¿Prefiero perros o gatos?', '¿Qué tipo de asientos prefiero?']) {
      expect(await selected(message), message).toEqual([]);
    }
    for (const message of ['What tea do I prefer?', 'What kind of tea do I prefer?', 'What drink do I prefer?', 'Remind me which tea I prefer']) {
      expect(await selected(message), message).toEqual([['I prefer green tea', true]]);
    }
    for (const message of ['¿Qué modo prefiero?', '¿Qué tipo de modo prefiero?', 'What theme do I prefer?']) {
      expect(await selected(message), message).toEqual([['Prefiero el modo oscuro', true]]);
    }
  });

  it("asks for the user's own value, not another person's", async () => {
    await f.service.add({ fact: 'I live in Lisbon', domain: 'personal', confidence: 'medium' });
    await f.service.add({ fact: 'Trabajo en Telefónica', domain: 'work', confidence: 'medium' });
    f.clock.advance(100 * DAY_MS);
    for (const message of ['Where does my brother live?', 'Where does she live?', 'Where do my parents live?', '¿Dónde trabaja mi hermano?']) {
      expect(await selected(message), message).toEqual([]);
    }
    expect(await selected('Where do I live again?')).toEqual([['I live in Lisbon', true]]);
    expect(await selected('Where do I currently live?')).toEqual([['I live in Lisbon', true]]);
    expect(await selected('¿Dónde trabajo?')).toEqual([['Trabajo en Telefónica', true]]);
  });

  it('across languages, for a home or an employer: the subject key is the same in both', async () => {
    await sayAll(['Vivo en Sevilla.', 'I work at Acme.']);
    f.clock.advance(100 * DAY_MS);
    expect(await selected('Where do I live?')).toEqual([['Vivo en Sevilla', true]]);
    expect(await selected('Which city do I live in?')).toEqual([['Vivo en Sevilla', true]]);
    expect(await selected('¿Dónde trabajo?')).toEqual([['I work at Acme', true]]);
    for (const message of ['Where does my brother live?', '¿Dónde trabaja mi hermano?', 'Do I live near the office where I work?']) {
      expect(await selected(message), message).toEqual([]);
    }
  });

  it('across languages the other way', async () => {
    await sayAll(['I live in Lisbon.', 'Trabajo en Telefónica.']);
    f.clock.advance(100 * DAY_MS);
    expect(await selected('¿Dónde vivo?')).toEqual([['I live in Lisbon', true]]);
    expect(await selected('¿En qué ciudad vivo?')).toEqual([['I live in Lisbon', true]]);
    expect(await selected('Where do I work?')).toEqual([['Trabajo en Telefónica', true]]);
    expect(await selected('¿Dónde vive mi hermano?')).toEqual([]);
  });

  it("leaves the fact out when its words are not a question of the user's", async () => {
    await sayAll(FACTS.map((fact) => `Remember that ${fact}.`));
    for (const message of ['Do you live nearby?', 'We go live on Friday. What should I cook tonight?', 'The live demo went fine.']) {
      expect((await selected(message)).map(([fact]) => fact), message).not.toContain('I live in Lisbon');
    }
  });
});

// The facts a prompt shows, of those the user stated.
function factsShown(response: ContextResponse): string[] {
  const text = promptText(response);
  return FACTS.filter((fact) => text.includes(fact));
}

describe('a direct question about a stored fact, through the context call', () => {
  it('gets that fact, stated in another session of the same fresh database', async () => {
    const stating = conversation(served.client, 'stating');
    for (const fact of FACTS) {
      const said = await stating.say(`Remember that ${fact}.`);
      expect(said.facts.added.map((added) => added.fact)).toEqual([fact]);
      await stating.reply('Noted.');
    }
    const asking = conversation(served.client, 'asking');
    expect(factsShown(await asking.say('Where do I live?'))).toEqual(['I live in Lisbon']);
    expect(factsShown(await asking.say('Where do I live now?'))).toEqual(['I live in Lisbon']);
    expect(factsShown(await asking.say('Which city do I live in?'))).toContain('I live in Lisbon');
  });
});
