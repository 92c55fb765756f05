import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/clock.js';
import { loadConfig } from '../../src/config/config.js';
import { effectiveStatus, injectability } from '../../src/facts/decay-rules.js';
import type { FactConfidence } from '../../src/facts/extraction/index.js';
import type { FactStatus } from '../../src/facts/fact-record.js';
import { createDecayJob } from '../../src/jobs/decay-job.js';
import { jobRegistry } from '../../src/jobs/registry.js';
import { runJob } from '../../src/jobs/run-job.js';
import { recentJobRuns } from '../../src/storage/job-runs-repo.js';
import { factsFixture, START, type FactsFixture } from './facts-fixture.js';

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

async function add(fact: string, confidence: FactConfidence): Promise<string> {
  return (await f.service.add({ fact, domain: 'work', confidence })).fact.id;
}

function runDecay(): ReturnType<typeof runJob> {
  const config = loadConfig({ MEMORYD_DATA_DIR: f.dir }, { cwd: f.dir });
  return runJob(createDecayJob(), { config, database: f.database, clock: f.clock, logger: pino({ level: 'silent' }) }, 'manual', new AbortController().signal);
}

function storedStatus(id: string): FactStatus {
  return f.service.get(id).storedStatus;
}

describe('decay rules', () => {
  it.each([
    [89, 'medium', 'active'],
    [91, 'medium', 'dormant'],
    [91, 'low', 'dormant'],
    [91, 'high', 'active'],
    [179, 'medium', 'dormant'],
    [179, 'high', 'active'],
    [181, 'medium', 'stale'],
    [181, 'high', 'stale'],
  ] as const)('after %i days a %s fact is %s', (days, confidence, expected) => {
    expect(effectiveStatus({ status: 'active', confidence, lastConfirmedAt: START }, START + days * DAY_MS)).toBe(expected);
  });

  it('never revives superseded or deleted facts', () => {
    for (const status of ['superseded', 'deleted'] as const) {
      expect(effectiveStatus({ status, confidence: 'high', lastConfirmedAt: START }, START)).toBe(status);
    }
  });

  it('keeps a low-confidence fact out of prompts after 30 days without confirmation, status unchanged', () => {
    const fact = { status: 'active' as const, confidence: 'low' as const, lastConfirmedAt: START };
    expect(injectability(fact, START + 29 * DAY_MS).injectable).toBe(true);
    const at31 = injectability(fact, START + 31 * DAY_MS);
    expect(at31).toEqual({ injectable: false, onRequest: false, reason: 'low confidence, not confirmed for 31 days (over 30)' });
    expect(effectiveStatus(fact, START + 31 * DAY_MS)).toBe('active');
    expect(injectability({ ...fact, confidence: 'medium' }, START + 31 * DAY_MS).injectable).toBe(true);
  });

  it('says how long a fact went unconfirmed without claiming whole days that are over the limit when they are not', () => {
    const reason = (confidence: FactConfidence, elapsed: number): string | null =>
      injectability({ status: 'active', confidence, lastConfirmedAt: START }, START + elapsed).reason;
    expect(reason('medium', 90 * DAY_MS + HOUR_MS)).toBe('dormant: not confirmed for over 90 days; only when asked about');
    expect(reason('medium', 91 * DAY_MS)).toBe('dormant: not confirmed for 91 days (over 90); only when asked about');
    expect(reason('high', 180 * DAY_MS + 1)).toBe('stale: not confirmed for over 180 days');
    expect(reason('high', 181 * DAY_MS + HOUR_MS)).toBe('stale: not confirmed for 181 days (over 180)');
    expect(reason('low', 30 * DAY_MS + 23 * HOUR_MS)).toBe('low confidence, not confirmed for over 30 days');
  });
});

describe('the decay job and read time agree', () => {
  it('moves facts at 91 and 181 days, and a missed run changes nothing for readers', async () => {
    const medium = await add('The deploy target is k8s', 'medium');
    const high = await add('The standup is at 9', 'high');
    f.clock.set(START + 89 * DAY_MS);
    expect((await runDecay()).counts).toEqual({ dormant: 0, stale: 0, reactivated: 0, unchanged: 2 });

    f.clock.set(START + 91 * DAY_MS);
    // Before the job runs, readers already see the new status…
    expect(storedStatus(medium)).toBe('active');
    expect(f.service.get(medium)).toMatchObject({ status: 'dormant', injectable: false });
    expect(f.service.list({ status: 'dormant' }).map((fact) => fact.id)).toEqual([medium]);
    const readBefore = f.service.list({ status: 'all' });
    // …and the job only makes the stored status catch up.
    expect((await runDecay()).counts).toEqual({ dormant: 1, stale: 0, reactivated: 0, unchanged: 1 });
    expect(storedStatus(medium)).toBe('dormant');
    expect(f.service.list({ status: 'all' }).map(({ storedStatus: _s, updatedAt: _u, ...rest }) => rest)).toEqual(
      readBefore.map(({ storedStatus: _s, updatedAt: _u, ...rest }) => rest),
    );

    f.clock.set(START + 179 * DAY_MS);
    expect((await runDecay()).counts).toEqual({ dormant: 0, stale: 0, reactivated: 0, unchanged: 2 });
    f.clock.set(START + 181 * DAY_MS);
    expect(f.service.list({ status: 'stale' }).map((fact) => fact.id).sort()).toEqual([high, medium].sort());
    expect((await runDecay()).counts).toEqual({ dormant: 0, stale: 2, reactivated: 0, unchanged: 0 });
    expect([storedStatus(medium), storedStatus(high)]).toEqual(['stale', 'stale']);
    expect(f.service.list({ status: 'all' })).toHaveLength(2);
  });

  it('never touches superseded or deleted facts, and deletes nothing', async () => {
    await f.say('My editor is Vim.');
    await f.say('My editor is Helix.');
    const deleted = await add('The office is in Rome', 'medium');
    f.service.delete(deleted, 'moved');
    f.clock.set(START + 400 * DAY_MS);
    expect((await runDecay()).counts).toEqual({ dormant: 0, stale: 1, reactivated: 0, unchanged: 0 });
    const statuses = f.service.list({ status: 'all' }).map((fact) => fact.storedStatus).sort();
    expect(statuses).toEqual(['deleted', 'stale', 'superseded']);
  });

  it('re-confirmation brings a dormant or stale fact back, and the job agrees', async () => {
    const id = await add('The deploy target is k8s', 'medium');
    f.clock.set(START + 200 * DAY_MS);
    await runDecay();
    expect(storedStatus(id)).toBe('stale');
    await f.service.edit(id, { confirm: true });
    expect(f.service.get(id)).toMatchObject({ status: 'active', storedStatus: 'active', injectable: true, lastConfirmedAt: f.clock.now() });
    expect((await runDecay()).counts).toEqual({ dormant: 0, stale: 0, reactivated: 0, unchanged: 1 });
  });

  it('counts a stored status the rules no longer hold as reactivated', async () => {
    const id = await add('The deploy target is k8s', 'medium');
    f.clock.set(START + 100 * DAY_MS);
    await runDecay();
    // Raising the confidence to high without touching the status column, as an older version might have.
    f.database.sqlite.prepare("update facts set confidence = 'high' where id = ?").run(id);
    expect((await runDecay()).counts).toEqual({ dormant: 0, stale: 0, reactivated: 1, unchanged: 0 });
    expect(storedStatus(id)).toBe('active');
  });

  it('records every run, and is in the job registry with its schedule', async () => {
    await add('The deploy target is k8s', 'medium');
    f.clock.set(START + 91 * DAY_MS);
    await runDecay();
    const [run] = recentJobRuns(f.database.db, 'decay', 5);
    expect(run).toMatchObject({ job: 'decay', trigger: 'manual', status: 'ok', error: null, counts: { dormant: 1, stale: 0, reactivated: 0, unchanged: 0 } });
    expect(run?.startedAt).toBe(f.clock.now());
    const job = jobRegistry().find((each) => each.name === 'decay');
    const config = loadConfig({ MEMORYD_DATA_DIR: f.dir, MEMORYD_DECAY_SCHEDULE: '0 4 * * *' }, { cwd: f.dir });
    expect(job?.schedule(config)).toBe('0 4 * * *');
    expect(job?.runAtStartup).toBe(true);
  });
});
