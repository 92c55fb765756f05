import { copyFileSync, renameSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { DATABASE_FILE_CHECK_MS } from '../../src/lifecycle/database-file-watch.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { startDaemonWithSocketOutside, type TestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

afterEach(() => {
  vi.useRealTimers();
});

const started = (): Promise<TestDaemon> => startDaemonWithSocketOutside(defer);

async function send(daemon: TestDaemon, method: string, path: string, body: unknown): Promise<{ status: number; error?: { code: string; message: string } }> {
  const response = await daemon.client.raw(method, path, JSON.stringify(body));
  const parsed = JSON.parse(response.body) as { error?: { code: string; message: string } };
  return { status: response.status, ...(parsed.error === undefined ? {} : { error: parsed.error }) };
}

// Read on the daemon's own connection: the deleted file is still open there.
function turnCount(daemon: TestDaemon): number {
  return Number(daemon.daemon.context.database.sqlite.prepare('SELECT count(*) FROM turns').pluck().get());
}

const say = (message: string): unknown => ({ message });

describe('the data dir deleted under a running daemon', () => {
  it('makes health answer 503 naming the database file as gone', async () => {
    const daemon = await started();
    expect((await daemon.client.health()).status).toBe('ok');
    rmSync(daemon.config.dataDir, { recursive: true });

    const health = await daemon.client.raw('GET', '/v1/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({
      status: 'degraded',
      db: 'error',
      dbError: expect.stringContaining(`the database file ${daemon.config.dbPath} is gone`),
      error: { code: 'UNAVAILABLE', details: { down: ['db'] } },
    });
  });

  it('says, when the file was replaced, to delete the old -wal and -shm before starting again', async () => {
    const daemon = await started();
    const path = daemon.config.dbPath;
    copyFileSync(path, `${path}.copy`);
    renameSync(`${path}.copy`, path);
    const health = JSON.parse((await daemon.client.raw('GET', '/v1/health')).body) as { dbError?: string };
    expect(health.dbError).toBe(
      `the database file ${path} is another file now (replaced while memoryd ran), so a write would go to a file the next start does not open; ` +
        `stop memoryd, delete ${path}-wal and ${path}-shm (they belong to the file that was replaced), then start it to open the new file`,
    );
  });

  it('refuses writes with 503 UNAVAILABLE naming the file, and changes nothing', async () => {
    const daemon = await started();
    expect((await send(daemon, 'POST', sessionPath('s', '/context'), say('The plumber comes on Tuesday.'))).status).toBe(200);
    const turns = turnCount(daemon);
    rmSync(daemon.config.dataDir, { recursive: true });
    await daemon.client.raw('GET', '/v1/health');

    const context = await send(daemon, 'POST', sessionPath('s', '/context'), say('And the electrician on Friday.'));
    expect(context).toMatchObject({ status: 503, error: { code: 'UNAVAILABLE', message: expect.stringContaining(`${daemon.config.dbPath} is gone`) } });
    const reply = await send(daemon, 'POST', sessionPath('s', '/turns'), { role: 'assistant', content: 'Noted.' });
    expect(reply).toMatchObject({ status: 503, error: { code: 'UNAVAILABLE' } });
    const fact = await send(daemon, 'POST', '/v1/facts', { fact: 'My editor is Helix.', domain: 'work' });
    expect(fact).toMatchObject({ status: 503, error: { code: 'UNAVAILABLE' } });
    const cached = await send(daemon, 'PUT', '/v1/tool-cache/search', { params: { q: 'tiles' }, result: 'three shops', idempotent: true });
    expect(cached).toMatchObject({ status: 503, error: { code: 'UNAVAILABLE' } });
    const trace = await send(daemon, 'POST', '/v1/discard', { kind: 'stack_trace', content: 'at main()', error: { code: 'E_BOOM', message: 'boom' } });
    expect(trace).toMatchObject({ status: 503, error: { code: 'UNAVAILABLE' } });
    expect(turnCount(daemon)).toBe(turns);
    const count = (table: string) => daemon.daemon.context.database.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    expect([count('tool_cache'), count('errors')]).toEqual([0, 0]);
  });

  it('refuses writes within one check interval, without a health check', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const daemon = await started();
    rmSync(daemon.config.dataDir, { recursive: true });

    vi.advanceTimersByTime(DATABASE_FILE_CHECK_MS);
    const context = await send(daemon, 'POST', sessionPath('s', '/context'), say('The plumber comes on Tuesday.'));
    expect(context).toMatchObject({ status: 503, error: { code: 'UNAVAILABLE' } });
    expect(turnCount(daemon)).toBe(0);
  });

  it('takes writes again when the same file is moved back to its path', async () => {
    const daemon = await started();
    const { dataDir } = daemon.config;
    renameSync(dataDir, `${dataDir}.moved`);
    defer(() => rmSync(`${dataDir}.moved`, { recursive: true, force: true }));
    expect((await daemon.client.raw('GET', '/v1/health')).status).toBe(503);
    expect((await send(daemon, 'POST', sessionPath('s', '/context'), say('The plumber comes on Tuesday.'))).status).toBe(503);

    renameSync(`${dataDir}.moved`, dataDir);
    expect((await daemon.client.health()).status).toBe('ok');
    expect((await send(daemon, 'POST', sessionPath('s', '/context'), say('The plumber comes on Tuesday.'))).status).toBe(200);
  });
});
