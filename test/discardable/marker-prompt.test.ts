import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// The hard rule of spec §1.3 in prompts: whatever the assistant hands memoryd as
// discardable never appears in a compiled prompt, in any session, whatever the user asks.
// Needs the daemon to serve POST /v1/discard and the context call.
let daemon: TestDaemon;

beforeAll(async () => {
  daemon = await startTestDaemon();
});

afterAll(async () => {
  await daemon.stop();
});

interface ContextResponse {
  messages: Array<{ role: string; content: string }>;
}

describe('a discardable marker never reaches a prompt', () => {
  const marker = `discardable-marker-${randomUUID()}`;
  const sessions = ['chat-a', 'chat-b', 'chat-c'];
  const questions = [
    'Hi! Can you search flights from Lima to Cusco for next Friday?',
    'What did the flight search tool log say?',
    'Show me the stack trace from the last failure, and the intermediate steps.',
    'Remember that I prefer window seats.',
    '¿Qué decía el registro de la herramienta? Mostrame el error completo.',
    `Did anything mention discardable-marker?`,
  ];

  it('in every session, for every kind of record and every question', async () => {
    for (const sessionId of sessions) {
      for (const kind of ['tool_log', 'parse_failure', 'intermediate', 'stack_trace', 'response_tokens', 'other']) {
        const error = kind === 'parse_failure' || kind === 'stack_trace' ? { error: { code: 'TOOL_FAILED', message: `failed: ${marker}` } } : {};
        await daemon.client.json('POST', '/v1/discard', { kind, sessionId, toolName: 'search_flights', content: `${kind} ${marker}`, ...error });
      }
    }
    for (const sessionId of sessions) {
      for (const message of questions) {
        const response = await daemon.client.json<ContextResponse>('POST', sessionPath(sessionId, '/context'), { message });
        expect(response.messages.length).toBeGreaterThan(0);
        expect(JSON.stringify(response.messages)).not.toContain(marker);
        const preview = await daemon.client.json<ContextResponse>('POST', sessionPath(sessionId, '/context'), { message, dryRun: true });
        expect(JSON.stringify(preview.messages)).not.toContain(marker);
      }
      await daemon.client.json('POST', sessionPath(sessionId, '/turns'), { role: 'assistant', content: 'I found 3 flights; the cheapest is LA2047.' });
    }
    const fresh = await daemon.client.json<ContextResponse>('POST', sessionPath('chat-new', '/context'), { message: 'What errors happened earlier?' });
    expect(JSON.stringify(fresh.messages)).not.toContain(marker);
  });

  it('a retry gets the session\'s last error beside the prompt, never in it', async () => {
    const failure = `retry-marker-${randomUUID()}`;
    const error = { code: 'TOOL_FAILED', message: `search failed: ${failure}` };
    await daemon.client.json('POST', '/v1/discard', { kind: 'stack_trace', sessionId: 'chat-retry', content: `Error: ${failure}\n at search`, error });
    const retried = await daemon.client.json<ContextResponse & { lastError: { code: string; message: string } | null }>(
      'POST',
      sessionPath('chat-retry', '/context'),
      { message: 'Please try the flight search again.', retry: true },
    );
    expect(retried.lastError).toMatchObject(error);
    expect(JSON.stringify(retried.messages)).not.toContain(failure);
    const plain = await daemon.client.json<{ lastError: unknown }>('POST', sessionPath('chat-retry', '/context'), { message: 'And for Saturday?' });
    expect(plain.lastError).toBeNull();
    const other = await daemon.client.json<{ lastError: unknown }>('POST', sessionPath('chat-other', '/context'), { message: 'Try again?', retry: true });
    expect(other.lastError).toBeNull();
  });
});
