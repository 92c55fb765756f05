import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../src/clock.js';
import { RollbackWith, runInTransaction } from '../../src/storage/transaction.js';
import { factsFixture, START, type FactsFixture } from './facts-fixture.js';

// Spec §6: a fact the prompt answered a question with is re-confirmed. A dormant one the
// question brought back must be active for the very next message, and the answers cached
// without it dropped, as when the user restates it; an active one may wait for the batch.

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

async function stated(text: string): Promise<string> {
  const [fact] = (await f.say(text)).added;
  expect(fact, text).toBeDefined();
  return fact?.id ?? '';
}

function reconfirmAsked(ids: string[], at: number): ReturnType<FactsFixture['service']['reconfirmAsked']> {
  return runInTransaction(f.database, (scope) => f.service.reconfirmAsked(ids, at, scope));
}

describe('facts a prompt answered a question with', () => {
  it('a dormant one is active again at once, reported, and every cached answer dropped', async () => {
    const spanish = await stated('I prefer answers in Spanish.');
    f.clock.set(START + 91 * DAY_MS);
    expect(f.service.get(spanish).status).toBe('dormant');
    expect(f.service.get(spanish).injectable).toBe(false);
    const changesBefore = f.factsChanges;
    const askedAt = f.clock.now();

    const written = reconfirmAsked([spanish], askedAt);
    expect(written.map((fact) => [fact.id, fact.status, fact.lastConfirmedAt])).toEqual([[spanish, 'active', askedAt]]);
    expect(f.service.get(spanish)).toMatchObject({ status: 'active', injectable: true, lastConfirmedAt: askedAt });
    expect(f.factsChanges).toBe(changesBefore + 1);
    // The next message, whatever it asks, gets the instruction again.
    const next = await f.select('Can you explain recursion briefly?');
    expect(next.items.map((fact) => fact.id)).toContain(spanish);
    // Nothing is left for the batch.
    expect(f.service.flushReconfirmations()).toEqual([]);
  });

  it('an active one waits for the batch: no write now, nothing reported, no cached answer dropped', async () => {
    const vim = await stated('Remember that my editor is Vim.');
    f.clock.advance(DAY_MS);
    const askedAt = f.clock.now();
    const changesBefore = f.factsChanges;
    expect(reconfirmAsked([vim], askedAt)).toEqual([]);
    expect(f.service.get(vim).lastConfirmedAt).toBe(START);
    expect(f.factsChanges).toBe(changesBefore);
    f.clock.advance(5 * MINUTE_MS);
    expect(f.service.flushReconfirmations().map((fact) => [fact.id, fact.lastConfirmedAt])).toEqual([[vim, askedAt]]);
  });

  it('both at once: the dormant one written, the active one queued', async () => {
    const lisbon = await stated('I live in Lisbon.');
    f.clock.set(START + 91 * DAY_MS);
    const acme = await stated('I work at Acme.');
    const askedAt = f.clock.now();
    expect(reconfirmAsked([acme, lisbon, 'fact_unknown'], askedAt).map((fact) => fact.id)).toEqual([lisbon]);
    expect(f.service.flushReconfirmations().map((fact) => fact.id)).toEqual([acme]);
  });

  it('a rolled-back call (a dry run) writes and queues nothing', async () => {
    const spanish = await stated('I prefer answers in Spanish.');
    const vim = await stated('Remember that my editor is Vim.');
    f.clock.set(START + 91 * DAY_MS);
    runInTransaction(f.database, (scope) => {
      f.service.reconfirmAsked([spanish, vim], f.clock.now(), scope);
      throw new RollbackWith(null);
    });
    expect(f.service.get(spanish)).toMatchObject({ status: 'dormant', lastConfirmedAt: START });
    expect(f.service.flushReconfirmations()).toEqual([]);
  });
});
