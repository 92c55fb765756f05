import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from '../facts/facts-fixture.js';

// A change that holds since it happened (a move, a new job, a switch), told with when it
// happened first: the change, without the day. Other statements after a day hold for that
// day only, and stay unread.

const read = (text: string) => extractFacts(text, { role: 'user' }).map((fact) => fact.statement);

describe('a lasting change told with when it happened', () => {
  it.each([
    ['Yesterday I moved to Berlin.', 'I live in Berlin'],
    ['Last month we moved to Porto.', 'We live in Porto'],
    ['Last month we moved to Rio de Janeiro.', 'We live in Rio de Janeiro'],
    ['Last week I started working at Globex.', 'I work at Globex'],
    ['The other day I switched to Helix.', 'I switched to Helix'],
    ['Ayer me mudé a Sevilla.', 'Vivo en Sevilla'],
    ['La semana pasada me cambié a Firefox.', 'me cambié a Firefox'],
  ])('%s', (text, statement) => {
    expect(read(text)).toEqual([expect.stringMatching(new RegExp(`^${statement}$`, 'iu'))]);
  });

  it.each([
    // What held for that day only.
    'Today I prefer tea.',
    'Yesterday I was at Acme for a meeting.',
    'Last week I lived in a tent.',
    'Yesterday my brother moved to Madrid.',
    // A move with its day to no place's name: a one-off move, not a new home.
    'Yesterday I moved to the front row.',
    'On Monday I moved to table 5.',
    'Yesterday I moved to Berlin for a week.',
    'Ayer me mudé a la habitación de al lado.',
  ])('but not what held for that day: %s', (text) => {
    expect(read(text)).toEqual([]);
  });
});

describe('a move told with its day, stored', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it('supersedes the home before, through the message gate', async () => {
    await f.say('I live in Lisbon.');
    const moved = await f.say('Yesterday I moved to Berlin.');
    expect(factTexts(moved.superseded)).toEqual(['I live in Lisbon']);
    expect(activeFactTexts(f)).toEqual(['I live in Berlin']);
  });
});
