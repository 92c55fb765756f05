import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { conversation } from '../helpers/context-calls.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

async function started(): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ clock: new ManualClock(Date.UTC(2026, 10, 22, 9)) });
  defer(() => daemon.stop());
  return daemon;
}

const bookFlight = { name: 'book_flight', description: 'Books a flight and pays for it.', sideEffects: true };
const searchFlights = { name: 'search_flights', description: 'Lists flights between two cities.' };

describe('a tool declared side-effecting in a context call', () => {
  it('marks a side effect when its result is recorded as a turn: the answer after it is not cached', async () => {
    const { client } = await started();
    const chat = conversation(client, 'trip');
    await chat.say('Which flight to Lima is the cheapest?', { tools: [bookFlight, searchFlights] });
    await client.recordTurn('trip', { role: 'assistant', content: '{"tool":"book_flight","to":"LIM"}', toolCallId: 'c1' });
    await client.recordTurn('trip', { role: 'tool', content: 'Booked LA2047, 480 EUR.', toolCallId: 'c1', toolName: 'book_flight' });
    const answer = await client.recordTurn('trip', { role: 'assistant', content: 'LA2047, and I booked it for you.', cacheable: true });
    expect(answer.cache).toEqual({ stored: false, reason: 'side-effect' });
    expect((await conversation(client, 'someone-else').say('Which flight to Lima is the cheapest?')).cached).toBeNull();
  });

  it('marks one when its result comes in a later context call that does not declare it again', async () => {
    const { client } = await started();
    const chat = conversation(client, 'bank');
    await chat.say('What is my account balance?');
    expect((await client.recordTurn('bank', { role: 'assistant', content: 'Your balance is 900 EUR.', cacheable: true })).cache).toEqual({ stored: true });
    await chat.say('Move 100 EUR to savings.', { tools: [{ name: 'transfer', description: 'Moves money between accounts.', sideEffects: true }] });
    const after = await chat.say('What is my account balance?', {
      toolResults: [{ toolCallId: 't1', name: 'transfer', content: 'Transferred 100 EUR to savings.' }],
    });
    expect(after.cached).toBeNull();
  });

  it('does not when a later declaration says the tool has none, nor for a tool never declared so', async () => {
    const { client } = await started();
    const chat = conversation(client, 'search');
    await chat.say('Find flights to Lima.', { tools: [{ ...searchFlights, sideEffects: true }] });
    await chat.say('Only direct ones.', { tools: [searchFlights] });
    await client.recordTurn('search', { role: 'assistant', content: '{"tool":"search_flights"}', toolCallId: 's1' });
    await client.recordTurn('search', { role: 'tool', content: 'LA2047 direct, 480 EUR.', toolCallId: 's1', toolName: 'search_flights' });
    await chat.say('Which airline did I fly direct to Lima?');
    expect((await client.recordTurn('search', { role: 'assistant', content: 'LATAM flies direct.', cacheable: true })).cache).toEqual({ stored: true });
  });
});
