import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

describe('an answer stemmed while the user reads it', () => {
  it('is ready when the next context call checks the recent turns for mentions of facts', async () => {
    const started = await startTestDaemon();
    defer(() => started.stop());
    const facts = started.daemon.services.facts;
    const chat = conversation(started.client, 'stems');
    await chat.say('Remember that my garden has raised beds.');
    await chat.say('Which vegetables grow well in raised beds?');

    const beforeReply = facts.stemSetsBuilt;
    await chat.reply('Lettuce, radishes and carrots do well in raised beds; your beds drain fast.');
    // Recording the answer stems it (the user's messages were stemmed by their own calls).
    expect(facts.stemSetsBuilt - beforeReply).toBe(1);

    const beforeCall = facts.stemSetsBuilt;
    await chat.say('How often should I water them?');
    // The call stems its own message only: the answer and the earlier messages, its recent
    // turns, were ready.
    expect(facts.stemSetsBuilt - beforeCall).toBe(1);
  });
});
