import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheRefusal } from '../../src/cache/cache-policy.js';
import { ResponseCache, responseCacheKey, RESPONSE_CACHE_TTL_MS } from '../../src/cache/response-cache.js';
import { ManualClock } from '../../src/clock.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { vectorToBuffer } from '../../src/embeddings/vector.js';
import { openDatabase } from '../../src/storage/database.js';
import { upsertResponse } from '../../src/storage/response-cache-repo.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// Spec §4 caches "answers to factual questions about the user", and the cache serves every
// session: an answer to a how-to, to general knowledge or about the code at hand rests on
// what its conversation is about, and is wrong in another one (found by two testers).

const calm = { sideEffectSinceQuestion: false };
const defer = cleanupAfterEach();

async function started(): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ clock: new ManualClock(Date.UTC(2026, 10, 22, 9)) });
  defer(() => daemon.stop());
  return daemon;
}

describe('cacheRefusal: factual questions about the user, and the others', () => {
  it.each([
    "What's my editor?", '¿Cuál es mi grupo favorito?', 'What is the date of my wedding?', 'Where do I work?',
    'Am I allergic to penicillin?', 'What do I prefer for breakfast?', '¿Dónde vivo?', '¿Soy alérgico a la penicilina?',
    'Which car is mine?', 'Who left me a voicemail?', '¿Cómo me llamo?', 'Which hotel did we book for the trip?',
  ])('caches %s, about the user', (question) => {
    expect(cacheRefusal(question, calm)).toBeNull();
  });

  it('keeps the other refusals for a question about the user: "When is my dentist appointment?" is time-dependent', () => {
    expect(cacheRefusal('When is my dentist appointment?', calm)).toBe('time-dependent');
    expect(cacheRefusal('Why am I so tired?', calm)).toBe('emotional');
    expect(cacheRefusal('Where do I keep it?', calm)).toBe('conversation-bound');
    expect(cacheRefusal('I work at Acme', calm)).toBe('not-a-question');
  });

  it.each([
    // How-to and advice with "I": the user would do it, no fact is about them.
    'How do I reverse an array?', 'Can I use async in a constructor?', 'Should I learn Rust?', '¿Cómo instalo Node?',
    'How do I reset my password?', 'Do I need a visa for Japan?', '¿Debería aprender Rust?', '¿Cómo uso git?',
    // General knowledge.
    'What is the capital of France?', 'What is Rust?', 'Tell me the capital of France', '¿Qué es el trabajo en física?',
    // The testers' question about a failing test, asked as a how-to.
    'How do I fix the failing test in retry.ts?',
  ])('refuses %s, not about the user', (question) => {
    expect(cacheRefusal(question, calm)).toBe('not-about-the-user');
  });

  it.each([
    "What's wrong with my code?", 'what is wrong with my code', 'Why is the build failing?', 'Why is my build failing?',
    'Why does the test time out?', 'Why does my test time out?', 'Which version of Node does the project use?',
    'Why do I get a TypeError?', '¿Por qué falla mi código?',
  ])('refuses %s, about the code or the project at hand, as conversation-bound', (question) => {
    expect(cacheRefusal(question, calm)).toBe('conversation-bound');
  });

  it.each([
    // Instructions asked with "do I" and a verb of doing: no kind asked for, a tool of a task, or what for.
    'Where do I put the .env file?', 'Which command do I use to undo a commit?', 'What flag do I use to force push?',
    'Where do I find the logs in Kubernetes?', 'Which port do I use for Postgres?', 'Which app do I use to pay?',
    '¿Qué comando uso para deshacer un commit?', '¿Cómo se instala Node en mi Mac?',
  ])('refuses %s, a how-to', (question) => {
    expect(cacheRefusal(question, calm)).toBe('not-about-the-user');
  });

  it.each([
    // The same verbs as the user's habit: their own things, or a kind of thing they have one of.
    'Which editor do I use?', 'Which editor do I use for work?', 'Where do I put my keys?', 'Where do I find my passport?',
    'Which bank do I use for savings?', '¿Qué editor uso?',
    // "Cómo se llama" asks a name, as "What's my dog called?" does.
    '¿Cómo se llama mi perro?', '¿Cómo se llamaba mi abuela?', "What's my dog called?",
  ])('caches %s, about the user', (question) => {
    expect(cacheRefusal(question, calm)).toBeNull();
  });

  it('reads the user as the subject, not the code they name: "What editor do I use for my Rust code?" is about the user', () => {
    expect(cacheRefusal('What editor do I use for my Rust code?', calm)).toBeNull();
    expect(cacheRefusal("What's wrong with my Rust code?", calm)).toBe('conversation-bound');
  });
});

describe('the response cache across sessions', () => {
  it('does not serve a session the answer to a how-to asked in another one about another language', async () => {
    const daemon = await started();
    const python = conversation(daemon.client, 'python');
    await python.say('I am writing a Python script that parses log files.');
    expect((await python.say('How do I reverse an array?')).cached).toBeNull();
    const reply = await python.reply('In Python use arr[::-1], or arr.reverse() to reverse it in place.', { cacheable: true });
    expect(reply.cache).toEqual({ stored: false, reason: 'not-about-the-user' });
    const javascript = conversation(daemon.client, 'javascript');
    await javascript.say('I am writing a JavaScript app for the browser.');
    expect((await javascript.say('How do I reverse an array?')).cached).toBeNull();
  });

  it.each([
    ["What's wrong with my code?", 'what is wrong with my code', 'conversation-bound'],
    ['Why is the build failing?', 'why is the build failing', 'conversation-bound'],
    ['Why does the test time out?', 'Why does the test time out', 'conversation-bound'],
    ['How do I fix the failing test in retry.ts?', 'how do I fix the failing test in retry.ts', 'not-about-the-user'],
    ['Which version of Node does the project use?', 'Which version of Node does the project use', 'conversation-bound'],
  ])('does not serve another session the answer to %s, nor to a rephrasing', async (asked, rephrased, reason) => {
    const daemon = await started();
    const first = conversation(daemon.client, 'a');
    await first.say(asked);
    expect((await first.reply('The loop runs one step too far: use i < n.', { cacheable: true })).cache).toEqual({ stored: false, reason });
    const second = conversation(daemon.client, 'b');
    expect((await second.say(asked)).cached).toBeNull();
    expect((await second.say(rephrased)).cached).toBeNull();
  });

  it('still serves another session the answer to a question about the user', async () => {
    const daemon = await started();
    const first = conversation(daemon.client, 'a');
    await first.say('Where do I work?');
    expect((await first.reply('At Acme, as a data engineer.', { cacheable: true })).cache).toEqual({ stored: true });
    expect((await conversation(daemon.client, 'b').say('Where do I work?')).cached).toMatchObject({ response: 'At Acme, as a data engineer.', source: 'cache' });
  });
});

describe('answers a daemon stored before this policy', () => {
  const temp = makeTempDir();
  const database = openDatabase(join(temp.dir, 'memoryd.db'));
  const embedder = createHashingEmbedder();
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));

  afterAll(() => {
    database.close();
    temp.remove();
  });

  it('are not served for a question not about the user, exactly or rephrased', async () => {
    const question = 'How do I reverse an array?';
    upsertResponse(database.db, {
      key: responseCacheKey(question), query: question, language: 'en', response: 'In Python use arr[::-1].', sessionId: 'old',
      embedding: vectorToBuffer(await embedder.embed(question)), embedderId: embedder.id, createdAt: clock.now(), expiresAt: clock.now() + RESPONSE_CACHE_TTL_MS,
    });
    const cache = new ResponseCache({ db: database.db, clock, embedder, dedupThreshold: 0.85 });
    for (const message of [question, 'how do i reverse an array', 'So, how do I reverse an array?']) {
      expect(cache.lookup(message, await embedder.embed(message)), message).toBeNull();
    }
  });
});
