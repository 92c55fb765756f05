import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/clock.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';

const defer = cleanupAfterEach();

describe('an imported conversation (turns sent with `at`)', () => {
  it('reads "yesterday" from the message\'s own time, not from the day it is imported', async () => {
    // The daemon's clock is in 2026; the conversation happened in March 2024.
    const daemon = await startTestDaemon({ embedder: topicEmbedder() });
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'imported');
    let at = Date.UTC(2024, 2, 10, 9);
    const iso = (): string => new Date(at).toISOString();
    await chat.say('[topic:20] We decided to deploy with Kubernetes instead of docker-compose for the billing service.', { at: iso() });
    await chat.reply('[topic:20] Agreed: Kubernetes for billing, with Helm charts.', { at: iso() });
    await chat.say("Let's change the subject.", { at: iso() });
    at += DAY_MS;
    for (let i = 0; i < 30; i += 1) {
      at += 6 * MINUTE_MS;
      await chat.say(`[topic:${30 + i}] holiday idea ${i}: a cabin by lake ${i}`, { at: iso() });
      await chat.reply(`[topic:${60 + i}] cabin ${i} sounds lovely`, { at: iso() });
    }
    at += HOUR_MS;
    expect(promptText(await chat.say('[topic:99] any more cabin ideas?', { dryRun: true, at: iso() }))).not.toContain('Kubernetes');
    const asked = await chat.say('What did we decide yesterday about the billing deployment?', { dryRun: true, at: iso() });
    expect(promptText(asked)).toContain('Kubernetes');
  });
});

describe('an imported session', () => {
  it('was created when its first turn was said, not when it was imported', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'imported-start');
    const said = '2024-03-10T09:00:00.000Z';
    await chat.say('We are planning the billing migration.', { at: said });
    const view = await chat.view();
    expect(view.createdAt).toBe(said);
    // A session started now is created now.
    const live = conversation(daemon.client, 'started-now');
    await live.say('Hello there.');
    expect((await live.view()).createdAt).toBe(new Date(daemon.clock.now()).toISOString());
  });
});
