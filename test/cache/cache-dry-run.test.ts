import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// A dry run changes nothing, in memory either: not the cache's count of fact changes, nor
// when a question was asked.
const defer = cleanupAfterEach();

async function started(): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ clock: new ManualClock(Date.UTC(2026, 10, 22, 9)) });
  defer(() => daemon.stop());
  return daemon;
}

describe('the response cache and dry runs', () => {
  it('a fact stated in a dry run does not count as a fact change: the answer to an earlier question is stored', async () => {
    const daemon = await started();
    const chat = conversation(daemon.client, 'ask');
    await chat.say('Where do I live?');
    const dry = await conversation(daemon.client, 'other').say('Remember that I live in Porto.', { dryRun: true });
    expect(dry.facts.added.map((fact) => fact.fact)).toEqual(['I live in Porto']);
    expect((await daemon.client.recordTurn('ask', { role: 'assistant', content: 'You have not told me where you live.', cacheable: true })).cache).toEqual({ stored: true });
  });

  it('a question asked in a dry run is not asked: a fact change after it does not refuse the answer to the real asking', async () => {
    const daemon = await started();
    const chat = conversation(daemon.client, 'ask');
    await conversation(daemon.client, 'probe').say('Where do I live?', { dryRun: true });
    await chat.say('Remember that I live in Porto.');
    await chat.say('Where do I live?');
    expect((await daemon.client.recordTurn('ask', { role: 'assistant', content: 'You live in Porto.', cacheable: true })).cache).toEqual({ stored: true });
  });

  it('a question asked in the call that changes a fact is asked after the change', async () => {
    const daemon = await started();
    const chat = conversation(daemon.client, 'ask');
    await chat.say('Remember that I live in Porto. Where do I live?');
    expect((await daemon.client.recordTurn('ask', { role: 'assistant', content: 'You live in Porto.', cacheable: true })).cache).toEqual({ stored: true });
  });
});
