import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import type { Domain } from '../../src/domains/domain.js';
import type { FactConfidence } from '../../src/facts/extraction/index.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { createFactsService } from '../../src/facts/facts-service.js';
import { sequentialIds } from '../../src/ids.js';
import { factsFixture, START, type FactsFixture } from './facts-fixture.js';

let f: FactsFixture;
const ids: Record<string, string> = {};

const FACTS: ReadonlyArray<[string, Domain, FactConfidence]> = [
  ['I work at Acme as a backend engineer', 'work', 'high'],
  ['My manager is Laura', 'work', 'medium'],
  ['The team standup is at 9:30 every morning', 'work', 'medium'],
  ['I prefer tabs over spaces', 'preferences', 'high'],
  ['My editor is Vim', 'preferences', 'medium'],
  ['I live in Lisbon', 'personal', 'medium'],
  ['We decided to use k8s over docker-compose for the deployment', 'decisions', 'high'],
  ['The memoryd project is written in TypeScript', 'projects', 'high'],
];

beforeEach(async () => {
  f = await factsFixture();
  for (const [fact, domain, confidence] of FACTS) ids[fact] = (await f.service.add({ fact, domain, confidence })).fact.id;
});
afterEach(() => f.close());

async function selected(message: string, recentTurns: string[] = []): Promise<string[]> {
  const selection = await f.select(message, recentTurns);
  return selection.items.map((item) => item.fact);
}

describe('selection for a prompt', () => {
  it('filters by the domains the message concerns', async () => {
    expect(await selected('Can you help me write an email to my manager about the standup?')).toEqual([
      'My manager is Laura',
      'The team standup is at 9:30 every morning',
      'I work at Acme as a backend engineer',
    ]);
    expect(await selected('How did the deployment decision end up?')).toEqual(['We decided to use k8s over docker-compose for the deployment']);
  });

  it('brings the decisions to a question about what was decided, whatever domain wins', async () => {
    const decision = 'We decided to use k8s over docker-compose for the deployment';
    // Work wins (sprint, tickets), and the decision shares no word with the question.
    for (const question of [
      'Back to the sprint: what did we decide about the order of tickets?',
      'Volviendo al sprint, ¿qué decidimos sobre los tickets?',
      'Back to the sprint: where did we land on the order of tickets?',
      'What did we end up doing with the sprint tickets?',
      '¿En qué quedó lo de los tickets del sprint?',
      '¿Qué se decidió sobre los tickets del sprint?',
    ]) {
      expect(await selected(question)).toContain(decision);
    }
    expect(await selected('Back to the sprint: how should we order the tickets?')).not.toContain(decision);
  });

  it('without a domain, only facts that are relevant on their own', async () => {
    expect(await selected('hey there, how are you doing')).toEqual([]);
    expect(await selected('What is the weather like in Lisbon?')).toEqual(['I live in Lisbon']);
  });

  it('ranks by similarity first, then confidence, then recency', async () => {
    const selection = await f.select('Which editor should I configure for this repo?');
    expect(selection.items[0]?.fact).toBe('My editor is Vim');

    // Twins: the same words, told apart only by a closing mark that is not a sentence end (the
    // same statement twice, or with a closing . ! …, would be re-confirmed, not added), so
    // they are equally similar to the message.
    const marks = ['', ';', ':', ','];
    const twin = async (confidence: FactConfidence): Promise<string> =>
      (await f.service.add({ fact: `Our sprint demo is on Fridays${marks.shift() ?? ''}`, domain: 'work', confidence })).fact.id;
    const low = await twin('low');
    const high = await twin('high');
    const order = async (): Promise<string[]> =>
      (await f.select('When is the sprint demo at work?')).items.map((item) => item.id).filter((id) => id === low || id === high);
    expect(await order()).toEqual([high, low]);

    const older = await twin('medium');
    f.clock.advance(20 * DAY_MS);
    const newer = await twin('medium');
    const both = (await f.select('When is the sprint demo at work?')).items.map((item) => item.id).filter((id) => id === older || id === newer);
    expect(both).toEqual([newer, older]);
  });

  it('breaks a tie in score by id, whatever order the facts were added in', async () => {
    // Ids that sort against the order of adding: the index holds fact_b before fact_a.
    const named = ['fact_b', 'fact_a'];
    const service = createFactsService({
      database: f.database,
      embedder: f.embedder,
      tokenizer: f.tokenizer,
      clock: f.clock,
      ids: { next: () => named.shift() ?? sequentialIds().next('fact') },
    });
    await service.start();
    for (const mark of ['', ';']) await service.add({ fact: `Our sprint demo is on Fridays${mark}`, domain: 'work', confidence: 'medium' });
    const message = 'When is the sprint demo at work?';
    const selection = service.selectForPrompt({
      message,
      embedding: await f.embedder.embed(message),
      domain: { domain: 'work', scores: { work: 3, preferences: 0, decisions: 0, personal: 0, projects: 0 } },
      recentTurns: [],
      now: f.clock.now(),
    });
    const twins = [...selection.items, ...selection.candidates].filter((item) => item.id === 'fact_a' || item.id === 'fact_b');
    expect(twins).toHaveLength(2);
    expect(twins[0]?.score).toBe(twins[1]?.score);
    expect(twins.map((item) => item.id)).toEqual(['fact_a', 'fact_b']);
  });

  it('never returns stale, superseded, deleted or unconfirmed low-confidence facts', async () => {
    const low = (await f.service.add({ fact: 'Maybe the office moves to Porto', domain: 'work', confidence: 'low' })).fact.id;
    await f.say('Remember that my manager is Carla.');
    f.service.delete(ids['The team standup is at 9:30 every morning'] as string, 'cancelled');
    f.clock.advance(31 * DAY_MS);
    const message = 'Can you help me write an email to my manager about the standup and the office?';
    expect(await selected(message)).toEqual(['My manager is Carla', 'I work at Acme as a backend engineer']);
    expect(f.service.get(low).notInjectableBecause).toBe('low confidence, not confirmed for 31 days (over 30)');

    f.clock.advance(150 * DAY_MS);
    expect(await selected(message)).toEqual([]);
    expect(f.service.get(ids['I work at Acme as a backend engineer'] as string).status).toBe('stale');
  });

  it('leaves out facts mentioned in the last 3 turns, not older ones', async () => {
    const message = 'Can you help me write an email to my manager about the standup?';
    const recent = ['Sure, I will write to Laura, your manager.', 'ok', 'thanks'];
    expect(await selected(message, recent)).not.toContain('My manager is Laura');
    expect(await selected(message, ['Your manager Laura said hi.', 'a', 'b', 'c'])).toContain('My manager is Laura');
    // One shared word is no mention.
    expect(await selected(message, ['Laura called.'])).toContain('My manager is Laura');
  });

  it('a contact detail or a health matter fills no prompt of its domain: it comes only when the message justifies it', async () => {
    for (const fact of ['My address is 221B Baker Street', 'I was diagnosed with diabetes last year', 'I have an eating disorder', 'My favourite author is Ursula K. Le Guin']) {
      await f.service.add({ fact, domain: 'personal', confidence: 'high' });
    }
    const unrelated = await selected('Can you recommend a good book for my holidays, something personal and moving?');
    expect(unrelated).toContain('My favourite author is Ursula K. Le Guin');
    expect(unrelated).not.toContain('My address is 221B Baker Street');
    expect(unrelated).not.toContain('I was diagnosed with diabetes last year');
    expect(unrelated).not.toContain('I have an eating disorder');
    expect(await selected('What is my address again?')).toContain('My address is 221B Baker Street');
    expect(await selected('Is this cake recipe ok with my diabetes?')).toContain('I was diagnosed with diabetes last year');
  });

  it('a question that asked for a fact\'s value did not show it: the next prompts keep the fact', async () => {
    await f.service.add({ fact: 'My favourite board game is Catan', domain: 'preferences', confidence: 'high' });
    const asked = ['What is my favourite board game?', 'Checking.'];
    expect(await selected('Explain the rules of my favourite board game.', asked)).toContain('My favourite board game is Catan');
    // A turn that said the value did show it, and so did a question and the answer that gave it.
    const said = ['My favourite board game is Catan, remember?', 'Yes, Catan.'];
    expect(await selected('Explain the rules of my favourite board game.', said)).not.toContain('My favourite board game is Catan');
    const answered = ['Do you know my favourite board game?', 'Yes: Catan.'];
    expect(await selected('Explain the rules of my favourite board game.', answered)).not.toContain('My favourite board game is Catan');
  });

  it('a standing instruction bears on every message, whatever its domain; an ordinary preference does not', async () => {
    await f.service.add({ fact: 'From now on, answer in Spanish', domain: 'preferences', confidence: 'high' });
    await f.service.add({ fact: 'I prefer concise answers', domain: 'preferences', confidence: 'medium' });
    const work = await selected('Can you help me write an email to my manager about the standup?');
    expect(work).toEqual(expect.arrayContaining(['From now on, answer in Spanish', 'I prefer concise answers', 'My manager is Laura']));
    expect(work).not.toContain('I prefer tabs over spaces');
    expect(await selected('hey there, how are you doing')).toEqual(['From now on, answer in Spanish', 'I prefer concise answers']);
    // Still one of the facts: left out when just said, and subject to decay.
    expect(await selected('hey there', ['From now on, answer in Spanish.', 'ok'])).toEqual(['I prefer concise answers']);
    f.clock.set(START + 91 * DAY_MS);
    expect(await selected('hey there, how are you doing')).toEqual(['From now on, answer in Spanish']);
  });

  it('a Spanish habit stays in its domain; a Spanish instruction bears on every message', async () => {
    await f.say('Siempre tomo mate.');
    await f.say('Nunca uses emojis.');
    const work = await selected('Can you help me write an email to my manager about the standup?');
    expect(work).toContain('Nunca uses emojis');
    expect(work).not.toContain('Siempre tomo mate');
  });

  it('returns a dormant fact only when the message asks about it', async () => {
    f.clock.set(START + 91 * DAY_MS);
    for (const [fact, domain] of FACTS) if (domain !== 'preferences') await f.service.edit(ids[fact] as string, { confirm: true });
    expect(f.service.get(ids['My editor is Vim'] as string).status).toBe('dormant');
    const unrelated = await selected('Which indentation style do you recommend for this repo?');
    expect(unrelated).toContain('I prefer tabs over spaces');
    expect(unrelated).not.toContain('My editor is Vim');
    expect(await selected('Which editor do I use?')).toContain('My editor is Vim');
    const asked = (await f.select('Which editor do I use?')).items.find((item) => item.fact === 'My editor is Vim');
    expect(asked?.asked).toBe(true);
    expect((await f.select('Which editor do I use?')).items.filter((item) => item.fact !== 'My editor is Vim').every((item) => item.asked === false)).toBe(true);
    expect(await selected('Should I install plugins for Vim?')).toContain('My editor is Vim');
  });

  it('a fact too large for the base is skipped, not the end of it: the next ones still fill it', async () => {
    const message = 'Can you help me write an email to my manager about the standup?';
    const before = await f.select(message);
    expect(before.items.length).toBeGreaterThan(0);
    // 164 characters, 191 tokens: CJK text costs a token or more per character.
    const oversized = `My manager wants an email about the standup ${'会議'.repeat(60)}`;
    const { fact: { id } } = await f.service.add({ fact: oversized, domain: 'work', confidence: 'high' });
    const after = await f.select(message);
    expect(f.service.get(id).tokenCount).toBeGreaterThan(150);
    expect(after.candidates[0]?.id).toBe(id);
    // It ranks first: cutting the base at it would leave the base empty.
    expect(after.candidates[0]?.score).toBeGreaterThan(after.items[0]?.score ?? Infinity);
    expect(after.items).toEqual(before.items);
    expect(after.candidates.slice(1)).toEqual(before.candidates);
  });

  it('keeps items within the token budget and passes the next ones as candidates', async () => {
    for (let i = 0; i < 40; i++) await f.service.add({ fact: `Work meeting room ${i} is on floor ${i % 5}`, domain: 'work', confidence: 'medium' });
    const request = {
      message: 'Which meeting room is free for my work meeting?',
      embedding: await f.embedder.embed('Which meeting room is free for my work meeting?'),
      domain: { domain: 'work' as const, scores: { work: 3, preferences: 0, decisions: 0, personal: 0, projects: 0 } },
      recentTurns: [],
      now: f.clock.now(),
    };
    const selection = f.service.selectForPrompt(request);
    const used = selection.items.reduce((sum, item) => sum + item.tokenCount, 0);
    expect(used).toBeLessThanOrEqual(150);
    expect(used + (selection.candidates[0]?.tokenCount ?? 0)).toBeGreaterThan(150);
    expect(selection.candidates).toHaveLength(20);
    const small = f.service.selectForPrompt(request, { tokenBudget: 20, maxCandidates: 3 });
    expect(small.items.reduce((sum, item) => sum + item.tokenCount, 0)).toBeLessThanOrEqual(20);
    expect(small.candidates).toHaveLength(3);
    // The base takes the ranked facts the message justifies in order while they fit, skipping
    // those that do not; facts of the domain alone fill what is left, and are never candidates.
    const ranked = f.service.selectForPrompt(request, { tokenBudget: 0, maxCandidates: 1000 }).candidates;
    const fits: typeof ranked = [];
    const skipped: typeof ranked = [];
    for (const fact of ranked) (fits.reduce((sum, item) => sum + item.tokenCount, 0) + fact.tokenCount <= 20 ? fits : skipped).push(fact);
    expect(small.items.slice(0, fits.length)).toEqual(fits);
    expect(small.candidates).toEqual(skipped.slice(0, 3));
    const ofDomain = small.items.slice(fits.length);
    expect(ofDomain.map((item) => item.fact)).toEqual(['My manager is Laura']);
    expect(ranked.map((item) => item.fact)).not.toContain('My manager is Laura');
    for (const item of selection.items) expect(item.tokenCount).toBe(f.tokenizer.count(`${item.fact}\n`));
    expect(f.service.selectForPrompt(request)).toEqual(selection);
  });
});

describe('embedder changes', () => {
  it('re-embeds facts stored by another embedder at start, and selects with the new vectors', async () => {
    const other = createHashingEmbedder({ dims: 64 });
    const service = createFactsService({ database: f.database, embedder: other, tokenizer: f.tokenizer, clock: f.clock, ids: sequentialIds() });
    expect(await service.start()).toEqual({ reembedded: FACTS.length, rekeyed: 0, indexed: FACTS.length });
    expect(await service.reembedStale()).toBe(0);
    const stored = f.database.sqlite.prepare('select distinct embedder_id as id from facts').all();
    expect(stored).toEqual([{ id: other.id }]);
    const message = 'Which editor should I configure for this repo?';
    const selection = service.selectForPrompt({ message, embedding: await other.embed(message), domain: { domain: 'projects', scores: { work: 0, preferences: 1, decisions: 0, personal: 0, projects: 2 } }, recentTurns: [], now: f.clock.now() });
    expect(selection.items[0]?.fact).toBe('My editor is Vim');
  });
});
