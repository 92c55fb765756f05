import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readUserMessage } from '../../src/facts/extraction/index.js';
import { gerundBase } from '../../src/facts/extraction/retraction.js';
import { factsFixture, type FactsFixture } from '../facts/facts-fixture.js';

// "Stop …ing", "don't … anymore", "deja de…", "ya no…" take back an instruction stated in
// the positive ("Always use em dashes"), never one stated in the negative, which they
// repeat ("Never use em dashes"); the retraction's value is the sense it takes back.

const read = (text: string) => readUserMessage(text, { role: 'user' }).facts;

describe("a gerund's base form", () => {
  it.each([
    ['using', 'use'], ['making', 'make'], ['writing', 'write'], ['running', 'run'], ['adding', 'add'], ['committing', 'commit'],
    ['testing', 'test'], ['emailing', 'email'], ['opening', 'open'], ['closing', 'close'], ['typing', 'type'], ['replying', 'reply'],
    ['calling', 'call'], ['passing', 'pass'], ['summarizing', 'summarize'], ['translating', 'translate'], ['including', 'include'],
    ['editing', 'edit'], ['answering', 'answer'], ['formatting', 'format'], ['showing', 'show'], ['fixing', 'fix'], ['merging', 'merge'],
    ['continuing', 'continue'], ['removing', 'remove'], ['deploying', 'deploy'], ['putting', 'put'], ['quoting', 'quote'],
    ['rebasing', 'rebase'], ['deleting', 'delete'], ['updating', 'update'], ['changing', 'change'], ['mentioning', 'mention'],
    // Verbs an instruction may use that the spelling rules got wrong ("schedul", "choos", "assum").
    ['scheduling', 'schedule'], ['choosing', 'choose'], ['assuming', 'assume'],
  ])('%s → %s', (gerund, base) => {
    expect(gerundBase(gerund)).toBe(base);
  });
});

describe('a retraction is keyed as the instruction it takes back', () => {
  it.each([
    ['From now on, always use semicolons in my code.', 'Stop using semicolons in my code.'],
    ['Always add comments to my code', 'Stop adding comments to my code'],
    ['Always write tests first', 'Stop writing tests first'],
    ['Always email me the summary', 'Stop emailing me the summary'],
    ['Always schedule my meetings in the morning', 'Stop scheduling my meetings in the morning'],
  ])('%j, then %j', (instruction, retraction) => {
    const [stated] = read(instruction);
    expect(read(retraction)).toEqual([expect.objectContaining({ kind: 'retract', subject: stated?.subject, value: 'always' })]);
  });
});

describe('with the facts service', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());
  const active = (): string[] => f.service.list().map((view) => view.fact).sort();

  it.each(['Stop using em dashes.', "Don't use em dashes anymore.", 'Stop using em dashes, please'])('%j repeats "never use em dashes": it stays', async (text) => {
    await f.say('From now on, never use em dashes.');
    const changes = await f.say(text);
    expect(changes.superseded).toEqual([]);
    expect(active()).toEqual(['Never use em dashes']);
  });

  it('"Ya no uses emojis" repeats "Nunca uses emojis": it stays', async () => {
    await f.say('Nunca uses emojis');
    expect((await f.say('Ya no uses emojis')).superseded).toEqual([]);
    expect(active()).toEqual(['Nunca uses emojis']);
  });

  it('"Stop using semicolons in my code" retires "Always use semicolons in my code"', async () => {
    await f.say('From now on, always use semicolons in my code.');
    const changes = await f.say('Stop using semicolons in my code.');
    expect(changes.superseded.map((view) => view.fact)).toEqual(['Always use semicolons in my code']);
    expect(active()).toEqual([]);
  });
});
