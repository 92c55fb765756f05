import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

async function started(options: Parameters<typeof startTestDaemon>[0] = {}): Promise<TestDaemon> {
  const daemon = await startTestDaemon(options);
  defer(() => daemon.stop());
  return daemon;
}

const weather = { name: 'get_weather', description: 'Get the current weather for a city. Returns temperature, wind and a short forecast for the next hours.' };
const FULL = 'temperature, wind and a short forecast';
const hasFormat = (response: ContextResponse) => (response.layout.sections.find((section) => section.id === 'format')?.final ?? 0) > 0;

// A session that has used get_weather and had a valid output, then was ended with DELETE.
async function endedAfterUse(daemon: TestDaemon, sessionId: string) {
  const chat = conversation(daemon.client, sessionId);
  expect(promptText(await chat.say('Is it raining in Porto?', { tools: [weather] }))).toContain(FULL);
  await chat.reply('{"name":"get_weather","arguments":{"city":"Porto"}}', { toolCallId: 'c1', toolName: 'get_weather', outputValid: true });
  const used = await chat.say('And in Braga?', { tools: [weather], toolResults: [{ toolCallId: 'c1', name: 'get_weather', content: 'Porto: 14 °C, rain' }] });
  expect(promptText(used)).not.toContain(FULL);
  expect(hasFormat(used)).toBe(false);
  await daemon.client.json('DELETE', `/v1/sessions/${sessionId}`);
  return chat;
}

describe('DELETE of a session', () => {
  it('is idempotent: ending an ended session again keeps the time it ended', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 26, 9));
    const daemon = await started({ clock });
    await endedAfterUse(daemon, 'twice');
    const endedAt = (await daemon.client.session('twice')).endedAt;
    expect(endedAt).toBe('2026-11-26T09:00:00.000Z');
    clock.advance(60_000);
    await daemon.client.json('DELETE', '/v1/sessions/twice');
    expect((await daemon.client.session('twice')).endedAt).toBe(endedAt);
    // A turn since reopens it: the next DELETE ends it at its own time.
    await conversation(daemon.client, 'twice').say('One more thing about Porto.');
    await daemon.client.json('DELETE', '/v1/sessions/twice');
    expect((await daemon.client.session('twice')).endedAt).toBe('2026-11-26T09:01:00.000Z');
  });
});

describe('a session id used again after DELETE', () => {
  it('starts over with what the prompt shows: full tool descriptions and format instructions again', async () => {
    const daemon = await started();
    const chat = await endedAfterUse(daemon, 'again');

    const reopened = await chat.say('New day: will it rain in Lisbon?', { tools: [weather] });
    expect(promptText(reopened)).toContain(FULL);
    expect(hasFormat(reopened)).toBe(true);
    // The session carries on: numbering, and the summaries the end wrote.
    expect(reopened.turn.turnNumber).toBe(5);
    const view = await chat.view();
    expect(view.endedAt).toBeNull();
    expect(view.summaries.active.length).toBeGreaterThanOrEqual(1);

    // Used again in the reopened session, the tool is brief again.
    const usedAgain = await chat.say('And in Faro?', { tools: [weather], toolResults: [{ toolCallId: 'c2', name: 'get_weather', content: 'Lisbon: 21 °C, sun' }] });
    expect(promptText(usedAgain)).not.toContain(FULL);
  });

  it('starts over the same way when the first turn after the end is an answer, not a message', async () => {
    const daemon = await started();
    const chat = await endedAfterUse(daemon, 'answer-first');
    await chat.reply('Welcome back.');
    const next = await chat.say('Will it rain in Lisbon?', { tools: [weather] });
    expect(promptText(next)).toContain(FULL);
    expect(hasFormat(next)).toBe(true);
  });

  it('previews a fresh start in a dry run, and the dry run leaves the session ended', async () => {
    const daemon = await started();
    const chat = await endedAfterUse(daemon, 'preview');
    const ended = await chat.view();
    const preview = await chat.say('Will it rain in Lisbon?', { tools: [weather], dryRun: true });
    expect(promptText(preview)).toContain(FULL);
    expect(await chat.view()).toEqual(ended);
  });

  it('keeps its last side effect: an answer cached before it is still not served', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const daemon = await started({ clock });
    const chat = conversation(daemon.client, 'bank');
    await chat.say('What is my account balance?');
    expect((await daemon.client.recordTurn('bank', { role: 'assistant', content: 'Your balance is 900 EUR.', cacheable: true })).cache).toEqual({ stored: true });
    expect((await conversation(daemon.client, 'bank-2').say('What is my account balance?', { dryRun: true })).cached?.source).toBe('cache');
    const transfer = { name: 'transfer', description: 'Moves money between accounts.', sideEffects: true };
    await chat.say('Move 100 EUR to savings.', { tools: [transfer], toolResults: [{ toolCallId: 't1', name: 'transfer', content: 'Transferred 100 EUR to savings.' }] });
    clock.advance(60_000);
    await daemon.client.json('DELETE', '/v1/sessions/bank');
    clock.advance(60_000);
    expect((await chat.say('What is my account balance?')).cached).toBeNull();
  });
});
