import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, ManualClock, MINUTE_MS } from '../../src/clock.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// A dormant fact a question brings back is active for the very next context call, is
// reported in facts.reconfirmed, and drops every cached answer: not 5 minutes later, when
// the batch of re-confirmations is written.
const START = Date.UTC(2026, 10, 22, 9);
// A plain preference (medium confidence): "from now on…" is high since 2026-11-27, never dormant.
const SPANISH = 'I prefer answers in Spanish';

let daemon: TestDaemon;
let clock: ManualClock;
beforeEach(async () => {
  // The flush timer is fake and never advanced: nothing here waits for the batch.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  clock = new ManualClock(START);
  daemon = await startTestDaemon({ clock });
});
afterEach(async () => {
  await daemon.stop();
  vi.useRealTimers();
});

async function probe(question: string): Promise<string | null> {
  return (await conversation(daemon.client, 'probe').say(question, { dryRun: true })).cached?.response ?? null;
}

describe('a dormant fact a question brings back', () => {
  it('is active at once, reported, in the next session\'s prompt, and drops cached answers', async () => {
    const [spanish] = (await conversation(daemon.client, 'tells').say(`${SPANISH}.`)).facts.added;
    expect(spanish?.fact).toBe(SPANISH);
    clock.set(START + 91 * DAY_MS);
    expect((await daemon.client.getFact(spanish?.id ?? '')).fact.status).toBe('dormant');
    // An answer given while the instruction was dormant (so in English) is cached.
    await conversation(daemon.client, 'before').say('Which city is my office in?');
    await daemon.client.recordTurn('before', { role: 'assistant', content: 'Your office is in Lisbon.', cacheable: true });
    expect(await probe('Which city is my office in?')).toBe('Your office is in Lisbon.');

    clock.advance(MINUTE_MS);
    const asked = await conversation(daemon.client, 'asks').say('In which language did I ask you to answer?');
    expect(promptText(asked)).toContain(SPANISH);
    expect(asked.facts.reconfirmed.map((fact) => fact.id)).toEqual([spanish?.id]);
    expect((await daemon.client.getFact(spanish?.id ?? '')).fact).toMatchObject({ status: 'active', injectable: true });

    expect(await probe('Which city is my office in?')).toBeNull();
    expect(promptText(await conversation(daemon.client, 'next').say('Which city is my office in?'))).toContain(SPANISH);
  });

  it('an active fact asked about is still left to the batch', async () => {
    await daemon.client.addFact({ fact: 'My editor is Vim', domain: 'preferences', confidence: 'medium' });
    clock.advance(DAY_MS);
    const response = await conversation(daemon.client, 'asks').say('Which editor do I use?');
    expect(promptText(response)).toContain('My editor is Vim');
    expect(response.facts.reconfirmed).toEqual([]);
  });
});
