import { describe, expect, it } from 'vitest';
import { extractFacts, type ExtractedFact } from '../../src/facts/extraction/index.js';

const read = (text: string) => extractFacts(text, { role: 'user' });
const keyOf = (fact: ExtractedFact | undefined) => [fact?.subject, fact?.value];

describe('"I no longer…" / "ya no…" takes back the statement it names', () => {
  it.each([
    ['I no longer use Emacs.', 'Remember that I use Emacs'],
    ["I don't use Emacs anymore.", 'Remember that I use Emacs'],
    ['I do not use Emacs any more', 'Remember that I use Emacs'],
    ['I no longer use Emacs.', 'I always use Emacs'],
    ['I no longer play chess.', 'Remember that I play chess'],
    ['I no longer prefer tabs over spaces.', 'I prefer tabs over spaces'],
    ["I'm no longer vegetarian", "Remember that I'm vegetarian"],
    ["I'm not vegetarian anymore", "Remember that I'm vegetarian"],
    ['We no longer use Jira', 'Remember that we use Jira'],
    ['Ya no uso Linux.', 'Siempre uso Linux'],
    ['Ya no uso Linux.', 'Recordá que uso Linux'],
    ['No uso más Linux', 'Siempre uso Linux'],
    ['Ya no soy vegetariano', 'Recordá que soy vegetariano'],
  ])('%s retracts what "%s" stored', (retraction, statement) => {
    const [stored, ...others] = read(statement);
    expect(stored).toMatchObject({ subject: expect.any(String) });
    expect(others).toEqual([]);
    const retracted = read(retraction);
    expect(retracted.length).toBeGreaterThan(0);
    expect(retracted.every((fact) => fact.kind === 'retract')).toBe(true);
    expect(retracted.map(keyOf)).toContainEqual(keyOf(stored));
  });

  it('says it in its own words, in its language', () => {
    expect(read("I don't use Emacs anymore.")[0]).toMatchObject({ statement: "I don't use Emacs anymore", language: 'en', signal: 'no-longer' });
    expect(read('Ya no uso Linux.')[0]).toMatchObject({ statement: 'Ya no uso Linux', language: 'es', signal: 'ya-no' });
    expect(read('Remember that I no longer use Emacs')[0]).toMatchObject({ kind: 'retract', confidence: 'high' });
  });

  it('keeps the rules of their own for home and employer', () => {
    expect(read('I no longer work at Acme')).toMatchObject([{ kind: 'retract', subject: 'employer', value: 'Acme' }]);
    expect(read('Ya no vivo en Madrid')).toMatchObject([{ kind: 'retract', subject: 'home', value: 'Madrid' }]);
  });

  it.each([
    ["I don't use Emacs", 'a negation that is no change'],
    ['I no longer use Emacs?', 'a question'],
    ['If I no longer use Emacs, I will tell you', 'a condition'],
    ['My brother no longer plays chess', 'someone else'],
    ['Ya no me gusta el café', 'a Spanish verb that is not the user\'s doing'],
    ['Mi hermano ya no juega al ajedrez', 'someone else, in Spanish'],
    ["I don't see her anymore", 'words only the conversation gives a meaning'],
    ["i don't want this list any more", 'a request about the moment'],
    ['Ya no quiero eso', 'a Spanish one'],
    ["I'm not sure any more", 'a passing state'],
    ["I'm no longer hurting his ears", 'an action under way'],
  ])('takes back nothing: %s (%s)', (text) => {
    expect(read(text)).toEqual([]);
  });
});
