import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { startDaemon, type DaemonOptions, type RunningDaemon } from '../../src/daemon.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import { WARM_UP_DIR } from '../../src/lifecycle/private-dir.js';
import { startWarmUp, type WarmUpOptions } from '../../src/lifecycle/warm-up.js';
import { WARM_UP_CHAT, type WarmUpExchange } from '../../src/lifecycle/warm-up-chat.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// The warm-up on real daemons: the running one (a test daemon) and the scratch one it
// starts in the same process, on real sockets and SQLite files.

const running: TestDaemon[] = [];
afterEach(async () => {
  for (const test of running.splice(0)) await test.stop();
});

async function daemon(): Promise<TestDaemon> {
  const test = await startTestDaemon();
  running.push(test);
  return test;
}

/** What the scratch daemon was started with and had done when it stopped. */
interface Scratch {
  options: DaemonOptions;
  metrics: string;
  dataDir: string;
}

/** `startDaemon`, keeping what the warm-up's scratch daemon did before it stops. */
function observedStart(seen: Scratch[]): WarmUpOptions['start'] {
  return async (options) => {
    const scratch = await startDaemon(options);
    const stop = scratch.stop;
    return {
      ...scratch,
      stop: async (reason: string) => {
        seen.push({ options, metrics: scratch.context.metrics.registry.render(), dataDir: options.config.dataDir });
        return stop(reason);
      },
    } satisfies RunningDaemon;
  };
}

function counter(metrics: string, line: string): number {
  const found = metrics.split('\n').find((each) => each.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.split(' ').at(-1));
}

function rowCounts(test: TestDaemon): Record<string, number> {
  const tables = ['sessions', 'turns', 'summaries', 'facts', 'response_cache', 'tool_cache'];
  return Object.fromEntries(
    tables.map((table) => [table, (test.daemon.context.database.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n]),
  );
}

describe('the warm-up after a start', () => {
  it('replays the chat into a scratch daemon that shares the tokenizer and embedder, and leaves the running daemon and its data dir as they were', async () => {
    const test = await daemon();
    const rowsBefore = rowCounts(test);
    const seen: Scratch[] = [];
    const warmUp = startWarmUp(test.daemon, { exchanges: WARM_UP_CHAT.length, start: observedStart(seen), logger: test.daemon.context.log.logger });
    const outcome = await warmUp.finished;
    expect(outcome).toMatchObject({ state: 'done', exchanges: WARM_UP_CHAT.length });
    expect(seen).toHaveLength(1);
    const [scratch] = seen as [Scratch];
    expect(scratch.dataDir).toBe(join(test.dir, WARM_UP_DIR));
    expect(scratch.options.tokenizer).toBe(test.daemon.context.tokenizer);
    expect(scratch.options.embedder).toBe(test.daemon.context.embedder);
    expect(scratch.options.scheduler).toBe(false);
    // The chat took the paths a real chat takes.
    expect(counter(scratch.metrics, 'memoryd_http_requests_total{route="/v1/sessions/:sessionId/context",status="200"}')).toBe(WARM_UP_CHAT.length);
    expect(counter(scratch.metrics, 'memoryd_facts_total{kind="added"}')).toBeGreaterThanOrEqual(3);
    expect(counter(scratch.metrics, 'memoryd_facts_total{kind="superseded"}')).toBeGreaterThanOrEqual(1);
    expect(counter(scratch.metrics, 'memoryd_summaries_total')).toBeGreaterThanOrEqual(4);
    expect(counter(scratch.metrics, 'memoryd_cache_hits_total') + counter(scratch.metrics, 'memoryd_dedup_hits_total')).toBeGreaterThanOrEqual(1);
    // Nothing of it reached the running daemon.
    expect(existsSync(scratch.dataDir)).toBe(false);
    expect(rowCounts(test)).toEqual(rowsBefore);
    expect(test.daemon.context.metrics.registry.render()).not.toContain('route="/v1/sessions/:sessionId/context"');
  });

  it('replays the chat again in a new session when asked for more exchanges than it has', async () => {
    const test = await daemon();
    const seen: Scratch[] = [];
    const exchanges = WARM_UP_CHAT.length + 3;
    const outcome = await startWarmUp(test.daemon, { exchanges, start: observedStart(seen), logger: test.daemon.context.log.logger }).finished;
    expect(outcome).toMatchObject({ state: 'done', exchanges });
    expect(counter(seen[0]?.metrics ?? '', 'memoryd_http_requests_total{route="/v1/sessions/:sessionId/context",status="200"}')).toBe(exchanges);
  });

  it('lets the running daemon answer while it runs', async () => {
    const test = await daemon();
    const warmUp = startWarmUp(test.daemon, { exchanges: WARM_UP_CHAT.length, start: startDaemon, logger: test.daemon.context.log.logger });
    const response = await test.client.context('meanwhile', { message: 'Remember that my editor is Kakoune.' });
    expect(response.facts.added.map((fact) => fact.fact)).toEqual([expect.stringContaining('Kakoune')]);
    expect(await warmUp.finished).toMatchObject({ state: 'done' });
    expect((await test.client.listFacts()).facts.map((fact) => fact.fact)).toEqual([expect.stringContaining('Kakoune')]);
  });

  it('stops after the exchange in progress when asked, and removes its folder', async () => {
    const test = await daemon();
    const seen: Scratch[] = [];
    const warmUp = startWarmUp(test.daemon, { exchanges: 200, start: observedStart(seen), logger: test.daemon.context.log.logger });
    // Stopped once it has started replaying: the scratch daemon is up and one exchange is under way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcome = await warmUp.stop();
    expect(outcome.state).toBe('stopped');
    if (outcome.state !== 'stopped') return;
    expect(outcome.exchanges).toBeLessThan(200);
    expect(counter(seen[0]?.metrics ?? '', 'memoryd_http_requests_total{route="/v1/sessions/:sessionId/context",status="200"}')).toBe(outcome.exchanges);
    expect(existsSync(join(test.dir, WARM_UP_DIR))).toBe(false);
  });

  it('reports a failure with the exchange it stopped at, stops the scratch daemon and removes its folder', async () => {
    const test = await daemon();
    const seen: Scratch[] = [];
    const refused: WarmUpExchange = { context: { message: '   ' }, reply: { role: 'assistant', content: 'never sent' } };
    const chat = [WARM_UP_CHAT[0] as WarmUpExchange, refused];
    const outcome = await startWarmUp(test.daemon, { exchanges: 5, chat, start: observedStart(seen), logger: test.daemon.context.log.logger }).finished;
    expect(outcome).toMatchObject({ state: 'failed', exchanges: 1, error: expect.stringContaining('message') });
    expect(seen).toHaveLength(1);
    expect(existsSync(seen[0]?.options.config.socketPath ?? '')).toBe(false);
    expect(existsSync(join(test.dir, WARM_UP_DIR))).toBe(false);
    // The running daemon is untouched and still serves.
    expect((await test.client.health()).status).toBe('ok');
  });

  it('reports a scratch daemon that cannot start, and never rejects', async () => {
    const test = await daemon();
    const start: WarmUpOptions['start'] = () => Promise.reject(new Error('no room for a second daemon'));
    const outcome = await startWarmUp(test.daemon, { exchanges: 3, start, logger: test.daemon.context.log.logger }).finished;
    expect(outcome).toMatchObject({ state: 'failed', exchanges: 0, error: 'no room for a second daemon' });
    expect(existsSync(join(test.dir, WARM_UP_DIR))).toBe(false);
  });

  it('first removes what a warm-up cut short by a crash left', async () => {
    const test = await daemon();
    const leftover = join(test.dir, WARM_UP_DIR);
    mkdirSync(leftover);
    writeFileSync(join(leftover, 'memoryd.db'), 'not a database: a crash left it half written');
    const outcome = await startWarmUp(test.daemon, { exchanges: 2, start: startDaemon, logger: test.daemon.context.log.logger }).finished;
    expect(outcome).toMatchObject({ state: 'done', exchanges: 2 });
    expect(existsSync(leftover)).toBe(false);
  });

  it('does nothing with 0 exchanges', async () => {
    const test = await daemon();
    const seen: Scratch[] = [];
    const outcome = await startWarmUp(test.daemon, { exchanges: 0, start: observedStart(seen), logger: test.daemon.context.log.logger }).finished;
    expect(outcome).toEqual({ state: 'skipped', reason: 'no exchanges to replay' });
    expect(seen).toEqual([]);
  });

  it('is skipped when the scratch socket path would be too long', async () => {
    const test = await daemon();
    const deep = join(test.dir, 'd'.repeat(90));
    const pretend = { ...test.daemon, context: { ...test.daemon.context, config: { ...test.daemon.context.config, dataDir: deep } } };
    const seen: Scratch[] = [];
    const outcome = await startWarmUp(pretend, { exchanges: 2, start: observedStart(seen), logger: test.daemon.context.log.logger }).finished;
    expect(outcome).toEqual({ state: 'skipped', reason: `its socket path would be too long: ${join(deep, WARM_UP_DIR, 'memoryd.sock')}` });
    expect(seen).toEqual([]);
    expect(existsSync(deep)).toBe(false);
  });
});

describe('startDaemon with a given tokenizer', () => {
  it('refuses one built for another encoding than the config says', async () => {
    const test = await daemon();
    const o200k = await createTokenizer('o200k_base');
    const config = loadConfig({ MEMORYD_DATA_DIR: join(test.dir, 'other') }, { cwd: test.dir });
    await expect(startDaemon({ config, tokenizer: o200k, scheduler: false })).rejects.toThrow(/o200k_base tokenizer was given for a daemon configured with cl100k_base/);
  });
});
