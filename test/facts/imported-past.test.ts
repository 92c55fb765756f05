import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import type { FactChanges } from '../../src/facts/fact-record.js';
import { runInTransaction } from '../../src/storage/transaction.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from './facts-fixture.js';

// A conversation imported with its own times (`at`, api.md) may carry a statement older
// than what the facts tier learnt since: the newer fact stands.

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

async function sayAt(text: string, at: number, turnNumber: number): Promise<FactChanges> {
  const prepared = await f.service.prepareFromMessage(text);
  return runInTransaction(f.database, (scope) => f.service.applyFromUserTurn(prepared, { sessionId: 'imported', turnNumber, at }, scope));
}

describe('a statement imported from the past', () => {
  it('does not replace a fact of its subject confirmed after it was said', async () => {
    f.clock.advance(3 * DAY_MS);
    await f.say('Vivo en Valencia.');
    const older = await sayAt('Vivo en Madrid.', f.clock.now() - 2 * DAY_MS, 1);
    expect(older).toMatchObject({ added: [], superseded: [] });
    expect(activeFactTexts(f)).toEqual(['Vivo en Valencia']);
  });

  it('does not retract a fact confirmed after it was said', async () => {
    f.clock.advance(3 * DAY_MS);
    await f.say('Vivo en Valencia.');
    const older = await sayAt('Ya no vivo en Valencia.', f.clock.now() - 2 * DAY_MS, 1);
    expect(older.superseded).toEqual([]);
    expect(activeFactTexts(f)).toEqual(['Vivo en Valencia']);
  });

  it('replaces one confirmed before it, as a statement said now does', async () => {
    await f.say('Vivo en Valencia.');
    f.clock.advance(3 * DAY_MS);
    const newer = await sayAt('Vivo en Madrid.', f.clock.now() - DAY_MS, 1);
    expect(factTexts(newer.superseded)).toEqual(['Vivo en Valencia']);
    expect(activeFactTexts(f)).toEqual(['Vivo en Madrid']);
  });
});

// The prompt of a message imported with an earlier time is compiled as of that time.
describe('a prompt compiled for a message of the past', () => {
  it('holds no fact stated after that message', async () => {
    const before = f.clock.now();
    f.clock.advance(30 * DAY_MS);
    await f.say('Remember that I live in Lisbon.');
    const asked = 'What do you know about me?';
    expect((await f.select(asked)).items.map((item) => item.fact)).toEqual(['I live in Lisbon']);
    f.clock.set(before);
    expect((await f.select(asked)).items).toEqual([]);
  });
});
