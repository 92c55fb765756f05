import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, ManualClock } from '../../src/clock.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// What the response cache serves through the daemon's API when facts change between
// questions, and which questions it never serves to another session.
const defer = cleanupAfterEach();

async function started(clock = new ManualClock(Date.UTC(2026, 10, 22, 9))): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ clock });
  defer(() => daemon.stop());
  return daemon;
}

async function probe(daemon: TestDaemon, question: string): Promise<string | null> {
  return (await conversation(daemon.client, 'probe').say(question, { dryRun: true })).cached?.response ?? null;
}

describe('response cache and fact changes', () => {
  it('drops an answer resting on a fact\'s absence when a conversation adds that fact', async () => {
    const daemon = await started();
    const chat = conversation(daemon.client, 'ask');
    await chat.say('Remember that I work at Acme.');
    await chat.say('Which editor do I use?');
    expect((await daemon.client.recordTurn('ask', { role: 'assistant', content: 'I do not know which editor you use.', cacheable: true })).cache).toEqual({ stored: true });
    expect(await probe(daemon, 'Which editor do I use?')).toBe('I do not know which editor you use.');
    const told = await chat.say('Remember that I use Neovim at work.');
    expect(told.facts.added.map((fact) => fact.domain)).toEqual(['work']);
    expect(await probe(daemon, 'Which editor do I use?')).toBeNull();
  });

  it('drops an answer when a stale fact is confirmed again through PATCH /v1/facts', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const daemon = await started(clock);
    const { fact } = await daemon.client.addFact({ fact: 'I work at Acme', domain: 'work' });
    clock.advance(181 * DAY_MS);
    const chat = conversation(daemon.client, 'ask');
    await chat.say('Where do I work?');
    await daemon.client.recordTurn('ask', { role: 'assistant', content: 'You have not told me where you work.', cacheable: true });
    expect(await probe(daemon, 'Where do I work?')).toBe('You have not told me where you work.');
    expect((await daemon.client.updateFact(fact.id, { confirm: true })).fact).toMatchObject({ status: 'active', injectable: true });
    expect(await probe(daemon, 'Where do I work?')).toBeNull();
  });

  it('keeps an imported answer 24 h from when it was given (`at`), not from when it was recorded', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const daemon = await started(clock);
    const at = (hoursAgo: number) => new Date(clock.now() - hoursAgo * HOUR_MS).toISOString();
    const old = conversation(daemon.client, 'imported-old');
    await old.say('Where did I stay in Australia?', { at: at(30) });
    const late = await daemon.client.recordTurn('imported-old', { role: 'assistant', content: 'Canberra.', cacheable: true, at: at(30) });
    expect(late.cache).toEqual({ stored: false, reason: 'expired' });
    expect(await probe(daemon, 'Where did I stay in Australia?')).toBeNull();
    const recent = conversation(daemon.client, 'imported-recent');
    await recent.say('Where did I stay in Canada?', { at: at(20) });
    expect((await daemon.client.recordTurn('imported-recent', { role: 'assistant', content: 'Ottawa.', cacheable: true, at: at(20) })).cache).toEqual({ stored: true });
    expect(await probe(daemon, 'Where did I stay in Canada?')).toBe('Ottawa.');
    clock.advance(5 * HOUR_MS);
    expect(await probe(daemon, 'Where did I stay in Canada?')).toBeNull();
  });

  it('does not cache an answer to a question asked before a fact changed', async () => {
    const daemon = await started();
    await conversation(daemon.client, 'ask').say('Where do I work?');
    await daemon.client.addFact({ fact: 'I work at Acme', domain: 'work' });
    const reply = await daemon.client.recordTurn('ask', { role: 'assistant', content: 'You have not told me where you work.', cacheable: true });
    expect(reply.cache).toEqual({ stored: false, reason: 'facts-changed' });
    expect(await probe(daemon, 'Where do I work?')).toBeNull();
  });

  it('never caches a question about its own conversation, so no other session gets its answer', async () => {
    const daemon = await started();
    for (const question of ['What does this function return?', 'Which option did we pick?', '¿Qué decidimos sobre eso?']) {
      await conversation(daemon.client, 'code').say(question);
      const reply = await daemon.client.recordTurn('code', { role: 'assistant', content: 'The first one.', cacheable: true });
      expect(reply.cache, question).toEqual({ stored: false, reason: 'conversation-bound' });
      expect(await probe(daemon, question), question).toBeNull();
    }
  });

  it('never serves another session the answer to a question about the conversation, or one leaning on it', async () => {
    const daemon = await started();
    const questions = [
      'What did I just say?', 'What was my last question?', 'What were we talking about?', 'Can you summarize our conversation so far?',
      'What was the first thing I asked you?', 'Which one is cheaper?', '¿Qué te acabo de decir?', '¿De qué estábamos hablando?', '¿cuál es más barato?',
    ];
    for (const question of questions) {
      const session = `chat-${questions.indexOf(question)}`;
      await conversation(daemon.client, session).say(question);
      const reply = await daemon.client.recordTurn(session, { role: 'assistant', content: 'You asked about the Lisbon flights.', outputValid: true, cacheable: true });
      expect(reply.cache, question).toEqual({ stored: false, reason: 'conversation-bound' });
      expect(await probe(daemon, question), question).toBeNull();
    }
  });
});
