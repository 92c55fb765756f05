import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DISCLAIMERS, MAX_ASKED_QUESTIONS, ResponseCache, responseCacheKey, RESPONSE_CACHE_TTL_MS, type StoreInput, type StoreOutcome } from '../../src/cache/response-cache.js';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { cosine, vectorToBuffer } from '../../src/embeddings/vector.js';
import { openDatabase } from '../../src/storage/database.js';
import { countResponses, upsertResponse } from '../../src/storage/response-cache-repo.js';
import { RollbackWith, runInTransaction } from '../../src/storage/transaction.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const database = openDatabase(join(temp.dir, 'memoryd.db'));
const embedder = createHashingEmbedder();
const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
const newCache = (): ResponseCache => new ResponseCache({ db: database.db, clock, embedder, dedupThreshold: 0.85 });

afterAll(() => {
  database.close();
  temp.remove();
});

beforeEach(() => {
  database.sqlite.exec('delete from response_cache');
  clock.set(Date.UTC(2026, 10, 22, 9));
});

async function storeAnswer(cache: ResponseCache, input: Partial<StoreInput> & Pick<StoreInput, 'question' | 'answer'>): Promise<StoreOutcome> {
  return cache.store(await cache.prepare({ sessionId: 's1', ...input }));
}

async function ask(cache: ResponseCache, message: string): Promise<ReturnType<ResponseCache['lookup']>> {
  return cache.lookup(message, await embedder.embed(message));
}

describe('response cache: exact hits', () => {
  it('answers a repeated question from the cache with the disclaimer, and misses an unrelated one', async () => {
    const cache = newCache();
    expect(await storeAnswer(cache, { question: 'Where do I work?', answer: 'At Acme, as a data engineer.' })).toMatchObject({ stored: true });
    const hit = await ask(cache, 'where do I work');
    expect(hit).toMatchObject({ response: 'At Acme, as a data engineer.', source: 'cache', disclaimer: DISCLAIMERS.en, similarity: 1 });
    expect(await ask(cache, 'What is my favourite colour?')).toBeNull();
  });

  it('serves exact hits without a vector, and replaces an answer stored under the same question', async () => {
    const cache = newCache();
    cache.store({ sessionId: 's1', question: 'Where do I work?', answer: 'At Acme.' });
    cache.store({ sessionId: 's2', question: 'where do i work', answer: 'At Globex.' });
    expect(cache.lookup('Where do I work?', null)?.response).toBe('At Globex.');
    expect(countResponses(database.db)).toBe(1);
  });

  it('expires answers after 24 h', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Which editor do I use for work?', answer: 'Neovim.' });
    clock.advance(RESPONSE_CACHE_TTL_MS - 1);
    expect((await ask(cache, 'Which editor do I use for work?'))?.source).toBe('cache');
    expect((await ask(cache, 'For work, which editor do I use?'))?.source).toBe('dedup');
    clock.advance(1);
    expect(await ask(cache, 'Which editor do I use for work?')).toBeNull();
    expect(await ask(cache, 'For work, which editor do I use?')).toBeNull();
    expect(cache.expire()).toBe(1);
    expect(countResponses(database.db)).toBe(0);
  });
});

describe('response cache: what is never cached', () => {
  it('refuses to store time-dependent and emotional questions, in English and Spanish', async () => {
    const cache = newCache();
    const refused: Array<[string, string]> = [
      ['What time is it?', 'time-dependent'],
      ['What do I have today?', 'time-dependent'],
      ['¿Qué hora es?', 'time-dependent'],
      ['¿Qué tengo hoy?', 'time-dependent'],
      ['Recién llegué, ¿dónde dejé las llaves?', 'time-dependent'],
      ["I'm sad, where does my sister live?", 'emotional'],
      ['Me siento solo, ¿dónde vive mi hermana?', 'emotional'],
      ['Time?', 'time-dependent'],
      ['Is the store open?', 'time-dependent'],
      ['¿Llego tarde?', 'time-dependent'],
      ['Do you love me?', 'emotional'],
    ];
    for (const [question, reason] of refused) {
      expect(await storeAnswer(cache, { question, answer: 'x' })).toEqual({ stored: false, reason });
    }
    expect(countResponses(database.db)).toBe(0);
  });

  it('refuses an answer that follows a side-effecting tool', async () => {
    const cache = newCache();
    const outcome = await storeAnswer(cache, { question: 'Which flight did I book?', answer: 'LA2047 to Cusco.', sideEffectSinceQuestion: true });
    expect(outcome).toEqual({ stored: false, reason: 'side-effect' });
    expect(await ask(cache, 'Which flight did I book?')).toBeNull();
  });

  it('never answers a time-dependent or emotional message from the cache, even when a similar answer is stored', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Where does my sister live?', answer: 'In Rosario.' });
    expect((await ask(cache, 'Where does my sister live?'))?.source).toBe('cache');
    expect(await ask(cache, 'Where does my sister live now?')).toBeNull();
    expect(await ask(cache, 'I feel lonely, where does my sister live?')).toBeNull();
  });

  it('neither stores nor serves a question about the conversation, even one cached by an older policy', async () => {
    const cache = newCache();
    const questions = [
      'What did I just say?', 'What was my last question?', 'Which one is cheaper?', '¿Qué te acabo de decir?', '¿De qué estábamos hablando?', '¿cuál es más barato?',
      'Why did I?', 'What is my output?', 'Is he my brother?', 'Which one do I like?', "What's wrong with my code?", 'What did we talk about?',
    ];
    for (const question of questions) {
      expect(await storeAnswer(cache, { question, answer: 'The Lisbon flight.' }), question).toEqual({ stored: false, reason: 'conversation-bound' });
      // As a daemon before this policy stored it: the lookup refuses it all the same.
      const embedding = await embedder.embed(question);
      upsertResponse(database.db, {
        key: responseCacheKey(question), query: question, language: 'en', response: 'The Lisbon flight.', sessionId: 'old',
        embedding: vectorToBuffer(embedding), embedderId: embedder.id, createdAt: clock.now(), expiresAt: clock.now() + RESPONSE_CACHE_TTL_MS,
      });
      expect(await ask(cache, question), question).toBeNull();
    }
  });
});

describe('response cache: invalidation on a fact change', () => {
  it('drops every answer, whatever it was about', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Where do I work?', answer: 'At Acme.' });
    await storeAnswer(cache, { question: 'Which editor do I prefer?', answer: 'Neovim.' });
    await storeAnswer(cache, { question: 'What do you know about me?', answer: 'Acme, Neovim.' });
    expect(database.sqlite.transaction(() => cache.invalidateAll())()).toBe(3);
    expect(cache.indexedQuestions).toBe(0);
    for (const question of ['Where do I work?', 'Which editor do I prefer?', 'What do you know about me?', 'Which editor do I like?']) {
      expect(await ask(cache, question), question).toBeNull();
    }
    expect(cache.invalidateAll()).toBe(0);
  });
});

describe('intent dedup', () => {
  it('answers an English rephrasing with the English disclaimer', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Which editor do I use for work?', answer: 'Neovim with LazyVim.' });
    const hit = await ask(cache, 'For work, which editor do I use?');
    expect(hit).toMatchObject({ response: 'Neovim with LazyVim.', source: 'dedup', disclaimer: '[Answer retrieved from an earlier conversation]' });
    expect(hit?.similarity).toBeGreaterThan(0.85);
  });

  it('answers a Spanish rephrasing with the Spanish disclaimer', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: '¿Qué decidí sobre el despliegue?', answer: 'Kubernetes en lugar de docker-compose.' });
    const hit = await ask(cache, 'Sobre el despliegue, ¿qué decidí?');
    expect(hit).toMatchObject({ source: 'dedup', disclaimer: '[Respuesta recuperada de conversación anterior]' });
    expect(hit?.response).toBe('Kubernetes en lugar de docker-compose.');
    const other = await ask(cache, '¿En qué ciudad vive mi hermana?');
    expect(other).toBeNull();
  });

  it('does not merge questions about different people, nor across languages', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'What city does my sister live in?', answer: 'Rosario.' });
    const similarity = cosine(await embedder.embed('What city does my sister live in?'), await embedder.embed('What city does my brother live in?'));
    expect(similarity).toBeLessThan(0.85);
    expect(await ask(cache, 'What city does my brother live in?')).toBeNull();
    expect(await ask(cache, '¿En qué ciudad vive mi hermana?')).toBeNull();
  });

  it('does not merge questions about another person or negated ones, however similar their words', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'What did I decide about the deployment?', answer: 'Kubernetes.' });
    await storeAnswer(cache, { question: '¿Dónde trabaja mi hermana?', answer: 'En Rosario.' });
    await storeAnswer(cache, { question: 'Do I like coffee?', answer: 'Yes, black.' });
    const you = 'What did you decide about the deployment?';
    expect(cosine(await embedder.embed('What did I decide about the deployment?'), await embedder.embed(you))).toBeGreaterThan(0.85);
    expect(await ask(cache, you)).toBeNull();
    expect(await ask(cache, '¿Dónde trabaja tu hermana?')).toBeNull();
    expect(await ask(cache, "Don't I like coffee?")).toBeNull();
    expect((await ask(cache, 'About the deployment, what did I decide?'))?.source).toBe('dedup');
  });

  it('does not merge questions that name different things, however similar their words', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'What is my address in Australia?', answer: '12 Ocean Rd, Perth.' });
    const austria = 'What is my address in Austria?';
    expect(cosine(await embedder.embed('What is my address in Australia?'), await embedder.embed(austria))).toBeGreaterThan(0.9);
    expect(await ask(cache, austria)).toBeNull();
    expect(await ask(cache, 'what is my address in austria?')).toBeNull();
    expect(await ask(cache, "What's my address in Australia?")).toMatchObject({ source: 'dedup', response: '12 Ocean Rd, Perth.' });
  });

  it('does not answer a long question with the answer to one that swaps its key word', async () => {
    const cache = newCache();
    const benefits = 'What are the health benefits of the green tea I drink every morning before breakfast?';
    const risks = 'What are the health risks of the green tea I drink every morning before breakfast?';
    await storeAnswer(cache, { question: benefits, answer: 'Antioxidants and a calm focus.' });
    expect(cosine(await embedder.embed(benefits), await embedder.embed(risks))).toBeGreaterThan(0.85);
    expect(await ask(cache, risks)).toBeNull();
    expect(await ask(cache, 'Every morning before breakfast, what are the health benefits of the green tea I drink?')).toMatchObject({ source: 'dedup' });
    await storeAnswer(cache, { question: risks, answer: 'Caffeine on an empty stomach.' });
    expect(await ask(cache, benefits)).toMatchObject({ source: 'cache', response: 'Antioxidants and a calm focus.' });
  });

  it('answers neither a question that adds a qualifier nor one it adds to, however similar their words', async () => {
    const pairs: Array<[string, string]> = [
      ['Which branch did I delete in git?', 'Which branch did I delete in git remotely?'],
      ['Which user did I add in Linux?', 'Which user did I add to a group in Linux?'],
      ['When did I reset my password?', 'When did I reset my router password?'],
      ['Do I like my eggs boiled?', 'Do I like my eggs boiled soft?'],
      ['Did I install Node on Ubuntu?', 'Did I install Node on Ubuntu with nvm?'],
      ['Do I eat a banana at breakfast?', 'Do I eat two bananas at breakfast?'],
      ['Did I undo the last commit?', 'Did I undo the last two commits?'],
      ['How many ounces in a pound do I use?', 'How many pounds in an ounce do I use?'],
      ['¿Cuántas onzas hay en mi libra?', '¿Cuántas libras hay en mi onza?'],
      ['What is my 10 celsius in fahrenheit?', 'What is my 10 fahrenheit in celsius?'],
      ['Is my share 10 % of 50?', 'Is my share 10 / 50?'],
    ];
    for (const [stored, asked] of pairs) {
      expect(cosine(await embedder.embed(stored), await embedder.embed(asked)), asked).toBeGreaterThan(0.85);
      for (const [first, second] of [[stored, asked], [asked, stored]] as const) {
        database.sqlite.exec('delete from response_cache');
        const cache = newCache();
        expect(await storeAnswer(cache, { question: first, answer: 'The answer to the first.' }), first).toMatchObject({ stored: true });
        expect(await ask(cache, second), `${first} → ${second}`).toBeNull();
      }
    }
    const cache = newCache();
    await storeAnswer(cache, { question: 'Do I eat a banana at breakfast?', answer: 'Yes, with oats.' });
    expect(await ask(cache, 'Do I eat one banana at breakfast?')).toMatchObject({ source: 'dedup', response: 'Yes, with oats.' });
  });

  it('never answers a question with the answer to one that differs in an operator', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Is my lucky number 3 + 5?', answer: 'Yes, 8.' });
    await storeAnswer(cache, { question: 'Is my bet 5 > 3?', answer: 'Yes.' });
    for (const other of ['Is my lucky number 3 * 5?', 'Is my lucky number 3 - 5?', 'Is my lucky number 3 / 5?', 'Is my bet -5 > 3?', 'Is my bet 5 < 3?', 'Is my bet 5 >= 3?']) {
      expect(await ask(cache, other), other).toBeNull();
    }
    expect(await ask(cache, 'is my lucky number 3 + 5')).toMatchObject({ source: 'cache', response: 'Yes, 8.' });
  });

  it('honours the configured threshold', async () => {
    const strict = new ResponseCache({ db: database.db, clock, embedder, dedupThreshold: 0.9999 });
    await storeAnswer(strict, { question: 'Where do I work?', answer: 'At Acme.' });
    const rephrased = 'So where do I work at?';
    const similarity = cosine(await embedder.embed('Where do I work?'), await embedder.embed(rephrased));
    expect(similarity).toBeGreaterThan(0.85);
    expect(similarity).toBeLessThan(0.9999);
    expect(await ask(strict, rephrased)).toBeNull();
    expect((await ask(newCache(), rephrased))?.source).toBe('dedup');
  });

  it('finds answers stored before a restart (the index is loaded from the table)', async () => {
    await storeAnswer(newCache(), { question: 'Which editor do I use for work?', answer: 'Neovim.' });
    const restarted = newCache();
    expect(restarted.indexedQuestions).toBe(1);
    expect((await ask(restarted, 'For work, which editor do I use?'))?.source).toBe('dedup');
  });

  it('compares a message with the newest cached questions only, and still answers older exact repeats', async () => {
    const cache = new ResponseCache({ db: database.db, clock, embedder, dedupThreshold: 0.85, maxDedupQuestions: 2 });
    await storeAnswer(cache, { question: 'Which editor do I use for work?', answer: 'Neovim.' });
    clock.advance(1000);
    await storeAnswer(cache, { question: 'Where does my sister live?', answer: 'In Rosario.' });
    clock.advance(1000);
    await storeAnswer(cache, { question: 'What did I decide about the deployment?', answer: 'Kubernetes.' });
    expect(cache.indexedQuestions).toBe(2);
    expect(await ask(cache, 'For work, which editor do I use?')).toBeNull();
    expect((await ask(cache, 'Which editor do I use for work?'))?.source).toBe('cache');
    expect((await ask(cache, 'About the deployment, what did I decide?'))?.source).toBe('dedup');
    const restarted = new ResponseCache({ db: database.db, clock, embedder, dedupThreshold: 0.85, maxDedupQuestions: 2 });
    expect((await ask(restarted, 'About the deployment, what did I decide?'))?.source).toBe('dedup');
    expect(await ask(restarted, 'For work, which editor do I use?')).toBeNull();
  });

  it('never compares vectors of another embedder', async () => {
    await storeAnswer(newCache(), { question: 'Which editor do I use for work?', answer: 'Neovim.' });
    const other = createHashingEmbedder({ dims: 512 });
    const renamed = { ...other, id: 'other-embedder-512' };
    const cache = new ResponseCache({ db: database.db, clock, embedder: renamed, dedupThreshold: 0.85 });
    expect(cache.indexedQuestions).toBe(0);
    expect(cache.lookup('For work, which editor do I use?', await renamed.embed('For work, which editor do I use?'))).toBeNull();
    expect(cache.lookup('Which editor do I use for work?', null)?.source).toBe('cache');
  });
});

describe('response cache inside transactions', () => {
  it('never answers with a store that was rolled back', async () => {
    const cache = newCache();
    const prepared = await cache.prepare({ sessionId: 's1', question: 'Which editor do I use for work?', answer: 'Neovim.' });
    expect(() =>
      database.sqlite.transaction(() => {
        cache.store(prepared);
        throw new Error('the request failed after the store');
      })(),
    ).toThrow('the request failed');
    expect(await ask(cache, 'For work, which editor do I use?')).toBeNull();
    expect(await ask(cache, 'Which editor do I use for work?')).toBeNull();
  });

  it('keeps answering exactly after an invalidation that was rolled back', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Where do I work?', answer: 'At Acme.' });
    expect(() =>
      database.sqlite.transaction(() => {
        cache.invalidateAll();
        throw new Error('the fact change failed');
      })(),
    ).toThrow('the fact change failed');
    expect((await ask(cache, 'Where do I work?'))?.response).toBe('At Acme.');
  });

  it('with the transaction scope, indexes a store only after the commit', async () => {
    const cache = newCache();
    const prepared = await cache.prepare({ sessionId: 's1', question: 'Which editor do I use for work?', answer: 'Neovim.' });
    const sizes = runInTransaction(database, (scope) => {
      cache.store(prepared, scope);
      return cache.indexedQuestions;
    });
    expect(sizes).toBe(0);
    expect(cache.indexedQuestions).toBe(1);
    expect(runInTransaction(database, () => { throw new RollbackWith('dry run'); })).toBe('dry run');
    expect((await ask(cache, 'For work, which editor do I use?'))?.source).toBe('dedup');
  });

  it('with the transaction scope, a rolled-back invalidation leaves dedup answering', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Which editor do I use for work?', answer: 'Neovim.' });
    const outcome = runInTransaction(database, (scope) => {
      throw new RollbackWith(cache.invalidateAll(scope));
    });
    expect(outcome).toBe(1);
    expect((await ask(cache, 'For work, which editor do I use?'))?.source).toBe('dedup');
    runInTransaction(database, (scope) => cache.invalidateAll(scope));
    expect(cache.indexedQuestions).toBe(0);
    expect(await ask(cache, 'For work, which editor do I use?')).toBeNull();
  });

  it('rejects a vector of the wrong size', async () => {
    const cache = newCache();
    expect(() => cache.lookup('Where do I work?', new Float32Array(3))).toThrow(/dimension/);
  });

  it('expires rows deleted elsewhere (the cleanup job) without answering from the index', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Which editor do I use for work?', answer: 'Neovim.' });
    clock.advance(2 * HOUR_MS);
    database.sqlite.exec('delete from response_cache');
    expect(await ask(cache, 'For work, which editor do I use?')).toBeNull();
    expect(cache.indexedQuestions).toBe(0);
  });
});

describe('response cache: rolled-back transactions', () => {
  it('a fact change and a rephrasing in a transaction that rolls back leave the dedup index whole', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'Which editor do I use for Rust code?', answer: 'Helix.' });
    const rephrasing = 'What editor do I use for my Rust code?';
    const vector = await embedder.embed(rephrasing);
    expect(cache.lookup(rephrasing, vector)?.source).toBe('dedup');
    const value = runInTransaction(database, (scope) => {
      cache.invalidateAll(scope);
      // The row is gone inside the transaction: the rephrasing finds none.
      expect(cache.consult(rephrasing, vector, null, scope).answer).toBeNull();
      throw new RollbackWith('dry run');
    });
    expect(value).toBe('dry run');
    expect(cache.indexedQuestions).toBe(1);
    expect(cache.lookup(rephrasing, vector)?.source).toBe('dedup');
  });

  it('a store that rolls back keeps its question asked: the retry is stored', async () => {
    const cache = newCache();
    cache.invalidateAll();
    // Asked after that fact change…
    const question = 'Which editor do I use for Rust code?';
    cache.consult(question, await embedder.embed(question), null);
    const input = await cache.prepare({ sessionId: 's1', question, answer: 'Helix.' });
    runInTransaction(database, (scope) => {
      expect(cache.store(input, scope)).toMatchObject({ stored: true });
      throw new RollbackWith(null);
    });
    // …so its answer, offered again after the rollback, is not taken for one asked before it.
    expect(cache.store(input)).toMatchObject({ stored: true });
  });
});

describe('response cache: rolled-back stores without a scope', () => {
  it('judges a candidate by its row\'s question, not by the one a rolled-back store left in the index', async () => {
    const cache = newCache();
    await storeAnswer(cache, { question: 'What did I decide about Acme and Initech?', answer: 'Acme first.' });
    // Under the same key (the same words), but naming nothing: it would share an answer with the message.
    const unnamed = await cache.prepare({ sessionId: 's1', question: 'what did i decide about acme and initech', answer: 'Either.' });
    runInTransaction(database, () => {
      expect(cache.store(unnamed)).toMatchObject({ stored: true });
      throw new RollbackWith(null);
    });
    expect(await ask(cache, 'What did I decide about initech and acme?')).toBeNull();
  });
});

describe('response cache: questions forgotten to bound the memory', () => {
  it('refuses the answer to a question forgotten before later ones when a fact changed after it was asked', () => {
    const cache = newCache();
    cache.consult('Where do I work?', null, null);
    cache.invalidateAll();
    // Enough later questions to forget the first one, then some asked after the fact change too.
    for (let at = 0; at <= MAX_ASKED_QUESTIONS + 1; at++) cache.consult(`Where is my locker ${at}?`, null, null);
    expect(cache.store({ sessionId: 's1', question: 'Where do I work?', answer: 'At Acme.' })).toEqual({ stored: false, reason: 'facts-changed' });
    expect(cache.store({ sessionId: 's1', question: `Where is my locker ${MAX_ASKED_QUESTIONS}?`, answer: 'On the gym floor.' })).toMatchObject({ stored: true });
  });
});

describe('response cache: more than one answer to a question', () => {
  const question = 'How many grams of coffee do I use per cup?';
  const turn = (id: string, at = clock.now()) => ({ id, at });

  it('replaces the first answer with a second one to the same turn, after a fact change before the question', () => {
    const cache = newCache();
    cache.invalidateAll();
    clock.advance(1000);
    cache.consult(question, null, null);
    expect(cache.store({ sessionId: 's1', question, answer: 'About 28 grams.', questionTurn: turn('s1#1') })).toMatchObject({ stored: true });
    expect(cache.store({ sessionId: 's1', question, answer: 'Correction: 28.35 grams.', questionTurn: turn('s1#1') })).toMatchObject({ stored: true });
    expect(cache.lookup(question, null)?.response).toBe('Correction: 28.35 grams.');
  });

  it('judges a later answer to a turn by when that turn asked, not by a later asking in another session', () => {
    const cache = newCache();
    clock.advance(1000);
    cache.consult(question, null, null);
    expect(cache.store({ sessionId: 's1', question, answer: 'About 28 grams.', questionTurn: turn('s1#1') })).toMatchObject({ stored: true });
    cache.invalidateAll();
    expect(cache.store({ sessionId: 's1', question, answer: 'Correction: 28.35 grams.', questionTurn: turn('s1#1') })).toEqual({ stored: false, reason: 'facts-changed' });
    cache.consult(question, null, null);
    expect(cache.store({ sessionId: 's1', question, answer: '28.3 grams.', questionTurn: turn('s1#1') })).toEqual({ stored: false, reason: 'facts-changed' });
    expect(cache.store({ sessionId: 's2', question, answer: '28.35 grams.', questionTurn: turn('s2#1') })).toMatchObject({ stored: true });
    expect(cache.lookup(question, null)?.response).toBe('28.35 grams.');
  });

  it('stores the answers of two sessions that asked after the same fact change', () => {
    const cache = newCache();
    cache.invalidateAll();
    clock.advance(1000);
    cache.consult(question, null, null);
    cache.consult(question, null, null);
    expect(cache.store({ sessionId: 's1', question, answer: 'About 28 grams.', questionTurn: turn('s1#1') })).toMatchObject({ stored: true });
    expect(cache.store({ sessionId: 's2', question, answer: '28.35 grams.', questionTurn: turn('s2#1') })).toMatchObject({ stored: true });
  });

  it('refuses the answer to a turn older than the cache that it does not hold, whatever the facts did; one after its start counts from it', () => {
    const startedAt = clock.now();
    const cache = newCache();
    expect(cache.store({ sessionId: 's1', question, answer: '28.35 grams.', questionTurn: turn('s1#1', startedAt - 1000) })).toEqual({ stored: false, reason: 'asked-before-start' });
    expect(cache.store({ sessionId: 's1', question, answer: '28.35 grams.', questionTurn: turn('s1#1', startedAt - 1000) })).toEqual({ stored: false, reason: 'asked-before-start' });
    clock.advance(1000);
    expect(cache.store({ sessionId: 's2', question, answer: '28.35 grams.', questionTurn: turn('s2#1') })).toMatchObject({ stored: true });
    // The policy's refusal comes first: it says more.
    expect(cache.store({ sessionId: 's1', question: 'What time is it now?', answer: '9:00.', questionTurn: turn('s1#3', startedAt - 1000) })).toEqual({ stored: false, reason: 'time-dependent' });
  });
});
