import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStatement } from '../../src/facts/fact-statement.js';
import { currentSubjectKey } from '../../src/facts/subject-rekey.js';
import { activeFactTexts, factsFixture, factTexts as texts, type FactsFixture } from './facts-fixture.js';

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

// Keys written before 2026-11-27 at 19:30: an instruction's key held when it holds, and
// "Remember that I use Neovim" was a note. At start they take today's keys, so that a
// later opposite instruction, or another editor, replaces them.
describe('facts stored under the keys of before', () => {
  it('an instruction with when it holds is keyed by its action at start, and "never" replaces it', async () => {
    const statement = 'Always run the linter before you commit anything';
    expect(currentSubjectKey({ subject: 'instruction run linter before you commit anything' }, readStatement(statement))).toBe('instruction run linter');
    expect(currentSubjectKey({ subject: 'instruction use emojis' }, readStatement('Never use emojis'))).toBeNull();
    await f.say(`${statement}.`);
    f.database.sqlite.prepare('update facts set subject = ? where fact = ?').run('instruction run linter before you commit anything', statement);
    await f.restart();
    expect(texts((await f.say('From now on never run the linter.')).superseded)).toEqual([statement]);
    expect(activeFactTexts(f)).toEqual(['Never run the linter']);
  });

  it('"I use Neovim", a note before, is the editor at start', async () => {
    await f.say('Remember that I use Neovim.');
    f.database.sqlite.prepare('update facts set subject = ? where fact = ?').run('note i use neovim', 'I use Neovim');
    await f.restart();
    expect(texts((await f.say('I switched from Neovim to VS Code.')).superseded)).toEqual(['I use Neovim']);
  });
});
