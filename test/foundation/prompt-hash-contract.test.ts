import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

// The README tells a client how to check `hash` itself; this is that recipe, written as a
// client would write it from the README, against a real response with a tool call in it.
function clientHash(messages: ReadonlyArray<{ role: string; content: string; name?: string; toolCallId?: string }>): string {
  const f = (v: string | undefined): string => (v === undefined ? '-' : `${v.length}:${v}`);
  const canonical = messages.map((m) => `${[m.role, f(m.name), f(m.toolCallId), f(m.content)].join(' ')}\n`).join('');
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

describe('the prompt hash, as the README documents it', () => {
  it('is what a client computes from the messages', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'hash');
    await chat.say('¿Qué tiempo hace en Lisboa? 🌧');
    await chat.reply('', { toolCallId: 'call-1', toolName: 'get_weather' });
    const response = await chat.say('Y mañana?', { toolResults: [{ toolCallId: 'call-1', name: 'get_weather', content: 'Lluvia, 14 °C' }] });
    expect(response.messages.some((message: { toolCallId?: string }) => message.toolCallId === 'call-1')).toBe(true);
    expect(clientHash(response.messages)).toBe(response.hash);
  });
});
