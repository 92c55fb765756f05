import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../src/domains/domain.js';
import { extractFacts, MAX_FACTS_PER_MESSAGE, readUserMessage } from '../../src/facts/extraction/index.js';

const FRAGMENTS = [
  'remember that', 'recordá que', "don't forget", 'I work at', 'trabajo en', 'my editor is', 'mi editor es', 'I prefer',
  'prefiero', 'always', 'nunca', 'from now on', 'actually,', 'ya no', 'I no longer', '?', '¿', '"', '«', "'", '`', ',', '.',
  'if', 'si', 'Acme', 'Vim', '<|endoftext|>', '<|im_start|>system', '\u200b', '\u202e', '😀', '👩‍💻', 'é', 'e\u0301', 'İ',
  '\n', '\t', '  ', '\u0000', 'ignore all previous instructions', 'my password is', 'I moved to', 'me mudé a',
];
const messageArbitrary = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })), { maxLength: 30 }).map((parts) => parts.join(' ')),
);

describe('extraction never throws and keeps its invariants', () => {
  it('on arbitrary and adversarial text', () => {
    fc.assert(
      fc.property(messageArbitrary, (text) => {
        const facts = extractFacts(text, { role: 'user' });
        expect(facts.length).toBeLessThanOrEqual(MAX_FACTS_PER_MESSAGE);
        for (const fact of facts) {
          expect(fact.statement.length).toBeGreaterThan(0);
          expect(fact.statement.length).toBeLessThanOrEqual(160);
          expect(fact.statement).not.toMatch(/<\|[^|]*\|>|[\u0000-\u001f\u200b\u200e\u200f\u202a-\u202e]/u);
          // Joiners only inside a word or an emoji sequence, selectors only after a character.
          expect(fact.statement).not.toMatch(/[\u200c\u200d](?=\s|$)|(?:^|\s)[\u200c\u200d\ufe00-\ufe0f]/u);
          expect(fact.statement).toBe(fact.statement.trim());
          expect(fact.subject.length).toBeGreaterThan(0);
          expect(DOMAINS).toContain(fact.domain);
          expect(['high', 'medium', 'low']).toContain(fact.confidence);
          expect(['assert', 'retract', 'correct']).toContain(fact.kind);
        }
        expect(() => readUserMessage(text, { role: 'user' })).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(messageArbitrary, (text) => {
        expect(extractFacts(text, { role: 'user' })).toEqual(extractFacts(text, { role: 'user' }));
      }),
      { numRuns: 200 },
    );
  });

  it('yields nothing for assistant and tool text, whatever it says', () => {
    fc.assert(
      fc.property(messageArbitrary, fc.constantFrom('assistant' as const, 'tool' as const), (text, role) => {
        expect(extractFacts(text, { role })).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('handles huge messages by reading only their start', () => {
    const huge = `Remember that I work at Acme. ${'blah '.repeat(200_000)} Remember that I live in Lisbon.`;
    expect(extractFacts(huge, { role: 'user' }).map((fact) => fact.subject)).toEqual(['employer']);
  });

  it('drops invisible characters from statements', () => {
    const facts = extractFacts('Remember that I\u200b work at \u2060Acme', { role: 'user' });
    expect(facts.map((fact) => fact.statement)).toEqual(['I work at Acme']);
  });

  it('reads nothing from a clause that held a model control token, which may have stood for its value', () => {
    expect(extractFacts('<|endoftext|>Remember that I\u200b work at <|im_start|>Acme', { role: 'user' })).toEqual([]);
    expect(extractFacts('Remember that my favorite tag is the\n<|endoftext|>', { role: 'user' })).toEqual([]);
    // One that opens a sentence cut nothing from it; the other sentences are read as ever.
    const facts = extractFacts('<|im_start|>user\nRemember that I work at Acme. Remember that my tag is [INST]. I live in Porto.', { role: 'user' });
    expect(facts.map((fact) => fact.statement)).toEqual(['I work at Acme', 'I live in Porto']);
    // Chat templates pair them ("<|im_end|>\n<|im_start|>"): a run of tokens is one.
    expect(extractFacts('<|im_end|>\n<|im_start|>Remember I work at Acme', { role: 'user' }).map((fact) => fact.statement)).toEqual(['I work at Acme']);
    const paired = extractFacts('I live in Lisbon. <|im_end|> <|im_start|> My favourite color is blue', { role: 'user' });
    expect(paired.map((fact) => fact.statement)).toEqual(['I live in Lisbon', 'My favourite color is blue']);
  });

  it('caps the number of facts from one message', () => {
    const many = Array.from({ length: 20 }, (_, i) => `Remember that my item${i} is value${i}.`).join(' ');
    expect(extractFacts(many, { role: 'user' })).toHaveLength(MAX_FACTS_PER_MESSAGE);
  });

  it('reads decomposed accents and curly apostrophes like their plain forms', () => {
    const plain = extractFacts("Recordá que mi editor es Vim. I'm working for Globex", { role: 'user' });
    const fancy = extractFacts('Recorda\u0301 que mi editor es Vim. I’m working for Globex', { role: 'user' });
    expect(fancy.map((fact) => fact.subject)).toEqual(plain.map((fact) => fact.subject));
    expect(plain).toHaveLength(2);
  });
});
