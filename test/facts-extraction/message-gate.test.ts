import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanMessage, readSentences, readUserMessage } from '../../src/facts/extraction/extract-facts.js';
import { foldMessage } from '../../src/facts/extraction/folded-text.js';
import { mayStateFacts, TRIGGERED_FAMILIES } from '../../src/facts/extraction/message-gate.js';
import { RULE_FAMILIES } from '../../src/facts/extraction/rule-families.js';
import { EXPLICIT_CASES, PLAIN_CASES } from './cases.js';

// The pattern without its zero-width assertions (lookarounds, \b, \B): it matches every
// text the pattern matches, and more. fast-check cannot sample texts from assertions, so
// texts are sampled from it and kept when the pattern itself matches them: a trigger may
// rely on what an assertion demands ("now" as a word, not in "know"). What a lookahead
// demands is sampled too, as an optional group: "guarda que" is a request only before one
// of a closed list of words ("soy", "vivo"), which random text after it never is.
function withoutAssertions(pattern: RegExp): RegExp {
  return new RegExp(sourceWithoutAssertions(pattern.source), pattern.flags);
}

function sourceWithoutAssertions(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === '\\') {
      const escaped = source.slice(i, i + 2);
      if (inClass || (escaped !== '\\b' && escaped !== '\\B')) out += escaped;
      i += 1;
    } else if (inClass) {
      out += ch;
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      out += ch;
      inClass = true;
    } else if (ch === '(' && /^\(\?=/u.test(source.slice(i, i + 3))) {
      const close = closingParen(source, i);
      out += `(?:${sourceWithoutAssertions(source.slice(i + 3, close))})?`;
      i = close;
    } else if (ch === '(' && /^\(\?<?[=!]/u.test(source.slice(i, i + 4))) {
      i = closingParen(source, i);
    } else {
      out += ch;
    }
  }
  return out;
}

function closingParen(source: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i += 1;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth += 1;
    else if (ch === ')' && --depth === 0) return i;
  }
  throw new Error(`unbalanced group at ${open} in ${source}`);
}

// The subject a clause that shares the previous one's gets in front ("…and work at Acme" → "i work at acme").
const SHARED_SUBJECT = /^(?:i|we) (?!\s)/u;

describe('the message gate', () => {
  it('holds for every text a pattern of its families matches, with or without a shared subject', () => {
    const patterns = TRIGGERED_FAMILIES.flatMap((family) => family.patterns.map((pattern) => ({ family, pattern })));
    expect(patterns.length).toBeGreaterThan(30);
    for (const { family, pattern } of patterns) {
      fc.assert(
        fc.property(fc.stringMatching(withoutAssertions(pattern)).filter((text) => pattern.test(text)), (text) => {
          expect(family.trigger.test(text), `${pattern.source.slice(0, 60)}… matched ${JSON.stringify(text)}`).toBe(true);
          const subject = SHARED_SUBJECT.exec(text);
          if (subject) expect(family.trigger.test(text.slice(subject[0].length)), `without the subject: ${JSON.stringify(text)}`).toBe(true);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('a trigger is a real condition: it fails on texts its patterns do not match', () => {
    for (const family of TRIGGERED_FAMILIES) {
      expect(family.trigger.test('how long should the flight to madrid take? cuanto tiempo deberia llevar el vuelo')).toBe(false);
    }
  });

  it.each([
    'How long should the flight to Madrid take?',
    '¿Cuánto tiempo debería llevar el vuelo a Madrid?',
    'Thanks, that makes sense. Can you help me with the hotel booking?',
    'Me preocupa el billete de tren, está justo desde el miércoles.',
    // "know" holds no "now", "this" no copula: no sign of a correction.
    'I know this sounds odd, but can you check the hotel?',
    'Let me know when this is ready.',
    'Snow is expected this weekend.',
  ])('lets pass nothing that cannot state a fact: %s', (text) => {
    expect(mayStateFacts(cleanMessage(text).folded)).toBe(false);
  });

  it('lets every extraction case through', () => {
    for (const [text] of [...EXPLICIT_CASES, ...PLAIN_CASES]) expect(mayStateFacts(cleanMessage(text).folded), text).toBe(true);
  });

  const FRAGMENTS = [
    'I', 'we', 'my', 'mi', 'our', 'and', 'y', ',', '.', '?', '¿', '"', 'is', 'es', "'s", 'work at', 'trabajo en', 'live in',
    'vivo en', 'moved to', 'me mudé a', 'prefer', 'prefiero', 'decided to', 'decidimos', 'always', 'never', 'siempre',
    'nunca', 'remember that', 'recordá que', 'forget', 'olvidá', 'from now on', 'just so you know', 'favorite', 'favorito',
    'me llamo', 'Ana', 'Acme', 'Lisbon', 'editor', 'the flight', 'el vuelo', 'thanks', 'gracias', 'tomorrow', 'mañana',
  ];
  const message = fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 })), { maxLength: 24 }).map((parts) => parts.join(' '));

  it('changes no reading: a message it stops yields nothing when read in full', () => {
    fc.assert(
      fc.property(message, (text) => {
        expect(readUserMessage(text, { role: 'user' })).toEqual(readSentences(cleanMessage(text)));
      }),
      { numRuns: 2000 },
    );
  });

  // The extractor skips a family on a clause without its trigger (rule-families.ts): each
  // rule must yield only through its family's patterns. Texts from every family's patterns
  // (as clause bodies), and mixed messages.
  it("lets a rule yield nothing on a clause without its family's trigger", () => {
    const sampled = TRIGGERED_FAMILIES.flatMap((family) => family.patterns).map((pattern) => fc.stringMatching(withoutAssertions(pattern)));
    fc.assert(
      fc.property(fc.oneof(message, ...sampled), (text) => {
        const body = foldMessage(text);
        for (const family of RULE_FAMILIES) {
          if (family.trigger.test(body.scan)) continue;
          for (const rule of family.rules) expect(rule(body), JSON.stringify(text)).toBeNull();
        }
      }),
      { numRuns: 4000 },
    );
  });
});
