import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversation, promptText } from '../helpers/context-calls.js';
import { daemonPerFile } from '../helpers/test-daemon.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

// README "Selection": a standing instruction reaches every prompt, whatever the message.
// Instructions about answers compete by what they set ("Facts"), so the one a later
// statement leaves live, in whatever words or mood it was said, must be one too.
const UNRELATED = 'Can you help me write an email to my manager about the standup?';

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

async function selected(message: string): Promise<string[]> {
  return (await f.select(message)).items.map((item) => item.fact);
}

describe('an instruction about answers, in the facts of an unrelated message', () => {
  it('a Spanish one in the subjunctive replaces the earlier language instruction and takes its place in the prompt', async () => {
    await f.say('A partir de ahora contéstame siempre en español.');
    expect(await selected(UNRELATED)).toContain('A partir de ahora, contéstame siempre en español');
    const changes = await f.say('Prefiero que me respondas en inglés.');
    expect(changes.added.map((fact) => fact.fact)).toEqual(['Prefiero que me respondas en inglés']);
    expect(changes.superseded.map((fact) => fact.fact)).toEqual(['A partir de ahora, contéstame siempre en español']);
    const facts = await selected(UNRELATED);
    expect(facts).toContain('Prefiero que me respondas en inglés');
    expect(facts).not.toContain('A partir de ahora, contéstame siempre en español');
  });

  it.each([
    'Prefiero que me contestes siempre en español.',
    'Prefiero que me hables en inglés.',
    'Prefiero que me escribas en inglés.',
    'Prefiero que me respondieras en inglés.',
    'Recordá que prefiero que me hables en español.',
    'Yo prefiero que me respondas en inglés.',
    'Prefiero que me respondas de forma breve.',
    'Prefiero que me escribas con mensajes cortos.',
    'Prefiero que me hables de manera informal.',
    'Prefiero explicaciones detalladas.',
    'Prefiero hablar en inglés.',
    'I prefer when you talk to me in English.',
    'I prefer you speak English.',
    'I really prefer concise answers.',
    'I prefer short messages.',
    "Don't ever use emojis.",
    'I prefer to be called Sam.',
  ])('%s', async (message) => {
    const changes = await f.say(message);
    expect(changes.added).toHaveLength(1);
    expect(await selected(UNRELATED)).toContain(changes.added[0]?.fact);
    expect(await selected('hey there, how are you doing')).toContain(changes.added[0]?.fact);
  });

  it('added through the API too: its subject is read as a message would', async () => {
    const { fact } = await f.service.add({ fact: 'Prefiero que me contestes en inglés', domain: 'preferences', confidence: 'high' });
    expect(await selected(UNRELATED)).toContain(fact.fact);
  });

  it('a preference about something else stays in its domain', async () => {
    const others = [
      'I prefer talking on the phone.',
      'Prefiero el modo oscuro.',
      'Siempre tomo mate.',
      'Remember that the answer key is in the top drawer.',
      'Remember that the instruction manual is in the garage.',
    ];
    for (const message of others) await f.say(message);
    expect(await selected(UNRELATED)).toEqual([]);
  });
});

const served = daemonPerFile();

describe('through the context call', () => {
  it('the stored subjunctive instruction is in the prompt of a later, unrelated message', async () => {
    const chat = conversation(served.client, 'subjunctive');
    const said = await chat.say('Prefiero que me respondas en inglés.');
    expect(said.facts.added.map((fact) => fact.fact)).toEqual(['Prefiero que me respondas en inglés']);
    await chat.reply('Entendido.');
    for (const filler of ['Let us plan the sprint.', 'The tickets are in Jira.', 'Sounds good.']) {
      await chat.say(filler);
      await chat.reply('Ok.');
    }
    expect(promptText(await chat.say(UNRELATED))).toContain('Prefiero que me respondas en inglés');
  });
});
