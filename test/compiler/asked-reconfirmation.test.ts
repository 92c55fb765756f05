import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, ManualClock, MINUTE_MS } from '../../src/clock.js';
import { RECONFIRM_FLUSH_MS } from '../../src/facts/reconfirm-flusher.js';
import { openDatabaseReadOnly } from '../../src/storage/database.js';
import { findFactRow } from '../../src/storage/facts-repo.js';
import { apiError } from '../helpers/serve-routes.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// Spec §6: a fact the message asks about goes into the prompt and is re-confirmed
// afterwards; §4 lets that write wait for a batch (every 5 minutes, or at shutdown).
const START = Date.UTC(2026, 10, 22, 9);
const EDITOR = 'My editor is Vim';
const TABS = 'I prefer tabs over spaces';
const CITY = 'I live in Lisbon';

let daemon: TestDaemon;
let clock: ManualClock;
let ids: Record<string, string>;

beforeEach(async () => {
  // Only the flush timer is fake; the clock is the daemon's ManualClock.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  clock = new ManualClock(START);
  daemon = await startTestDaemon({ clock });
  ids = await addFacts(daemon, [
    [EDITOR, 'preferences', 'medium'],
    [TABS, 'preferences', 'high'],
    [CITY, 'personal', 'medium'],
  ]);
});
afterEach(async () => {
  await daemon.stop();
  vi.useRealTimers();
});

async function addFacts(target: TestDaemon, facts: Array<[string, 'preferences' | 'personal', 'high' | 'medium']>): Promise<Record<string, string>> {
  const added: Record<string, string> = {};
  for (const [fact, domain, confidence] of facts) added[fact] = (await target.client.addFact({ fact, domain, confidence })).fact.id;
  return added;
}

async function lastConfirmed(fact: string): Promise<number> {
  return Date.parse((await daemon.client.getFact(ids[fact] as string)).fact.lastConfirmedAt);
}

async function status(fact: string): Promise<string> {
  return (await daemon.client.getFact(ids[fact] as string)).fact.status;
}

function reconfirmedMetric(): number {
  return daemon.daemon.context.metrics.facts.get({ kind: 'reconfirmed' });
}

describe('facts the prompt answered a question with', () => {
  it('are re-confirmed by the batch, with the time of the call, and no other fact is', async () => {
    clock.advance(DAY_MS);
    const askedAt = clock.now();
    const response = await conversation(daemon.client, 'asks').say('Which editor do I use?');
    expect(promptText(response)).toContain(EDITOR);
    // In the prompt too, but not asked about: no re-confirmation for it.
    expect(promptText(response)).toContain(TABS);
    expect(response.facts.reconfirmed).toEqual([]);
    expect(await lastConfirmed(EDITOR)).toBe(START);

    clock.advance(2 * MINUTE_MS);
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS - 1);
    expect(await lastConfirmed(EDITOR)).toBe(START);
    vi.advanceTimersByTime(1);
    expect(await lastConfirmed(EDITOR)).toBe(askedAt);
    expect(await lastConfirmed(TABS)).toBe(START);
    expect(await lastConfirmed(CITY)).toBe(START);
    expect(reconfirmedMetric()).toBe(1);

    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(reconfirmedMetric()).toBe(1);
  });

  it('bring a dormant fact back to active once it was asked about', async () => {
    clock.set(START + 91 * DAY_MS);
    expect(await status(EDITOR)).toBe('dormant');
    const askedAt = clock.now();
    expect(promptText(await conversation(daemon.client, 'dormant').say('Which editor do I use?'))).toContain(EDITOR);
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(await lastConfirmed(EDITOR)).toBe(askedAt);
    expect(await status(EDITOR)).toBe('active');
  });

  it('never include a stale fact, so a question does not re-confirm it', async () => {
    clock.set(START + 181 * DAY_MS);
    expect(await status(EDITOR)).toBe('stale');
    expect(promptText(await conversation(daemon.client, 'stale').say('Which editor do I use?'))).not.toContain(EDITOR);
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(await lastConfirmed(EDITOR)).toBe(START);
    expect(await status(EDITOR)).toBe('stale');
  });

  it('queue nothing on a dry run or a refused (422) call', async () => {
    clock.advance(DAY_MS);
    const chat = conversation(daemon.client, 'nothing');
    expect(promptText(await chat.say('Which editor do I use?', { dryRun: true }))).toContain(EDITOR);
    expect((await apiError(chat.say(`Which editor do I use? ${'word '.repeat(5000)}`))).status).toBe(422);
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(await lastConfirmed(EDITOR)).toBe(START);
    expect(reconfirmedMetric()).toBe(0);
  });

  it('are re-confirmed when the message states another fact beside the question', async () => {
    clock.advance(DAY_MS);
    const askedAt = clock.now();
    const response = await conversation(daemon.client, 'states-and-asks').say('Remember that my seed pet is called Rex. Which editor do I use?');
    expect(response.facts.added).toHaveLength(1);
    expect(promptText(response)).toContain(EDITOR);
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(await lastConfirmed(EDITOR)).toBe(askedAt);
  });

  it('skip a fact named by a message that states a fact of its own: it says something, it asks nothing', async () => {
    const first = 'My seed pet 1 is called Rex8';
    const pets = await addFacts(daemon, [[first, 'personal', 'high']]);
    clock.advance(DAY_MS);
    const stated = await conversation(daemon.client, 'states').say('Remember that my seed pet 2 is called Rex8.');
    expect(stated.facts.added).toHaveLength(1);
    expect(promptText(stated)).toContain(first);
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(Date.parse((await daemon.client.getFact(pets[first] ?? '')).fact.lastConfirmedAt)).toBe(START);
  });

  it('skip a fact named by a message that states a credential (refused), whatever the prompt holds', async () => {
    const wifi = (await daemon.client.addFact({ fact: 'My wifi name is hunter2', domain: 'personal', confidence: 'high' })).fact.id;
    clock.advance(DAY_MS);
    const response = await conversation(daemon.client, 'secret').say('Remember that my wifi password is hunter2.');
    expect(response.facts).toMatchObject({ added: [], reconfirmed: [] });
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(Date.parse((await daemon.client.getFact(wifi)).fact.lastConfirmedAt)).toBe(START);
    // A question naming it, in a session that did not just mention it, does ask about it.
    clock.advance(MINUTE_MS);
    const askedAt = clock.now();
    await conversation(daemon.client, 'no-secret').say('What is my wifi name, hunter2 or something else?');
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(Date.parse((await daemon.client.getFact(wifi)).fact.lastConfirmedAt)).toBe(askedAt);
  });

  it('skip a fact the layout left out of the prompt', async () => {
    clock.advance(DAY_MS);
    const chat = conversation(daemon.client, 'no-room');
    const full = await chat.say('Which editor do I use?', { dryRun: true });
    const factsSection = full.layout.sections.find((section) => section.id === 'facts');
    expect(factsSection?.final).toBeGreaterThan(0);
    const squeezed = await chat.say('Which editor do I use?', { budget: full.tokens - (factsSection?.final ?? 0) });
    expect(promptText(squeezed)).not.toContain(EDITOR);
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(await lastConfirmed(EDITOR)).toBe(START);
  });

  it('skip a fact deleted before the batch is written', async () => {
    clock.advance(DAY_MS);
    expect(promptText(await conversation(daemon.client, 'deleted').say('Which editor do I use?'))).toContain(EDITOR);
    await daemon.client.deleteFact(ids[EDITOR] as string);
    vi.advanceTimersByTime(RECONFIRM_FLUSH_MS);
    expect(await status(EDITOR)).toBe('deleted');
    expect(await lastConfirmed(EDITOR)).toBe(START);
    expect(reconfirmedMetric()).toBe(0);
  });
});

describe('shutdown', () => {
  it('writes the queued re-confirmations before the database closes', async () => {
    const temp = makeTempDir();
    try {
      const own = await startTestDaemon({ dir: temp.dir, keepDir: true, clock: new ManualClock(START) });
      const [id] = Object.values(await addFacts(own, [[EDITOR, 'preferences', 'medium']]));
      (own.clock as ManualClock).advance(DAY_MS);
      expect(promptText(await conversation(own.client, 'bye').say('Which editor do I use?'))).toContain(EDITOR);
      await own.stop();
      const database = openDatabaseReadOnly(own.config.dbPath);
      try {
        expect(findFactRow(database.db, id as string)?.lastConfirmedAt).toBe(START + DAY_MS);
      } finally {
        database.close();
      }
    } finally {
      temp.remove();
    }
  });
});
