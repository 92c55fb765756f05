import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { loadConfig } from '../../src/config/config.js';
import { startDaemon, type DaemonOptions, type RunningDaemon } from '../../src/daemon.js';
import type { AppMetrics } from '../../src/metrics/app-metrics.js';
import { writeTinyModel } from '../../src/embeddings/tiny-model.js';
import { createTransformersEmbedder } from '../../src/embeddings/transformers-embedder.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import { WARM_UP_CHAT, type WarmUpExchange } from '../../src/warm-up/chat.js';
import { warmUp, type WarmUpOptions, type WarmUpOutcome } from '../../src/warm-up/warm-up.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { spawnDaemon, waitForHealthy } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// The warm-up on real daemons: the running one (a test daemon) and the scratch one it
// starts in the same process, on real sockets and SQLite files.

const defer = cleanupAfterEach();
// A warm-up nobody stops.
const NO_STOP = new AbortController().signal;
async function daemon(options: Parameters<typeof startTestDaemon>[0] = {}): Promise<TestDaemon> {
  const test = await startTestDaemon(options);
  defer(() => test.stop());
  return test;
}

// A private temp root for the scratch folders, so a test sees exactly what the warm-up left.
function tempRoot(): string {
  const temp = makeTempDir('memoryd-warm-up-root-');
  defer(temp.remove);
  return temp.dir;
}

// What the scratch daemon was started with, and its metrics (read after it stopped).
interface Scratch {
  options: DaemonOptions;
  metrics: AppMetrics;
}

// `startDaemon`, keeping what the warm-up's scratch daemon did before it stops.
function observedStart(seen: Scratch[]): NonNullable<WarmUpOptions['start']> {
  return async (options: DaemonOptions) => {
    const scratch = await startDaemon(options);
    return {
      ...scratch,
      stop: async (reason: string) => {
        seen.push({ options, metrics: scratch.context.metrics });
        return scratch.stop(reason);
      },
    } satisfies RunningDaemon;
  };
}

// A warm-up of `test`'s daemon, not stopped and in a temp root of its own unless `options`
// say otherwise, its scratch daemon observed (`seen`).
async function runWarmUp(test: TestDaemon, options: Partial<WarmUpOptions> & Pick<WarmUpOptions, 'exchanges'>): Promise<{ outcome: WarmUpOutcome; seen: Scratch[] }> {
  const seen: Scratch[] = [];
  const outcome = await warmUp(test.daemon, { start: observedStart(seen), tempRoot: tempRoot(), logger: test.daemon.context.log.logger, signal: NO_STOP, ...options });
  return { outcome, seen };
}

// Context calls a daemon answered with 200.
const contextCalls = (metrics: AppMetrics | undefined): number => metrics?.httpRequests.get({ route: '/v1/sessions/:sessionId/context', status: '200' }) ?? 0;

function rowCounts(test: TestDaemon): Record<string, number> {
  const tables = ['sessions', 'turns', 'summaries', 'facts', 'response_cache', 'tool_cache'];
  return Object.fromEntries(
    tables.map((table) => [table, (test.daemon.context.database.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n]),
  );
}

describe('the warm-up after a start', () => {
  it('replays the chat into a scratch daemon that shares the tokenizer and embedder, and leaves the running daemon and its data dir as they were', async () => {
    const test = await daemon();
    const root = tempRoot();
    const rowsBefore = rowCounts(test);
    const filesBefore = readdirSync(test.dir).sort();
    const { outcome, seen } = await runWarmUp(test, { exchanges: WARM_UP_CHAT.length, tempRoot: root });
    expect(outcome).toMatchObject({ state: 'done', exchanges: WARM_UP_CHAT.length });
    expect(seen).toHaveLength(1);
    const [scratch] = seen as [Scratch];
    expect(scratch.options.config.dataDir.startsWith(join(root, `memoryd-warm-up-${process.pid}-`))).toBe(true);
    expect(scratch.options.tokenizer).toBe(test.daemon.context.tokenizer);
    expect(scratch.options.embedder).toBe(test.daemon.context.embedder);
    expect(scratch.options.scheduler).toBe(false);
    // The chat took the paths a real chat takes (exact counts: the chat and the hashing embedder are fixed).
    expect(contextCalls(scratch.metrics)).toBe(WARM_UP_CHAT.length);
    expect(scratch.metrics.facts.get({ kind: 'added' })).toBe(4);
    expect(scratch.metrics.facts.get({ kind: 'superseded' })).toBe(1);
    // Written by its context calls and by its recorded answers and tool results (an answer
    // the summary before took as its outcome writes none of its own).
    expect(scratch.metrics.summariesCreated.get()).toBe(17);
    // The rephrased question ("What's the capital…") is answered from the cached one.
    expect(scratch.metrics.dedupHits.get()).toBe(1);
    // Nothing of it is left, and none of it reached the running daemon.
    expect(readdirSync(root)).toEqual([]);
    expect(readdirSync(test.dir).sort()).toEqual(filesBefore);
    expect(rowCounts(test)).toEqual(rowsBefore);
    expect(contextCalls(test.daemon.context.metrics)).toBe(0);
  });

  it('shares a transformers embedder (the tiny generated model) with the running daemon, which embeds as before after it', async () => {
    const models = makeTempDir('memoryd-warm-up-model-');
    defer(models.remove);
    const { modelId } = await writeTinyModel(models.dir, { dims: 24 });
    const embedder = await createTransformersEmbedder({ modelsDir: models.dir, modelId });
    const test = await daemon({ embedder });
    const before = Array.from(await embedder.embed('Remember that my editor is Helix.'));
    const { outcome, seen } = await runWarmUp(test, { exchanges: 6, tempRoot: tempRoot() });
    expect(outcome).toMatchObject({ state: 'done', exchanges: 6 });
    expect(seen[0]?.options.embedder).toBe(embedder);
    expect(Array.from(await embedder.embed('Remember that my editor is Helix.'))).toEqual(before);
    expect((await test.client.context('after', { message: 'Remember that my editor is Helix.' })).facts.added).toHaveLength(1);
  });

  it('replays the chat again in a new session when asked for more exchanges than it has', async () => {
    const test = await daemon();
    const exchanges = WARM_UP_CHAT.length + 3;
    const { outcome, seen } = await runWarmUp(test, { exchanges, tempRoot: tempRoot() });
    expect(outcome).toMatchObject({ state: 'done', exchanges });
    expect(contextCalls(seen[0]?.metrics)).toBe(exchanges);
  });

  it('leaves the running daemon serving half way through, each daemon keeping its own facts (the warm-up waits on the request: how long a request can wait is not measured here)', async () => {
    const test = await daemon();
    let answered: string[] = [];
    const onExchange = async (done: number): Promise<void> => {
      if (done !== 2) return;
      // The warm-up waits here, half way, until the running daemon has answered.
      const response = await test.client.context('meanwhile', { message: 'Remember that my editor is Kakoune.' });
      answered = response.facts.added.map((fact) => fact.fact);
    };
    const { outcome } = await runWarmUp(test, { exchanges: 4, onExchange, tempRoot: tempRoot() });
    expect(outcome).toMatchObject({ state: 'done', exchanges: 4 });
    expect(answered).toEqual([expect.stringContaining('Kakoune')]);
    // The warm-up's "my editor is Helix" went to the scratch daemon only.
    expect((await test.client.listFacts()).facts.map((fact) => fact.fact)).toEqual([expect.stringContaining('Kakoune')]);
  });

  it('stops after the request in progress when asked, and removes its folder', async () => {
    const test = await daemon();
    const root = tempRoot();
    const stop = new AbortController();
    const { outcome, seen } = await runWarmUp(test, {
      exchanges: 200,
      tempRoot: root,
      signal: stop.signal,
      onExchange: (done) => {
        if (done === 3) stop.abort();
      },
    });
    expect(outcome).toMatchObject({ state: 'stopped', exchanges: 3 });
    expect(contextCalls(seen[0]?.metrics)).toBe(3);
    expect(readdirSync(root)).toEqual([]);
  });

  it('does not start a scratch daemon when stopped before it began (a signal while the daemon started)', async () => {
    const test = await daemon();
    const root = tempRoot();
    const stopped = AbortSignal.abort();
    const { outcome, seen } = await runWarmUp(test, { exchanges: 24, tempRoot: root, signal: stopped });
    expect(outcome).toMatchObject({ state: 'stopped', exchanges: 0 });
    expect(seen).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
  });

  it('reports a failure with the exchanges done, stops the scratch daemon and removes its folder', async () => {
    const test = await daemon();
    const root = tempRoot();
    const refused: WarmUpExchange = { context: { message: '   ' }, reply: { role: 'assistant', content: 'never sent' } };
    const chat = [WARM_UP_CHAT[0] as WarmUpExchange, refused];
    const { outcome, seen } = await runWarmUp(test, { exchanges: 5, chat, tempRoot: root });
    expect(outcome).toMatchObject({ state: 'failed', exchanges: 1, error: expect.stringContaining('message') });
    expect(seen).toHaveLength(1);
    expect(existsSync(seen[0]?.options.config.socketPath ?? '')).toBe(false);
    expect(readdirSync(root)).toEqual([]);
    // The running daemon is untouched and still serves.
    expect((await test.client.health()).status).toBe('ok');
  });

  it('reports a scratch daemon that cannot start, removes its folder, and never rejects', async () => {
    const test = await daemon();
    const root = tempRoot();
    const start = (): Promise<RunningDaemon> => Promise.reject(new Error('no room for a second daemon'));
    const { outcome } = await runWarmUp(test, { exchanges: 3, start, tempRoot: root });
    expect(outcome).toMatchObject({ state: 'failed', exchanges: 0, error: 'no room for a second daemon' });
    expect(readdirSync(root)).toEqual([]);
  });

  it('first deletes the folders that warm-ups of processes no longer running left, and only those', async () => {
    const test = await daemon();
    const root = tempRoot();
    const exited = spawnSync(process.execPath, ['-e', '']);
    const dead = `memoryd-warm-up-${exited.pid}-a1B2c3`;
    const live = `memoryd-warm-up-${process.ppid}-d4E5f6`;
    for (const name of [dead, live, 'memoryd-warm-up-notes', 'other-folder']) mkdirSync(join(root, name));
    writeFileSync(join(root, dead, 'memoryd.db'), 'a scratch database a crash left');
    const { outcome } = await runWarmUp(test, { exchanges: 1, tempRoot: root });
    expect(outcome).toMatchObject({ state: 'done', exchanges: 1 });
    expect(readdirSync(root).sort()).toEqual([live, 'memoryd-warm-up-notes', 'other-folder'].sort());
  });

  it('does nothing with 0 exchanges', async () => {
    const test = await daemon();
    const root = tempRoot();
    const { outcome, seen } = await runWarmUp(test, { exchanges: 0, tempRoot: root });
    expect(outcome).toEqual({ state: 'off' });
    expect(seen).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
  });

  it('is skipped when the scratch socket path would be too long, leaving nothing', async () => {
    const test = await daemon();
    const root = join(tempRoot(), 'd'.repeat(90));
    mkdirSync(root);
    const { outcome, seen } = await runWarmUp(test, { exchanges: 2, tempRoot: root });
    expect(outcome).toMatchObject({ state: 'skipped', reason: expect.stringMatching(/^its socket path would be too long: .*\/s\.sock$/) });
    expect(seen).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
  });
});

// The turns the scratch daemon in `tmp` holds in the chat's first session, asked on its own
// socket; 0 before it listens or has one, and once it is gone.
async function scratchTurns(tmp: string): Promise<number> {
  const folder = readdirSync(tmp).find((name) => name.startsWith('memoryd-warm-up-'));
  if (folder === undefined) return 0;
  let client: MemorydClient | undefined;
  try {
    const socket = readdirSync(join(tmp, folder)).find((name) => name.endsWith('.sock'));
    if (socket === undefined) return 0;
    client = new MemorydClient({ socketPath: join(tmp, folder, socket), timeoutMs: 2_000 });
    return (await client.session('warm-up-1')).lastTurnNumber;
  } catch {
    // Not listening yet, no turn yet (404), or already removed: the poll asks again.
    return 0;
  } finally {
    client?.close();
  }
}

// The NDJSON lines a daemon printed with --verbose.
function logLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('npm start and the warm-up', () => {
  it('logs the warm-up once it is done, and a SIGTERM during it stops the daemon cleanly with nothing left in the temp dir', async () => {
    const temp = makeTempDir();
    defer(temp.remove);
    const dataDir = join(temp.dir, 'data');
    const tmp = join(temp.dir, 'tmp');
    mkdirSync(tmp);
    const env = { MEMORYD_DATA_DIR: dataDir, MEMORYD_EMBEDDER: 'hashing', TMPDIR: tmp, MEMORYD_WARM_UP_EXCHANGES: '24' };

    const done = spawnDaemon(env, ['--verbose']);
    await waitForHealthy(join(dataDir, 'memoryd.sock'), done);
    await expect.poll(() => done.output.stdout, { timeout: 20_000 }).toMatch(/warm-up done/);
    expect(readdirSync(tmp)).toEqual([]);
    done.child.kill('SIGTERM');
    expect(await done.exited).toEqual({ code: 0, signal: null });

    // Signalled once the scratch daemon holds a whole exchange (the user's and the assistant's
    // turn): the warm-up is under way, and 200 exchanges take over a second, so it is cut short.
    const cut = spawnDaemon({ ...env, MEMORYD_WARM_UP_EXCHANGES: '200' }, ['--verbose']);
    await waitForHealthy(join(dataDir, 'memoryd.sock'), cut);
    await expect.poll(() => scratchTurns(tmp), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    cut.child.kill('SIGTERM');
    expect(await cut.exited).toEqual({ code: 0, signal: null });
    const stopped = logLines(cut.output.stdout).find((line) => line['msg'] === 'warm-up stopped');
    expect(stopped?.['exchanges']).toBeGreaterThanOrEqual(1);
    expect(stopped?.['exchanges']).toBeLessThan(200);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('startDaemon with a given tokenizer', () => {
  it('refuses one built for another encoding than the config says, before touching anything', async () => {
    const temp = makeTempDir();
    defer(temp.remove);
    const o200k = await createTokenizer('o200k_base');
    const dataDir = join(temp.dir, 'other');
    const config = loadConfig({ MEMORYD_DATA_DIR: dataDir }, { cwd: temp.dir });
    await expect(startDaemon({ config, tokenizer: o200k, scheduler: false })).rejects.toThrow(/o200k_base tokenizer was given for a daemon configured with cl100k_base/);
    expect(existsSync(dataDir)).toBe(false);
  });
});
