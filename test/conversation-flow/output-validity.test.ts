import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

let daemon: TestDaemon;

beforeAll(async () => {
  daemon = await startTestDaemon();
});
afterAll(async () => {
  await daemon.stop();
});

const hasFormat = (response: ContextResponse): boolean => (response.layout.sections.find((section) => section.id === 'format')?.final ?? 0) > 0;

describe('format instructions after an answer', () => {
  it('come back after an answer recorded without outputValid: it is not known to be valid', async () => {
    const chat = conversation(daemon.client, 'unknown-validity');
    expect(hasFormat(await chat.say('Hello, can you help me plan a trip?'))).toBe(true);
    await chat.reply('Sure, where to?', { outputValid: true });
    expect(hasFormat(await chat.say('To Lisbon in May.'))).toBe(false);
    await chat.reply('Lisbon in May is lovely.');
    expect(hasFormat(await chat.say('What should I pack?'))).toBe(true);
    await chat.reply('Light clothes and a jacket.', { outputValid: true });
    expect(hasFormat(await chat.say('And shoes?'))).toBe(false);
  });

  it('come back after a tool call recorded without outputValid', async () => {
    const chat = conversation(daemon.client, 'tool-call-validity');
    await chat.say('Find flights to Porto.');
    await chat.reply('Here is the plan.', { outputValid: true });
    await chat.say('Book the cheapest one.');
    await chat.reply('{"name":"book_flight","arguments":{"to":"OPO"}}', { toolCallId: 'b1', toolName: 'book_flight' });
    expect(hasFormat(await chat.say('Did it work?'))).toBe(true);
  });

  it('come back after a parse failure handed to the discardable logs for the session, and only for that session', async () => {
    const chat = conversation(daemon.client, 'parse-failure');
    const other = conversation(daemon.client, 'parse-failure-other');
    for (const each of [chat, other]) {
      await each.say('Summarise my week as JSON.');
      await each.reply('{"week": "busy"}', { outputValid: true });
    }
    const discarded = await daemon.client.json('POST', '/v1/discard', {
      kind: 'parse_failure',
      sessionId: 'parse-failure',
      content: 'Unexpected token } in JSON at position 12',
    });
    expect(discarded).toEqual({ discarded: true, logged: true, errorRecorded: false });
    expect(hasFormat(await chat.say('Try again, please.'))).toBe(true);
    expect(hasFormat(await other.say('Thanks, and next week?'))).toBe(false);
  });

  it('stay out after other discardable records, and a parse failure of an unknown session creates nothing', async () => {
    const chat = conversation(daemon.client, 'tool-log');
    await chat.say('Check the weather.');
    await chat.reply('It is sunny.', { outputValid: true });
    for (const kind of ['tool_log', 'intermediate', 'stack_trace', 'response_tokens', 'other']) {
      await daemon.client.json('POST', '/v1/discard', { kind, sessionId: 'tool-log', content: `a ${kind} record` });
    }
    expect(hasFormat(await chat.say('And tomorrow?'))).toBe(false);
    await daemon.client.json('POST', '/v1/discard', { kind: 'parse_failure', sessionId: 'never-seen', content: 'bad JSON' });
    expect(daemon.daemon.services.recorder.store.findSession('never-seen')).toBeUndefined();
  });
});
