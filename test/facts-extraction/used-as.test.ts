import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from '../facts/facts-fixture.js';

// "I use Neovim as my editor" is the fact "my editor is Neovim": the same subject, so either
// replaces the other, and a switch replaces both. A qualifier after the noun ("…at work")
// goes with the value, as a switch keeps it ("VS Code at work").

const read = (text: string) => extractFacts(text, { role: 'user' });
const key = (text: string) => read(text).map((fact) => [fact.subject, fact.value, fact.kind]);

describe('"I use X as my Y"', () => {
  it.each([
    ['Remember that I use Neovim as my editor', 'I use Neovim as my editor', 'editor', 'Neovim', 'remember/use-as'],
    ['From now on, I use Neovim as my editor at work', 'I use Neovim as my editor at work', 'editor', 'Neovim at work', 'from-now-on/use-as'],
    ["I'm using Helix as my editor", "I'm using Helix as my editor", 'editor', 'Helix', 'use-as'],
    ['Uso Vim como mi editor', 'Uso Vim como mi editor', 'editor', 'Vim', 'uso-como'],
    ['Uso Vim como editor en el trabajo', 'Uso Vim como editor en el trabajo', 'editor', 'Vim en el trabajo', 'uso-como'],
  ])('%s', (text, statement, subject, value, signal) => {
    expect(read(text)).toMatchObject([{ statement, subject, value, signal, kind: 'assert' }]);
  });

  it('is keyed as "my editor is X" is, and a switch at work as the use at work', () => {
    expect(key('I use Neovim as my editor.')).toEqual(key('My editor is Neovim.'));
    const [use] = read('I use Neovim as my editor at work');
    const [switched] = read('I switched from Neovim to VS Code at work');
    expect(use?.subject).toBe(switched?.subject);
    expect(use?.value?.endsWith(' at work')).toBe(true);
    expect(switched?.value?.endsWith(' at work')).toBe(true);
  });

  it('is taken back in its own words', () => {
    // First the plain statement's subject, then the habit's (retraction.ts).
    expect(read("I don't use Neovim as my editor anymore")[0]).toMatchObject({ subject: 'editor', value: 'Neovim', kind: 'retract' });
  });

  it.each([
    // Without a possessive, Spanish names a role only for what one has one of.
    'Uso Vim como ejemplo',
    'I use it as my excuse',
    // A credential is never stored.
    'I use hunter2 as my wifi password',
  ])('%s is none', (text) => {
    expect(read(text)).toEqual([]);
  });
});

describe('"I use X as my editor", stored', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it('a switch at work replaces the editor used at work', async () => {
    expect(factTexts((await f.say('From now on, I use Neovim as my editor at work')).added)).toEqual(['I use Neovim as my editor at work']);
    const changes = await f.say('I switched from Neovim to VS Code at work');
    expect(factTexts(changes.superseded)).toEqual(['I use Neovim as my editor at work']);
    expect(activeFactTexts(f)).toEqual(['I switched from Neovim to VS Code at work']);
  });

  it('"my editor is Helix" replaces "I use Neovim as my editor"', async () => {
    await f.say('Remember that I use Neovim as my editor');
    const changes = await f.say('My editor is Helix');
    expect(factTexts(changes.superseded)).toEqual(['I use Neovim as my editor']);
    expect(activeFactTexts(f)).toEqual(['My editor is Helix']);
  });
});
