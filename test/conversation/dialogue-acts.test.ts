import { describe, expect, it } from 'vitest';
import { asksOrRequests, asksQuestion } from '../../src/conversation/dialogue-acts.js';
import { detectTopicShift } from '../../src/conversation/topic-shift.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { cosine } from '../../src/embeddings/vector.js';

describe('asksQuestion', () => {
  it.each([
    // A "?" in a link or in code asks nothing.
    ['Set max to 20, see https://node-postgres.com/apis/pool?tab=config for the rest.'],
    ['Use `const max = cfg.pool?.max ?? 20;` in your config.'],
    ['```js\nconst max = cfg.pool?.max ?? 20;\n```\nThat keeps the default.'],
    ['The docs are at node-postgres.com/apis/pool?tab=config, section Pool.'],
    // A wh-word opening a statement.
    ['Set max to 20 connections. When the pool is exhausted, new requests wait in a queue.'],
    ['What you need is a bigger pool.'],
    ['How it works is simple: one client per request.'],
    ['Where possible, reuse the pool.'],
    ['What happens next is up to the driver.'],
    ['Cuando el pool se agota, las peticiones esperan en cola.'],
    ['Como te dije, usa max 20.'],
    ['Que tengas buen viaje.'],
    ['Puedes usar pg.Pool con max 20.'],
  ])('a statement: %j', (text) => {
    expect(asksQuestion(text)).toBe(false);
  });

  it.each([
    ['Have you seen https://example.com?'],
    ['Check `pool.max` first. Is it 20?'],
    ['Set it to 20 (is that enough?)'],
    ['what do you do'],
    ['I like it. how about you'],
    ['When is the deploy'],
    ['How many connections should the pool have'],
    ['Which database do you use.'],
    ['Where in the config do I set max'],
    ['what time is it'],
    ['¿Cuándo se agota el pool?'],
    ['Cuándo se agota el pool'],
    ['Por qué falla el pool'],
    ['que opinas'],
    ['como lo hago'],
    ['puedes ayudarme con esto'],
  ])('a question: %j', (text) => {
    expect(asksQuestion(text)).toBe(true);
  });

  it('reads accents typed as combining marks', () => {
    expect(asksQuestion('Cua\u0301ndo se agota el pool.')).toBe(true);
    expect(asksQuestion('Cuando se agota el pool.')).toBe(false);
  });

  it('lets a user turn opening with a question word open a thread, and code make no request', () => {
    expect(asksOrRequests('Write me a poem about cats')).toBe(true);
    expect(asksOrRequests('where my phone')).toBe(true);
    expect(asksQuestion('where my phone')).toBe(false);
    expect(asksOrRequests('The deploy finished.')).toBe(false);
    expect(asksOrRequests('My schema:\n```sql\ncreate table users (id int);\n```')).toBe(false);
  });
});

describe('the similarity rule after a statement opening with a wh-word', () => {
  const embedder = createHashingEmbedder();
  const question = 'How many connections should the postgres pool of my node api have?';
  const next = 'Can you recommend a good sci-fi novel for my flight to Tokyo?';

  it.each([
    ['Set max to 20 connections. When the pool is exhausted, new requests wait in a queue.'],
    ['Set max to 20 connections, see https://node-postgres.com/apis/pool?tab=config for the rest.'],
    ['Use `const max = cfg.pool?.max ?? 20;` and keep the default.'],
    ['Pon max en 20. Cuando el pool se agota, las peticiones esperan en cola.'],
  ])('a dissimilar question after %j is a topic shift', async (answer) => {
    const similarity = cosine(await embedder.embed(question), await embedder.embed(next));
    const decision = detectTopicShift({ text: next, similarity, previousTurnText: answer, previousDomain: null, currentDomain: null, explicit: null });
    expect(decision.reasons).toEqual(['similarity']);
  });
});
