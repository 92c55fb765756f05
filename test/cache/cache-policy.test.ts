import { describe, expect, it } from 'vitest';
import { cacheRefusal, dedupSignature, detectLanguage, normaliseQuery } from '../../src/cache/cache-policy.js';

const calm = { sideEffectSinceQuestion: false };

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
