import { describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock, MINUTE_MS } from '../../src/clock.js';
import { RecentStatements } from '../../src/cache/recent-statements.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// A cached answer is not served once the user has said something, in any session, that
// shares its question's words: the conversation may have changed it though no fact did.
const defer = cleanupAfterEach();

async function started(clock: ManualClock): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ clock });
  defer(() => daemon.stop());
  return daemon;
}

async function probe(daemon: TestDaemon, question: string): Promise<string | null> {
  return (await conversation(daemon.client, 'probe').say(question, { dryRun: true })).cached?.response ?? null;
}

describe('a cached answer and what the user said after it', () => {
  it.each([
    ['Reservamos el Hotel Avenida para el viaje a Lisboa.', '¿Qué hotel reservamos para el viaje a Lisboa?', 'El Hotel Avenida.', 'Cancelamos el Avenida y reservamos el Hotel Lis.'],
    ['We booked the Hotel Avenida for the trip.', 'Which hotel did we book for the trip?', 'Hotel Avenida.', 'We cancelled the Avenida and booked Hotel Lis instead.'],
  ])('is not served after a statement that changes it: %s', async (told, question, answer, change) => {
    const clock = new ManualClock(Date.UTC(2026, 10, 27, 9));
    const daemon = await started(clock);
    const chat = conversation(daemon.client, 'trip');
    await chat.say(told);
    clock.advance(MINUTE_MS);
    await chat.say(question);
    expect((await daemon.client.recordTurn('trip', { role: 'assistant', content: answer, cacheable: true })).cache).toEqual({ stored: true });
    clock.advance(MINUTE_MS);
    expect(await probe(daemon, question)).toBe(answer);
    // An unrelated statement, in another session, leaves it served.
    await conversation(daemon.client, 'other').say('I had pasta for lunch.');
    clock.advance(MINUTE_MS);
    expect(await probe(daemon, question)).toBe(answer);
    // The change, said in another session, is heard by every session: the chat asks afresh.
    await conversation(daemon.client, 'elsewhere').say(change);
    clock.advance(MINUTE_MS);
    expect(await probe(daemon, question)).toBeNull();
    const asked = await chat.say(question);
    expect(asked.cached).toBeNull();
  });

  it('is not changed by a dry run\'s statement, which changes nothing', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 27, 9));
    const daemon = await started(clock);
    const chat = conversation(daemon.client, 'trip');
    await chat.say('Which hotel did we book for the trip?');
    await daemon.client.recordTurn('trip', { role: 'assistant', content: 'Hotel Avenida.', cacheable: true });
    clock.advance(MINUTE_MS);
    await chat.say('We cancelled the Avenida and booked Hotel Lis instead.', { dryRun: true });
    clock.advance(MINUTE_MS);
    expect(await probe(daemon, 'Which hotel did we book for the trip?')).toBe('Hotel Avenida.');
  });
});

describe('the statements the cache holds', () => {
  it('are none while no answer is cached, and none again once a fact change drops every answer', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 27, 9));
    const daemon = await started(clock);
    const cache = daemon.daemon.services.responseCache;
    const chat = conversation(daemon.client, 'trip');
    await chat.say('We booked the Hotel Avenida for the trip.');
    expect(cache?.statementsHeld).toBe(0);
    await chat.say('Which hotel did we book for the trip?');
    await daemon.client.recordTurn('trip', { role: 'assistant', content: 'Hotel Avenida.', cacheable: true });
    clock.advance(MINUTE_MS);
    await chat.say('The weather looks good for Saturday.');
    expect(cache?.statementsHeld).toBeGreaterThan(0);
    // A fact change drops every answer, and the statements with them.
    await chat.say('Remember that I work at Acme.');
    await chat.say('I had pasta for lunch.');
    expect(cache?.statementsHeld).toBe(0);
  });
});

describe('RecentStatements', () => {
  it('tells whether statements after a time held the one content word of a question, or two of several, by stem', () => {
    const statements = new RecentStatements(100);
    statements.note(10, ['i', 'work', 'from', 'home', 'now']);
    statements.note(20, ['we', 'booked', 'hotel', 'lis']);
    expect(statements.touchedSince(5, ['working'])).toBe(true);
    expect(statements.touchedSince(10, ['working'])).toBe(false);
    expect(statements.touchedSince(5, ['hotel', 'book', 'trip'])).toBe(true);
    expect(statements.touchedSince(5, ['hotel', 'paris', 'trip'])).toBe(false);
    expect(statements.touchedSince(5, [])).toBe(false);
    statements.clear();
    expect(statements.touchedSince(5, ['working'])).toBe(false);
  });

  it('lets go of stems not said for a day once it holds more than its size', () => {
    const statements = new RecentStatements(3);
    statements.note(0, ['alpha', 'bravo']);
    statements.note(DAY_MS + 1, ['charlie', 'delta']);
    expect(statements.size).toBe(2);
    expect(statements.touchedSince(-1, ['alpha'])).toBe(false);
    expect(statements.touchedSince(-1, ['delta'])).toBe(true);
  });
});
