import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/clock.js';
import type { FactChanges } from '../../src/facts/fact-record.js';
import { RollbackWith, runInTransaction } from '../../src/storage/transaction.js';
import { factsFixture, type FactsFixture, activeFactTexts, factTexts as texts } from './facts-fixture.js';

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const activeFacts = (): string[] => activeFactTexts(f);

describe('facts from user turns', () => {
  it('adds a fact stated explicitly, with domain, confidence, source and provenance', async () => {
    const changes = await f.say('Remember that my editor is Vim.', { session: 'chat-1', turn: 3 });
    expect(changes.added).toHaveLength(1);
    const [fact] = changes.added;
    expect(fact).toMatchObject({
      fact: 'My editor is Vim',
      domain: 'preferences',
      confidence: 'high',
      source: 'explicit',
      status: 'active',
      subject: 'editor',
      provenance: { sessionId: 'chat-1', turns: [3] },
      createdAt: f.clock.now(),
      lastConfirmedAt: f.clock.now(),
      injectable: true,
    });
    expect(fact?.tokenCount).toBe(f.tokenizer.count('My editor is Vim\n'));
    expect(f.service.get(fact?.id ?? '').fact).toBe('My editor is Vim');
    expect(f.factsChanges).toBe(1);
  });

  it('writes nothing from casual talk, questions, hypotheticals or negated requests', async () => {
    for (const text of ['hey, how are you?', 'What is my editor?', 'If I worked at Acme I would be rich.', "Don't remember that my PIN is 1234."]) {
      const changes = await f.say(text);
      expect(changes.added, text).toEqual([]);
    }
    expect(f.service.list({ status: 'all' })).toEqual([]);
  });

  it('never writes from assistant or tool text, even when it states a fact', async () => {
    for (const role of ['assistant', 'tool'] as const) {
      const prepared = await f.service.prepareFromMessage('Remember that my editor is Vim. I work at Acme.', role);
      expect(prepared.facts).toEqual([]);
      const changes = runInTransaction(f.database, (scope) => f.service.applyFromUserTurn(prepared, { sessionId: 's1', turnNumber: 2 }, scope));
      expect(changes).toEqual({ added: [], reconfirmed: [], superseded: [], deleted: [], notForgotten: [] });
    }
    expect(f.service.list({ status: 'all' })).toEqual([]);
  });

  it('gives facts ids derived from session, turn and position: the same request on the same state gives the same ids', async () => {
    const first = await f.say('I work at Acme. My editor is Vim.', { session: 'a', turn: 1 });
    const other = await factsFixture();
    try {
      const again = await other.say('I work at Acme. My editor is Vim.', { session: 'a', turn: 1 });
      expect(again.added.map((fact) => fact.id)).toEqual(first.added.map((fact) => fact.id));
      const elsewhere = await other.say('I live in Lisbon.', { session: 'b', turn: 1 });
      expect(first.added.map((fact) => fact.id)).not.toContain(elsewhere.added[0]?.id);
    } finally {
      other.close();
    }
  });

  it('marks hedged statements as lower confidence', async () => {
    const changes = await f.say('I think I prefer dark mode.');
    expect(changes.added[0]?.confidence).toBe('low');
  });
});

describe('restatement', () => {
  it('re-confirms the fact instead of adding a duplicate', async () => {
    const [vim] = (await f.say('Remember that my editor is Vim.')).added;
    f.clock.advance(40 * 24 * 60 * MINUTE_MS);
    const changes = await f.say('My editor is Vim, remember that.');
    expect(changes.added).toEqual([]);
    expect(changes.reconfirmed.map((fact) => fact.id)).toEqual([vim?.id]);
    expect(f.service.get(vim?.id ?? '').lastConfirmedAt).toBe(f.clock.now());
    expect(activeFacts()).toEqual(['My editor is Vim']);
    // A re-confirmation changes no answer: the response cache is not invalidated.
    expect(f.factsChanges).toBe(1);
  });

  it('raises the confidence of a hedged fact restated plainly, never lowers it', async () => {
    const [tea] = (await f.say('Maybe I prefer tea.')).added;
    expect(tea?.confidence).toBe('low');
    await f.say('Remember that I prefer tea.');
    expect(f.service.get(tea?.id ?? '').confidence).toBe('high');
    await f.say('I think I prefer tea.');
    expect(f.service.get(tea?.id ?? '').confidence).toBe('high');
  });

  it('re-confirms a fact the user mentions again', async () => {
    const [deploy] = (await f.say('I decided to use k8s over docker-compose for the deployment.')).added;
    f.clock.advance(10 * MINUTE_MS);
    const changes = await f.say('The k8s deployment over docker-compose went fine, as I decided to use it.');
    expect(changes.reconfirmed.map((fact) => fact.id)).toContain(deploy?.id);
    expect(f.service.get(deploy?.id ?? '').lastConfirmedAt).toBe(f.clock.now());
    expect((await f.say('Kubernetes is hard.')).reconfirmed).toEqual([]);
  });

  it('a question, a negation or a forget request that mentions a fact does not re-confirm it', async () => {
    await f.say('Remember that my editor is Vim.');
    expect((await f.say('Is Vim still my editor?')).reconfirmed).toEqual([]);
    expect((await f.say("I don't like Vim as an editor anymore.")).reconfirmed).toEqual([]);
    // A forget request that matches too many facts forgets nothing, and confirms nothing either.
    for (const part of ['the billing service', 'the search service', 'the api', 'my blog']) await f.say(`Remember that ${part} uses Vim as editor.`);
    expect(await f.say('Forget about Vim as editor.')).toMatchObject({ deleted: [], reconfirmed: [] });
    expect(texts((await f.say('Vim is a great editor.')).reconfirmed)).toContain('My editor is Vim');
  });

  it('a mention in the past or in a hypothetical does not re-confirm the fact, nor wake it', async () => {
    const [lisbon] = (await f.say('I live in Lisbon.')).added;
    const [acme] = (await f.say('Trabajo en Acme.')).added;
    f.clock.advance(91 * 24 * 60 * MINUTE_MS);
    expect(f.service.get(lisbon?.id ?? '').status).toBe('dormant');
    for (const text of [
      'I used to live in Lisbon, before Porto.',
      'Before, I lived in Lisbon.',
      'If I still live in Lisbon next year, I will buy a flat.',
      'I would live in Lisbon forever.',
      'Imagine I live in Lisbon by the sea.',
      'Antes trabajaba en Acme.',
      'Solía trabajar en Acme.',
      'Si sigo trabajando en Acme el año que viene, me compro un auto.',
    ]) {
      expect((await f.say(text)).reconfirmed, text).toEqual([]);
    }
    expect(f.service.get(lisbon?.id ?? '').status).toBe('dormant');
    // The present still re-confirms; "sí," is "yes", no condition.
    expect(texts((await f.say('Lisbon is where I live.')).reconfirmed)).toEqual(['I live in Lisbon']);
    expect(texts((await f.say('Sí, trabajando en Acme estoy bien.')).reconfirmed)).toEqual(['Trabajo en Acme']);
    expect(f.service.get(acme?.id ?? '').status).toBe('active');
  });

  it('re-confirms queued facts (a question that asked about them) with their queued time, skipping retired and unknown ones', async () => {
    const [vim] = (await f.say('Remember that my editor is Vim.')).added;
    const [acme] = (await f.say('I work at Acme.')).added;
    await f.say('I no longer work at Acme.');
    f.clock.advance(5 * MINUTE_MS);
    const askedAt = f.clock.now();
    f.service.reconfirmLater([vim?.id ?? '', acme?.id ?? '', 'fact_unknown'], askedAt);
    f.clock.advance(5 * MINUTE_MS);
    const views = f.service.flushReconfirmations();
    expect(views.map((view) => [view.id, view.lastConfirmedAt])).toEqual([[vim?.id, askedAt]]);
    expect(f.service.flushReconfirmations()).toEqual([]);
  });
});

describe('contradictions touch only the same subject', () => {
  it('supersedes "my editor is Vim" with "my editor is Helix", leaving other facts alone', async () => {
    const [vim] = (await f.say('Remember that my editor is Vim.')).added;
    const [acme] = (await f.say('I work at Acme.')).added;
    const changes = await f.say('My editor is Helix now.');
    const [helix] = changes.added;
    expect(texts(changes.superseded)).toEqual(['My editor is Vim']);
    expect(f.service.get(vim?.id ?? '')).toMatchObject({ status: 'superseded', supersededBy: helix?.id, injectable: false });
    expect(f.service.get(acme?.id ?? '').status).toBe('active');
    expect(activeFacts()).toEqual(['I work at Acme', 'My editor is Helix']);
    expect(f.service.chain(helix?.id ?? '').map((fact) => fact.fact)).toEqual(['My editor is Vim', 'My editor is Helix']);
  });

  it('a new answer length supersedes the old one: two contradicting standing instructions never stay active', async () => {
    await f.say('I prefer concise answers.');
    const changes = await f.say('I prefer detailed answers.');
    expect(texts(changes.superseded)).toEqual(['I prefer concise answers']);
    expect(changes.reconfirmed).toEqual([]);
    expect(activeFacts()).toEqual(['I prefer detailed answers']);
  });

  it('going back to an earlier choice supersedes the fact that names it only in passing', async () => {
    const steps: Array<[string, string, string]> = [
      ['I prefer tabs over spaces.', 'I prefer spaces.', 'I prefer spaces'],
      ['I switched from Vim to Helix.', 'My editor is Vim.', 'My editor is Vim'],
      ['I live in New York.', 'I moved to York.', 'I live in York'],
    ];
    for (const [first, second, replacement] of steps) {
      const [old] = (await f.say(first)).added;
      const changes = await f.say(second);
      expect(texts(changes.added), second).toEqual([replacement]);
      expect(changes.superseded.map((fact) => fact.id), second).toEqual([old?.id]);
      expect(changes.reconfirmed, second).toEqual([]);
    }
    expect(activeFacts()).toEqual(['I live in York', 'I prefer spaces', 'My editor is Vim']);
    // The same value said again is still a restatement.
    expect(texts((await f.say('I moved to York.')).reconfirmed)).toEqual(['I live in York']);
  });

  it('a similar statement with another day, number or name is news, not a restatement', async () => {
    // Of another subject (the key is the first content words), cosine 0.88 with the hashing embedder.
    const [friday] = (await f.say('Remember that my Friday flight to Rome leaves from Terminal 2 of the airport at noon.')).added;
    const saturday = await f.say('Remember that my Saturday flight to Rome leaves from Terminal 2 of the airport at noon.');
    expect(texts(saturday.added)).toEqual(['My Saturday flight to Rome leaves from Terminal 2 of the airport at noon']);
    expect(f.service.get(friday?.id ?? '').status).toBe('active');
    // Of the same subject (the day comes after the key's words): the new day supersedes the old.
    const [early] = (await f.say('Remember that my flight to Paris leaves from Terminal 1 of the airport at noon on Friday.')).added;
    expect(early?.fact).toBe('My flight to Paris leaves from Terminal 1 of the airport at noon on Friday');
    const later = await f.say('Remember that my flight to Paris leaves from Terminal 1 of the airport at noon on Saturday.');
    expect(texts(later.added)).toEqual(['My flight to Paris leaves from Terminal 1 of the airport at noon on Saturday']);
    expect(later.superseded.map((fact) => fact.id)).toEqual([early?.id]);
    // The same content in another order is still a restatement.
    const reordered = await f.say('Remember that at noon my Friday flight to Rome leaves from Terminal 2 of the airport.');
    expect(reordered.added).toEqual([]);
    expect(reordered.reconfirmed.map((fact) => fact.id)).toContain(friday?.id);
  });

  it('"actually…" corrects the earlier statement', async () => {
    await f.say('I live in Berlin.');
    const changes = await f.say('Actually, I live in Lisbon.');
    expect(texts(changes.added)).toEqual(['I live in Lisbon']);
    expect(texts(changes.superseded)).toEqual(['I live in Berlin']);
  });

  it('"I no longer work at Acme" retires that fact without a replacement', async () => {
    const [acme] = (await f.say('I work at Acme.')).added;
    await f.say('Remember that my editor is Vim.');
    const before = f.factsChanges;
    const changes = await f.say("I don't work at Acme anymore.", { session: 'chat-2', turn: 7 });
    expect(changes.added).toEqual([]);
    // The reason names where the user said it, and shows the normalised reading as such, not as their words.
    expect(f.service.get(acme?.id ?? '')).toMatchObject({
      status: 'superseded',
      supersededBy: null,
      reason: 'retracted by the user (session chat-2, turn 7), read as: I no longer work at Acme',
    });
    expect(activeFacts()).toEqual(['My editor is Vim']);
    expect(f.factsChanges).toBe(before + 1);
  });

  it('a retraction of another value changes nothing', async () => {
    await f.say('I work at Globex.');
    const before = f.factsChanges;
    const changes = await f.say('I no longer work at Acme.');
    expect(changes.superseded).toEqual([]);
    expect(activeFacts()).toEqual(['I work at Globex']);
    expect(f.factsChanges).toBe(before);
  });

  it('a retraction or a forget request names the value the fact has, not a word of its sentence', async () => {
    await f.say('I live in New York.');
    await f.say('I prefer tabs over spaces.');
    expect((await f.say("I don't live in York anymore.")).superseded).toEqual([]);
    expect((await f.say('Forget that I prefer spaces.')).deleted).toEqual([]);
    expect(activeFacts()).toEqual(['I live in New York', 'I prefer tabs over spaces']);
    expect(texts((await f.say("I don't live in New York anymore.")).superseded)).toEqual(['I live in New York']);
    expect(texts((await f.say('Forget that I prefer tabs.')).deleted)).toEqual(['I prefer tabs over spaces']);
  });

  it('handles Spanish: "ya no…", a move, a correction and a restatement', async () => {
    await f.say('Recordá que mi editor es Vim.');
    await f.say('Trabajo en Acme.');
    await f.say('Vivo en Rosario.');
    expect(texts((await f.say('Ya no trabajo en Acme.')).superseded)).toEqual(['Trabajo en Acme']);
    const moved = await f.say('Me mudé a Madrid.');
    expect(texts(moved.added)).toEqual(['Vivo en Madrid']);
    expect(texts(moved.superseded)).toEqual(['Vivo en Rosario']);
    expect(texts((await f.say('En realidad mi editor es Emacs.')).superseded)).toEqual(['Mi editor es Vim']);
    expect((await f.say('Mi editor es Emacs.')).reconfirmed.map((fact) => fact.fact)).toEqual(['Mi editor es Emacs']);
    expect(activeFacts()).toEqual(['Mi editor es Emacs', 'Vivo en Madrid']);
  });

  it('a new value in English supersedes the Spanish statement of the same subject', async () => {
    await f.say('Mi editor es Vim.');
    const changes = await f.say('I switched to Helix.');
    expect(texts(changes.superseded)).toEqual(['Mi editor es Vim']);
  });
});

describe('forget requests', () => {
  it('soft-deletes the fact the request names, with the reason', async () => {
    const [vim] = (await f.say('Remember that my editor is Vim.')).added;
    await f.say('I work at Acme.');
    const changes = await f.say('Forget that my editor is Vim.', { turn: 9 });
    expect(texts(changes.deleted)).toEqual(['My editor is Vim']);
    expect(f.service.get(vim?.id ?? '')).toMatchObject({ status: 'deleted', reason: "forgotten at the user's request (session s1, turn 9)" });
    expect(activeFacts()).toEqual(['I work at Acme']);
  });

  it('understands Spanish and "what I told you about …"', async () => {
    await f.say('Recuerda que mi dirección es Calle Falsa 123.');
    await f.say('I work at Acme.');
    expect(texts((await f.say('Olvidá lo de mi dirección.')).deleted)).toEqual(['Mi dirección es Calle Falsa 123']);
    expect(texts((await f.say('Forget what I told you about Acme.')).deleted)).toEqual(['I work at Acme']);
  });

  it('deletes nothing when the target matches no fact or too many', async () => {
    await f.say('Remember that my editor is Helix.');
    for (const part of ['the billing service', 'the search service', 'the api', 'my blog']) await f.say(`Remember that ${part} uses Rust.`);
    expect((await f.say('Forget that my editor is Vim.')).deleted).toEqual([]);
    expect((await f.say('Forget about Rust.')).deleted).toEqual([]);
    expect(f.service.list()).toHaveLength(5);
  });

  it('a request to forget, then a comma and a statement: forgets the one and stores the other', async () => {
    await f.say('I work at Acme.');
    const english = await f.say('Forget that I work at Acme, I work at Globex now.');
    expect(texts(english.deleted)).toEqual(['I work at Acme']);
    expect(texts(english.added)).toEqual(['I work at Globex']);
    await f.say('Trabajo en Acme.');
    const spanish = await f.say('Olvidá que trabajo en Acme, ahora trabajo en Globex.');
    expect(texts(spanish.deleted)).toEqual(['Trabajo en Acme']);
    expect(texts(spanish.added)).toEqual(['Trabajo en Globex']);
    expect(activeFacts()).toEqual(['Trabajo en Globex']);
  });

  it('"don\'t remember that" in the same message drops what the message stated', async () => {
    const changes = await f.say('My PIN hint is the dog. Don\'t remember that.');
    expect(changes.added).toEqual([]);
    expect(f.service.list({ status: 'all' })).toEqual([]);
  });

  it('a take-back after the statement, in a later sentence or the same one, keeps it out and touches nothing older', async () => {
    await f.say('Remember that my editor is Vim.', { turn: 1 });
    expect((await f.say('I live in Lisbon. Actually no, forget that.', { turn: 3 })).added).toEqual([]);
    expect((await f.say('I work at Acme, scratch that', { turn: 5 })).added).toEqual([]);
    const sameSentence = await f.say('Vivo en Lima, olvidá eso.', { turn: 7 });
    expect(sameSentence).toMatchObject({ added: [], deleted: [] });
    expect(f.service.list({ status: 'all' }).map((fact) => fact.fact)).toEqual(['My editor is Vim']);
  });

  it('"forget that" alone deletes the facts of the latest user turn of this session that added any', async () => {
    await f.say('I work at Acme.', { session: 's1', turn: 1 });
    await f.say('Remember that my editor is Vim.', { session: 's1', turn: 3 });
    await f.say('I live in Lisbon.', { session: 'other', turn: 4 });
    const changes = await f.say('Olvidá eso.', { session: 's1', turn: 5 });
    expect(texts(changes.deleted)).toEqual(['My editor is Vim']);
    // Too long ago: "that" no longer refers to it.
    expect((await f.say('Forget that.', { session: 's1', turn: 20 })).deleted).toEqual([]);
    expect(activeFacts()).toEqual(['I live in Lisbon', 'I work at Acme']);
  });
});

describe('the in-memory index follows commits only', () => {
  it('a rolled-back turn leaves neither rows nor index entries, nor a changed selection', async () => {
    await f.say('Remember that my editor is Vim.');
    const before = await f.select('Which editor should I configure?');
    const prepared = await f.service.prepareFromMessage('My editor is Helix. I work at Acme.');
    expect(() =>
      runInTransaction(f.database, (scope) => {
        f.service.applyFromUserTurn(prepared, { sessionId: 's1', turnNumber: 50 }, scope);
        throw new Error('the compile failed');
      }),
    ).toThrow('the compile failed');
    const dry = runInTransaction<FactChanges>(f.database, (scope) => {
      throw new RollbackWith(f.service.applyFromUserTurn(prepared, { sessionId: 's1', turnNumber: 50 }, scope));
    });
    expect(texts(dry.added)).toEqual(['My editor is Helix', 'I work at Acme']);
    expect(activeFacts()).toEqual(['My editor is Vim']);
    expect(f.service.indexedCount).toBe(1);
    expect(await f.select('Which editor should I configure?')).toEqual(before);
    expect(before.items.map((item) => item.fact)).toEqual(['My editor is Vim']);
  });

  it('a restarted service loads the same live facts and selects the same way', async () => {
    await f.say('Remember that my editor is Vim.');
    await f.say('I work at Acme.');
    await f.say('I no longer work at Acme.');
    const before = await f.select('Which editor should I configure?');
    const restarted = await f.restart();
    expect(restarted.indexedCount).toBe(1);
    expect(await f.select('Which editor should I configure?')).toEqual(before);
  });
});
