import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnswerStore } from '../../src/cache/answer-store.js';
import { ResponseCache, type StoreInput, type StoreOutcome } from '../../src/cache/response-cache.js';
import { DAY_MS, ManualClock } from '../../src/clock.js';
import type { AnswerStore } from '../../src/conversation/record-reply.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { createFactsService } from '../../src/facts/facts-service.js';
import { sequentialIds } from '../../src/ids.js';
import { openDatabase } from '../../src/storage/database.js';
import { runInTransaction } from '../../src/storage/transaction.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// The answer store, the response cache and the facts tier wired as context.ts wires them:
// every fact change drops every cached answer, and an answer to a question asked before a
// fact change is not stored.
const temp = makeTempDir();
const database = openDatabase(join(temp.dir, 'memoryd.db'));
const embedder = createHashingEmbedder();
const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
let cache: ResponseCache;
let answers: AnswerStore;
const facts = createFactsService({
  database,
  embedder,
  tokenizer: await createTokenizer('cl100k_base'),
  clock,
  ids: sequentialIds(),
  onFactsChanged: (scope) => void cache.invalidateAll(scope),
});
let turn = 0;

afterAll(() => {
  database.close();
  temp.remove();
});

beforeEach(() => {
  database.sqlite.exec('delete from response_cache; delete from facts');
  facts.loadIndex();
  clock.set(Date.UTC(2026, 10, 22, 9));
  // A fresh cache: it remembers which questions were asked when.
  cache = new ResponseCache({ db: database.db, clock, embedder, dedupThreshold: 0.85 });
  answers = createAnswerStore({ embedder, cache });
});

// The user's message as the context call handles it: its facts are written, then the cache is consulted.
async function say(message: string): Promise<string | null> {
  const prepared = await facts.prepareFromMessage(message);
  runInTransaction(database, (scope) => facts.applyFromUserTurn(prepared, { sessionId: 's1', turnNumber: ++turn }, scope));
  return cache.lookup(message, await embedder.embed(message))?.response ?? null;
}

// The assistant's answer to `question`, offered to the cache as `recordReply` offers it.
async function offer(question: string, answer: string, sideEffectSinceQuestion = false): Promise<{ stored: boolean; reason?: string }> {
  const prepared = await answers.prepare(question, null);
  return runInTransaction(database, (scope) => answers.store({ sessionId: 's1', question, answer, prepared, sideEffectSinceQuestion, answeredAt: clock.now() }, scope));
}

describe('answer store', () => {
  it('stores an answer with its question\'s vector (a rephrasing finds it) and says why it refuses one', async () => {
    await say('Which editor do I use for work?');
    expect(await offer('Which editor do I use for work?', 'Neovim.')).toEqual({ stored: true });
    expect(await say('For work, which editor do I use?')).toBe('Neovim.');
    expect(await offer('What do I have tomorrow?', 'Two meetings.')).toEqual({ stored: false, reason: 'time-dependent' });
    expect(await offer('Which flight did I book?', 'LA2047.', true)).toEqual({ stored: false, reason: 'side-effect' });
    expect(await offer('What does this function return?', 'A promise.')).toEqual({ stored: false, reason: 'conversation-bound' });
    await say('Where do I live?');
    expect(await offer('Where do I live?', '  ')).toEqual({ stored: false, reason: 'empty-answer' });
    // Invisible characters show nothing either (the one definition the API's answers use).
    expect(await offer('Where do I live?', '\u200b\u2060 ')).toEqual({ stored: false, reason: 'empty-answer' });
  });

  it('drops an answer resting on a fact\'s absence when that fact is added', async () => {
    await say('Remember that I work at Acme.');
    await say('Which editor do I use?');
    expect(await offer('Which editor do I use?', 'I do not know which editor you use.')).toEqual({ stored: true });
    await say('Remember that I use Neovim at work.');
    expect(await say('Which editor do I use?')).toBeNull();
  });

  it('drops every answer when a fact is replaced, edited or deleted through the API', async () => {
    const { fact: acme } = await facts.add({ fact: 'I work at Acme', domain: 'work' });
    const cases: Array<() => unknown> = [
      () => facts.edit(acme.id, { fact: 'I work at Globex' }),
      () => facts.edit(acme.id, { domain: 'projects' }),
      () => facts.delete(acme.id),
    ];
    for (const change of cases) {
      await say('What is my favourite colour?');
      expect(await offer('What is my favourite colour?', 'You have not told me.')).toEqual({ stored: true });
      await change();
      expect(await say('What is my favourite colour?')).toBeNull();
    }
  });

  it('drops every answer when a decayed fact is confirmed back into prompts, by the API or by the user', async () => {
    const { fact: acme } = await facts.add({ fact: 'I work at Acme', domain: 'work' });
    const { fact: lima } = await facts.add({ fact: 'I live in Lima', domain: 'personal' });
    clock.advance(181 * DAY_MS);
    expect(facts.get(acme.id).status).toBe('stale');
    await say('Where do I work?');
    expect(await offer('Where do I work?', 'You have not told me where you work.')).toEqual({ stored: true });
    facts.confirm(acme.id);
    expect(await say('Where do I work?')).toBeNull();

    await say('Where do I live?');
    expect(await offer('Where do I live?', 'You have not told me where you live.')).toEqual({ stored: true });
    expect(facts.get(lima.id).status).toBe('stale');
    await say('I live in Lima.');
    expect(facts.get(lima.id).status).toBe('active');
    expect(await say('Where do I live?')).toBeNull();
  });

  it('keeps the answers when an active fact is only confirmed again', async () => {
    const { fact: acme } = await facts.add({ fact: 'I work at Acme', domain: 'work' });
    await say('Where do I work?');
    expect(await offer('Where do I work?', 'At Acme.')).toEqual({ stored: true });
    clock.advance(DAY_MS / 2);
    facts.confirm(acme.id);
    expect(await say('Where do I work?')).toBe('At Acme.');
  });

  it('refuses the answer to a question asked before a fact changed (another session, PATCH /v1/facts)', async () => {
    await say('Where do I work?');
    await facts.add({ fact: 'I work at Acme', domain: 'work' });
    expect(await offer('Where do I work?', 'You have not told me where you work.')).toEqual({ stored: false, reason: 'facts-changed' });
    expect(await say('Where do I work?')).toBeNull();
    expect(await offer('Where do I work?', 'At Acme.')).toEqual({ stored: true });
  });
});

describe('answer store: answers to one user turn', () => {
  // As recordReply offers them: with the session's turn that asked the question.
  async function answerTurn(sessionId: string, turnNumber: number, question: string, answer: string): Promise<{ stored: boolean; reason?: string }> {
    const prepared = await answers.prepare(question, null);
    const questionTurn = { turnNumber, at: clock.now() };
    return runInTransaction(database, (scope) => answers.store({ sessionId, question, questionTurn, answer, prepared, sideEffectSinceQuestion: false, answeredAt: clock.now() }, scope));
  }

  it('stores a correction over the first answer, and judges each session\'s turn by when it asked', async () => {
    await facts.add({ fact: 'I work at Acme', domain: 'work' });
    clock.advance(1000);
    await say('How many grams of coffee do I use per cup?');
    expect(await answerTurn('s1', 7, 'How many grams of coffee do I use per cup?', 'About 28 grams.')).toEqual({ stored: true });
    expect(await answerTurn('s1', 7, 'How many grams of coffee do I use per cup?', 'Correction: 28.35 grams.')).toEqual({ stored: true });
    // Read from the table: a lookup would count as one more asking.
    expect(database.sqlite.prepare('select response from response_cache').pluck().all()).toEqual(['Correction: 28.35 grams.']);
    await facts.add({ fact: 'I live in Lima', domain: 'personal' });
    // Session s1's turn 7 was asked before that fact; session s2's turn 7, which asks now, after it.
    expect(await answerTurn('s1', 7, 'How many grams of coffee do I use per cup?', '28.3 grams.')).toEqual({ stored: false, reason: 'facts-changed' });
    await say('How many grams of coffee do I use per cup?');
    expect(await answerTurn('s2', 7, 'How many grams of coffee do I use per cup?', '28.35 grams.')).toEqual({ stored: true });
    expect(await say('How many grams of coffee do I use per cup?')).toBe('28.35 grams.');
  });
});

async function ask(message: string): Promise<string | null> {
  return cache.lookup(message, await embedder.embed(message))?.response ?? null;
}

async function store(input: Pick<StoreInput, 'question' | 'answer'>): Promise<StoreOutcome> {
  return cache.store(await cache.prepare({ sessionId: 's1', ...input }));
}

// The context call consults the cache with the user's message; the answer comes later,
// with the reply. A fact changed in between (another session, PATCH /v1/facts) may make
// that answer wrong: it is refused, not cached for 24 h.
describe('response cache: a fact change between a question and its answer', () => {
  it('refuses the answer to a question asked before the change, and stores one asked after it', async () => {
    await ask('Where do I work?');
    cache.invalidateAll();
    expect(await store({ question: 'Where do I work?', answer: 'You have not told me.' })).toEqual({ stored: false, reason: 'facts-changed' });
    expect(await ask('Where do I work?')).toBeNull();
    expect(await store({ question: 'Where do I work?', answer: 'At Acme.' })).toMatchObject({ stored: true });
    expect(await ask('Where do I work?')).toBe('At Acme.');
  });

  it('counts a change made before the question in the same transaction as before it', async () => {
    const prepared = await cache.prepare({ sessionId: 's1', question: 'Where do I work?', answer: 'At Acme.' });
    runInTransaction(database, (scope) => {
      cache.invalidateAll(scope);
      cache.consult('Where do I work?', prepared.embedding ?? null, null, scope);
    });
    expect(cache.store(prepared)).toMatchObject({ stored: true });
  });

  it('refuses the answer when another session asked the same question after the change (the earlier asking counts)', async () => {
    await ask('Which editor do I use?');
    cache.invalidateAll();
    await ask('which editor do I use');
    expect(await store({ question: 'Which editor do I use?', answer: 'I do not know.' })).toEqual({ stored: false, reason: 'facts-changed' });
  });

  it('refuses an answer to a question it no longer remembers once a fact has changed', async () => {
    cache.invalidateAll();
    expect(await store({ question: 'Where does my sister live?', answer: 'In Rosario.' })).toEqual({ stored: false, reason: 'facts-changed' });
  });
});

