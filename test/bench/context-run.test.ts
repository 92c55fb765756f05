import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBenchDaemon, type BenchDaemon } from '../../src/bench/bench-daemon.js';
import { runContextReplay, type ContextRunOptions } from '../../src/bench/context-run.js';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';

describe('the context replay', () => {
  let daemon: BenchDaemon;
  let client: MemorydClient;
  beforeAll(async () => {
    daemon = await startBenchDaemon();
    client = new MemorydClient({ socketPath: daemon.socketPath });
  }, 120_000);
  afterAll(async () => {
    client.close();
    await daemon.stop();
  });

  const options = (sessionId: string, turns: number, between: ContextRunOptions['between']): ContextRunOptions => ({
    turns,
    checkpoints: [turns],
    seed: 3,
    warmup: 5,
    locomo: [],
    sessionId,
    trimIterations: 1,
    trimTimeBudgetMs: 1_000,
    between,
    progress: () => {},
  });

  it('samples the baseline every N user turns after the warm-up, with the latest call and the size of its answer', async () => {
    const blocks: Array<{ body: unknown; responseBytes: number }> = [];
    const result = await runContextReplay(client, daemon, await createTokenizer('cl100k_base'), {
      ...options('between-a', 23, { every: 4, sample: async (body, responseBytes) => void blocks.push({ body, responseBytes }) }),
    });
    expect(result.userTurns).toBe(23);
    expect(result.contextLatencies).toHaveLength(18);
    // Turns 8, 12, 16 and 20 (4 is within the warm-up), then once after the last turn.
    expect(blocks).toHaveLength(5);
    for (const block of blocks) {
      expect(block.body).toMatchObject({ message: expect.any(String) });
      // An answer holds at least the system prompt.
      expect(block.responseBytes).toBeGreaterThan(1_000);
    }
    expect(new Set(blocks.map((block) => JSON.stringify(block.body))).size).toBe(5);
  }, 120_000);

  it('records the database file, WAL and shm apart, and the RSS floor over the readings before each row', async () => {
    const result = await runContextReplay(client, daemon, await createTokenizer('cl100k_base'), {
      ...options('files', 60, null),
      checkpoints: [10, 60],
    });
    const [early, late] = result.checkpoints;
    for (const row of [early, late]) {
      expect(row?.databaseFiles.db).toBeGreaterThan(0);
      expect(row?.databaseFiles.wal).toBeGreaterThan(0);
      expect(row?.databaseFiles.shm).toBeGreaterThan(0);
      expect(row?.databaseFiles.pageSize).toBe(1024);
    }
    if (process.platform !== 'linux') return;
    // Turn 10 is read for its row; turns 25, 50 and 60 for the second.
    expect(early?.floorRss).toEqual({ bytes: early?.rssBytes, samples: 1 });
    expect(late?.floorRss?.samples).toBe(4);
    expect(late?.floorRss?.bytes).toBeLessThanOrEqual(late?.rssBytes ?? 0);
    expect(late?.peakRssBytes).toBeGreaterThanOrEqual(late?.rssBytes ?? Number.POSITIVE_INFINITY);
  }, 120_000);

  it('does not sample again after the last turn when a block just ran, and runs without a baseline', async () => {
    const blocks: number[] = [];
    await runContextReplay(client, daemon, await createTokenizer('cl100k_base'), {
      ...options('between-b', 16, { every: 8, sample: async (_body, bytes) => void blocks.push(bytes) }),
    });
    expect(blocks).toHaveLength(2);
    const result = await runContextReplay(client, daemon, await createTokenizer('cl100k_base'), options('between-c', 8, null));
    expect(result.userTurns).toBe(8);
  }, 120_000);
});
