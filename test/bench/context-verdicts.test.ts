import { describe, expect, it } from 'vitest';
import type { Checkpoint, ContextRunResult } from '../../src/bench/context-run.js';
import { contextVerdicts, walBytesLimit } from '../../src/bench/context-verdicts.js';
import type { LatencySummary } from '../../src/bench/stats.js';

const KIB = 1024;

// A checkpoint of a run that meets every target, with `changes` on top.
function checkpoint(turn: number, changes: Partial<Checkpoint> = {}): Checkpoint {
  return {
    turn,
    memorydTokens: 1000,
    naiveTokens: 100 * turn,
    trim: { tokens: 3990, messagesKept: 40, medianMs: 1, iterations: 1 },
    rssBytes: 150_000_000,
    peakRssBytes: 155_000_000,
    floorRss: { bytes: 145_000_000, samples: 20 },
    databaseFiles: { db: 300 * KIB, wal: 16_000_000, shm: 32 * KIB, pageSize: 4096 },
    historyBytes: 500 * turn,
    compileMeanMs: 0.1,
    daemonContextMeanMs: 0.3,
    ...changes,
  };
}

function result(checkpoints: Checkpoint[], changes: Partial<ContextRunResult> = {}): ContextRunResult {
  return {
    checkpoints,
    contextLatencies: [],
    turnLatencies: [],
    budget: 4000,
    maxTokens: 1400,
    overBudget: 0,
    userTurns: checkpoints.at(-1)?.turn ?? 0,
    locomoUserTurns: 0,
    startRssBytes: 120_000_000,
    compileMeanMs: 0.1,
    daemonContextMeanMs: 0.3,
    requests: 0,
    wallMs: 0,
    ...changes,
  };
}

function latency(p50: number, p99: number): LatencySummary {
  return { samples: 1000, p50, p95: p50, p99, max: p99, mean: p50 };
}

// The verdict line about `target`: "met", "NOT MET" or "n/a" and its text.
function line(lines: string[], target: string): string {
  const found = lines.filter((l) => l.includes(target));
  expect(found, `one line about "${target}" in\n${lines.join('\n')}`).toHaveLength(1);
  return found[0] as string;
}

const status = (text: string) => text.slice(0, 7).trim();
const good = latency(0.7, 4);
const fullRun = (last: Partial<Checkpoint> = {}, at1000: Partial<Checkpoint> = {}) =>
  result([checkpoint(20), checkpoint(100), checkpoint(1000, at1000), checkpoint(10_000, last)]);

describe('the context benchmark verdicts', () => {
  it('meets every target on a run that does', () => {
    const lines = contextVerdicts(fullRun(), good);
    expect(lines).toHaveLength(7);
    for (const text of lines) expect(status(text), text).toBe('met');
  });

  it('judges p50 ≤ 1 ms and p99 ≤ 5 ms inclusive', () => {
    expect(status(line(contextVerdicts(fullRun(), latency(1, 5)), 'p50'))).toBe('met');
    expect(status(line(contextVerdicts(fullRun(), latency(1, 5)), 'p99'))).toBe('met');
    expect(status(line(contextVerdicts(fullRun(), latency(1.001, 4)), 'p50'))).toBe('NOT MET');
    expect(status(line(contextVerdicts(fullRun(), latency(0.5, 5.001)), 'p99'))).toBe('NOT MET');
  });

  it('fails the 4000-token cap on a larger prompt or one over its budget', () => {
    const cap = (changes: Partial<ContextRunResult>) => status(line(contextVerdicts(result(fullRun().checkpoints, changes), good), 'never over 4000'));
    expect(cap({ maxTokens: 4000 })).toBe('met');
    expect(cap({ maxTokens: 4001 })).toBe('NOT MET');
    expect(cap({ maxTokens: 3000, overBudget: 1 })).toBe('NOT MET');
  });

  it('holds the tokens of the last row within 10 % of turn 100, either way', () => {
    const drift = (tokens: number) => line(contextVerdicts(fullRun({ memorydTokens: tokens }), good), 'within 10 %');
    expect(status(drift(1100))).toBe('met');
    expect(status(drift(900))).toBe('met');
    expect(status(drift(1101))).toBe('NOT MET');
    expect(status(drift(899))).toBe('NOT MET');
    expect(drift(1101)).toContain('1101 vs 1000 (10.1 %)');
  });

  it('limits the RSS floor growth to 30 MB = 30,000,000 bytes, exclusive', () => {
    const rss = (growth: number) =>
      line(contextVerdicts(fullRun({ floorRss: { bytes: 145_000_000 + growth, samples: 20 } }), good), 'RSS growth');
    expect(status(rss(29_999_999))).toBe('met');
    expect(status(rss(30_000_000))).toBe('NOT MET');
    // Under 30 MiB (31,457,280 bytes) but over 30 MB.
    expect(status(rss(31_000_000))).toBe('NOT MET');
    expect(rss(31_000_000)).toContain('floor 145.0 MB → 176.0 MB (+31.0 MB; the lowest of 20 and 20 readings');
  });

  it('judges the RSS on the floors, not on a reading at the row', () => {
    const lines = contextVerdicts(fullRun({ rssBytes: 200_000_000, peakRssBytes: 210_000_000, floorRss: { bytes: 150_000_000, samples: 20 } }), good);
    expect(status(line(lines, 'RSS growth'))).toBe('met');
    const leak = contextVerdicts(fullRun({ rssBytes: 180_000_000, floorRss: { bytes: 176_000_000, samples: 20 } }), good);
    expect(status(line(leak, 'RSS growth'))).toBe('NOT MET');
  });

  it('flags a database file that grows with the turns, however large the WAL beside it', () => {
    const wal = 16_500_000;
    const linear = contextVerdicts(
      fullRun({ databaseFiles: { db: 4000 * KIB, wal, shm: 32 * KIB, pageSize: 4096 } }, { databaseFiles: { db: 400 * KIB, wal, shm: 32 * KIB, pageSize: 4096 } }),
      good,
    );
    expect(status(line(linear, 'database file not proportional'))).toBe('NOT MET');
    const bounded = contextVerdicts(
      fullRun({ databaseFiles: { db: 700 * KIB, wal, shm: 32 * KIB, pageSize: 4096 } }, { databaseFiles: { db: 300 * KIB, wal, shm: 32 * KIB, pageSize: 4096 } }),
      good,
    );
    expect(status(line(bounded, 'database file not proportional'))).toBe('met');
    expect(line(bounded, 'database file')).toContain('300 KiB at turn 1000 → 700 KiB at turn 10000 (+400 KiB');
  });

  it('bounds the WAL by the checkpoint backstop at every row', () => {
    const limit = walBytesLimit(4096);
    expect(limit).toBe(32 + 4100 * (24 + 4096));
    const walAt1000 = (wal: number) =>
      line(contextVerdicts(fullRun({}, { databaseFiles: { db: 300 * KIB, wal, shm: 32 * KIB, pageSize: 4096 } }), good), 'WAL within');
    expect(status(walAt1000(limit))).toBe('met');
    expect(status(walAt1000(limit + 1))).toBe('NOT MET');
    expect(walAt1000(limit + 1)).toContain('(turn 1000)');
  });

  it('says n/a for the targets a short run does not reach', () => {
    const lines = contextVerdicts(result([checkpoint(20), checkpoint(100), checkpoint(500)]), good);
    expect(status(line(lines, 'within 10 %'))).toBe('n/a');
    expect(status(line(lines, 'RSS growth and database size'))).toBe('n/a');
    expect(status(line(lines, 'WAL within'))).toBe('met');
    const noRss = contextVerdicts(fullRun({ floorRss: null }), good);
    expect(status(line(noRss, 'RSS growth'))).toBe('n/a');
    expect(status(line(noRss, 'database file'))).toBe('met');
  });
});
