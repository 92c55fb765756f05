import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheRefusal, dedupSignature, dedupSpecifics, detectLanguage, foldedQueryWords, mayShareAnswer, normaliseQuery, sameSpecifics } from '../../src/cache/cache-policy.js';

const calm = { sideEffectSinceQuestion: false };

describe('foldedQueryWords', () => {
  it('folds ASCII text (its shortcut) as it folds the same text with accented words after it (the Unicode path)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 80 }), (ascii) => {
        expect(foldedQueryWords(`${ascii} Dónde ÉL`)).toEqual([...foldedQueryWords(ascii), 'donde', 'el']);
      }),
      { numRuns: 500 },
    );
    expect(foldedQueryWords("What's my dog's NAME?")).toEqual(['whats', 'my', 'dogs', 'name']);
  });
});

describe('normaliseQuery', () => {
  it('makes trivial variants equal: case, accents, punctuation, spacing, fillers', () => {
    const variants = ['Where do I work?', 'where do i work', '  WHERE do I   work ?? ', 'Hey, where do I work again?', 'ok so where do I work, please'];
    expect(new Set(variants.map(normaliseQuery))).toEqual(new Set(['where do i work']));
    expect(normaliseQuery('¿Dónde trabajo?')).toBe(normaliseQuery('donde trabajo'));
    expect(normaliseQuery('Por favor, ¿dónde vivo?')).toBe('donde vivo');
    expect(normaliseQuery("What's my dog's name?")).toBe(normaliseQuery('Whats my dogs name'));
  });

  it('keeps questions that differ in meaning apart', () => {
    expect(normaliseQuery('Where do I work?')).not.toBe(normaliseQuery('Where does my wife work?'));
    expect(normaliseQuery('What is my sister called?')).not.toBe(normaliseQuery('What is my brother called?'));
    expect(normaliseQuery('Do I like tea?')).not.toBe(normaliseQuery('Do I like tea or coffee?'));
  });
});

describe('detectLanguage', () => {
  it.each([
    ['Where do I work?', 'en'],
    ['What did I decide about the deployment?', 'en'],
    ['¿Dónde trabajo?', 'es'],
    ['Sobre el despliegue, qué decidí', 'es'],
    ['Me siento triste', 'es'],
    ['dime donde vivo', 'es'],
    ['Remind me where I work', 'en'],
  ] as const)('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});

describe('cacheRefusal', () => {
  it('accepts factual questions about the user, in English and Spanish', () => {
    for (const question of ['Where do I work?', 'Which editor do I use for work?', 'Do I have a dog', 'Remind me where I work', '¿Dónde trabajo?', 'Dime qué lenguaje prefiero', 'Por qué elegí Postgres']) {
      expect(cacheRefusal(question, calm), question).toBeNull();
    }
  });

  it.each([
    'What time is it?', 'What should I do today?', 'Anything on for tonight?', 'What is on my calendar tomorrow?',
    'What did I eat yesterday?', 'What is the weather in Lima?', 'Where am I right now?', 'What is my current job?',
    'What are the latest news?', 'What do I have this week?',
    '¿Qué hora es?', '¿Qué hago hoy?', '¿Dónde estoy ahora?', 'Recién llegué, ¿qué decidí?', '¿Qué tengo mañana?',
    '¿Qué comí ayer?', '¿Qué tengo esta semana?',
  ])('refuses the time-dependent %s', (question) => {
    expect(cacheRefusal(question, calm)).toBe('time-dependent');
  });

  it.each([
    'I feel lost, what do I do for work?', "I'm so sad, where does my sister live?", 'Why am I so anxious?', 'Why do I get angry?',
    'Me siento solo, ¿dónde vive mi hermana?', 'Estoy triste, ¿qué decidí?', '¿Por qué estoy tan ansioso?', 'where do I work 😢',
  ])('refuses the emotional %s', (question) => {
    expect(cacheRefusal(question, calm)).toBe('emotional');
  });

  it('refuses anything after a side-effecting tool, even a plain factual question', () => {
    expect(cacheRefusal('Where do I work?', { sideEffectSinceQuestion: true })).toBe('side-effect');
  });

  it('refuses statements, commands, empty and very long messages', () => {
    for (const message of ['I moved to Lima', 'Send an email to Bob', 'Do the dishes', 'Me mudé a Lima', 'hello?', '?', '']) {
      expect(cacheRefusal(message, calm), message).toBe('not-a-question');
    }
    expect(cacheRefusal(`Where do I work? ${'x '.repeat(600)}`, calm)).toBe('too-long');
  });
});

describe('dedupSignature', () => {
  it('tells persons and negation apart, and ignores everything else', () => {
    expect(dedupSignature('What did I decide?')).toBe(dedupSignature('About that, what did I decide again?'));
    expect(dedupSignature('What did I decide?')).not.toBe(dedupSignature('What did you decide?'));
    expect(dedupSignature('¿Dónde trabaja mi hermana?')).not.toBe(dedupSignature('¿Dónde trabaja tu hermana?'));
    expect(dedupSignature('Do I like coffee?')).not.toBe(dedupSignature("Don't I like coffee?"));
    expect(dedupSignature('Where is the office?')).toBe('');
  });
});

describe('dedupSpecifics and sameSpecifics', () => {
  it('finds names inside a sentence and numbers anywhere, folded; not the first word, nor "I"', () => {
    expect(dedupSpecifics('What is the capital of Australia?')).toEqual(['australia']);
    expect(dedupSpecifics('Where did I park? I think Lot B.')).toEqual(['lot', 'b']);
    expect(dedupSpecifics("¿Cuál es la capital de Perú? I'm asking")).toEqual(['peru']);
    expect(dedupSpecifics('What did I decide about the 2025 budget and Q3?')).toEqual(['2025', 'q3']);
    expect(dedupSpecifics('Where do I work?')).toEqual([]);
  });

  it('agrees only when each side\'s names and numbers are words of the other', () => {
    expect(sameSpecifics('What is the capital of Australia?', 'what is the capital of australia')).toBe(true);
    expect(sameSpecifics('What is the capital of Australia?', 'What is the capital of Austria?')).toBe(false);
    expect(sameSpecifics('What is the capital of Australia?', 'what is the capital of austria')).toBe(false);
    expect(sameSpecifics('What did I decide about the 2025 budget?', 'What did I decide about the 2026 budget?')).toBe(false);
    expect(sameSpecifics('What did I decide about the budget?', 'What did I decide about the Q3 budget?')).toBe(false);
    expect(sameSpecifics('Where do I work?', 'Where am I working?')).toBe(true);
  });

  it('mayShareAnswer needs the same persons, negation and names', () => {
    expect(mayShareAnswer('What did I decide about Acme?', 'About Acme, what did I decide?')).toBe(true);
    expect(mayShareAnswer('What did I decide about Acme?', 'What did you decide about Acme?')).toBe(false);
    expect(mayShareAnswer('What did I decide about Acme?', 'What did I decide about Initech?')).toBe(false);
  });
});
