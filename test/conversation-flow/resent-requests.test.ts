import { describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../src/clock.js';
import { MemorydApiError } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

async function daemon(clock = new ManualClock(Date.UTC(2026, 10, 22, 9))) {
  const started = await startTestDaemon({ clock });
  defer(() => started.stop());
  return started;
}

const roles = (view: Record<string, any>): string[] => view.window.turns.map((turn: { role: string }) => turn.role);

// An assistant that timed out waiting for an answer sends the same request again: memoryd
// may have recorded it already, and must not record it twice.
describe('a request sent again', () => {
  it('a context call: the message is recorded once, the prompt is the first one, its facts written once', async () => {
    const { client } = await daemon();
    const chat = conversation(client, 'resent');
    await chat.say('Hi, I need help planning a trip.');
    await chat.reply('Sure, where to?');
    const first = await chat.say('Remember that my editor is Helix.');
    const again = await chat.say('Remember that my editor is Helix.');
    expect(first.turn.resent).toBe(false);
    expect(again.turn.resent).toBe(true);
    expect(again.turn.turnNumber).toBe(first.turn.turnNumber);
    expect(again.messages).toEqual(first.messages);
    expect(again.hash).toBe(first.hash);
    expect(first.facts.added.map((fact) => fact.fact)).toEqual(['My editor is Helix']);
    expect(again.facts.added).toEqual([]);
    const facts = await client.json<{ facts: { fact: string }[] }>('GET', '/v1/facts?q=Helix');
    expect(facts.facts).toHaveLength(1);
    expect(roles(await chat.view())).toEqual(['user', 'assistant', 'user']);
  });

  it('an answer: recorded once, and the next prompt shows it once', async () => {
    const { client } = await daemon();
    const chat = conversation(client, 'resent-answer');
    await chat.say('What is a good name for a cat?');
    const first = await chat.reply('Try Miso.', { outputValid: true });
    const again = await chat.reply('Try Miso.', { outputValid: true });
    expect(again.turn.turnNumber).toBe(first.turn.turnNumber);
    expect([first.turn.resent, again.turn.resent]).toEqual([false, true]);
    const next = await chat.say('Another?');
    expect(next.messages.filter((message) => message.content === 'Try Miso.')).toHaveLength(1);
    expect(roles(await chat.view())).toEqual(['user', 'assistant', 'user']);
  });

  it('a context call with tool results: answered, not refused as a second result of the same call', async () => {
    const { client } = await daemon();
    const chat = conversation(client, 'resent-results');
    await chat.say('Find me a flight to Lisbon.');
    await chat.reply('', { toolCallId: 'c1', toolName: 'search_flights' });
    const results = [{ toolCallId: 'c1', name: 'search_flights', content: 'TP1234 at 09:10, 120 EUR' }];
    const first = await chat.say('Which one is cheapest?', { toolResults: results });
    const again = await chat.say('Which one is cheapest?', { toolResults: results });
    expect(again.turn.turnNumber).toBe(first.turn.turnNumber);
    expect(again.messages).toEqual(first.messages);
    expect(roles(await chat.view())).toEqual(['user', 'assistant', 'tool', 'user']);
  });

  // More results than the section holds leave a marker ("[5 earlier tool results omitted]")
  // in place of the oldest; an earlier request's marker, still in the window, is another one.
  it('a context call with more results than fit, after another such call: answered, not refused', async () => {
    const started = await startTestDaemon({ env: { MEMORYD_WINDOW_DEFAULT: '64', MEMORYD_WINDOW_MAX: '64', MEMORYD_MAX_WINDOW_TOKENS: '100000' } });
    defer(() => started.stop());
    const chat = conversation(started.client, 'resent-many-results');
    const results = (call: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ toolCallId: `${call}${i}`, name: 'search_flights', content: `Flight ${call}${i}: 120 EUR` }));
    await chat.say('Find me flights to Lisbon.', { toolResults: results('a', 9) });
    await chat.reply('Here are the flights to Lisbon.');
    const first = await chat.say('And to Porto?', { toolResults: results('b', 12) });
    const again = await chat.say('And to Porto?', { toolResults: results('b', 12) });
    expect(again.turn.resent).toBe(true);
    expect(again.turn.turnNumber).toBe(first.turn.turnNumber);
    expect(again.messages).toEqual(first.messages);
  });

  it("a tool's result through /turns: answered once; another result with its call id is still refused", async () => {
    const { client } = await daemon();
    const chat = conversation(client, 'resent-tool');
    await chat.say('Find me a flight to Lisbon.');
    await chat.reply('', { toolCallId: 'c1', toolName: 'search_flights' });
    const result = { role: 'tool', toolCallId: 'c1', toolName: 'search_flights' };
    const first = await chat.reply('TP1234 at 09:10', result);
    const again = await chat.reply('TP1234 at 09:10', result);
    expect(again.turn.turnNumber).toBe(first.turn.turnNumber);
    expect(again.turn.resent).toBe(true);
    const other = await chat.reply('TP9999 at 18:00', result).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(MemorydApiError);
    expect((other as MemorydApiError).status).toBe(409);
  });

  it('the same message after an answer, or imported at another time, is a new turn', async () => {
    const { client } = await daemon();
    const chat = conversation(client, 'said-twice');
    const first = await chat.say('Yes.');
    await chat.reply('Done.');
    const second = await chat.say('Yes.');
    expect(second.turn.turnNumber).toBe(first.turn.turnNumber + 2);
    expect(second.turn.resent).toBe(false);

    const imported = conversation(client, 'imported');
    const a = await imported.say('Hello?', { at: '2026-11-01T10:00:00Z' });
    const b = await imported.say('Hello?', { at: '2026-11-01T10:05:00Z' });
    const c = await imported.say('Hello?', { at: '2026-11-01T10:05:00Z' });
    expect(b.turn.turnNumber).toBe(a.turn.turnNumber + 1);
    expect(c.turn.turnNumber).toBe(b.turn.turnNumber);
  });
});

describe('not a resend', () => {
  it('the same message more than two minutes later: said again, a new turn', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const { client } = await daemon(clock);
    const chat = conversation(client, 'later');
    const first = await chat.say('Continue.');
    clock.advance(MINUTE_MS);
    expect((await chat.say('Continue.')).turn.resent).toBe(true);
    clock.advance(3 * MINUTE_MS);
    const later = await chat.say('Continue.');
    expect([later.turn.resent, later.turn.turnNumber]).toEqual([false, first.turn.turnNumber + 1]);
    await chat.reply('Going on.');
    clock.advance(3 * MINUTE_MS);
    const answer = await chat.reply('Going on.');
    expect([answer.turn.resent, answer.turn.turnNumber]).toEqual([false, later.turn.turnNumber + 2]);
  });

  it('a context call with a result of another content under the call id recorded: refused, nothing recorded', async () => {
    const { client } = await daemon();
    const chat = conversation(client, 'other-result');
    await chat.say('Find me a flight to Lisbon.');
    await chat.reply('', { toolCallId: 'c1', toolName: 'search_flights' });
    await chat.say('Which one is cheapest?', { toolResults: [{ toolCallId: 'c1', name: 'search_flights', content: 'TP1234 at 09:10, 120 EUR' }] });
    const other = await chat
      .say('Which one is cheapest?', { toolResults: [{ toolCallId: 'c1', name: 'search_flights', content: 'COMPLETELY DIFFERENT RESULT 999 EUR' }] })
      .catch((error: unknown) => error);
    expect((other as MemorydApiError).status).toBe(409);
    expect(roles(await chat.view())).toEqual(['user', 'assistant', 'tool', 'user']);
  });
});
