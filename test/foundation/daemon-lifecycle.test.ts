import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { spawnDaemon, waitForHealthy } from '../helpers/spawn-daemon.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';

const defer = cleanupAfterEach();

async function started(options: Parameters<typeof startTestDaemon>[0] = {}): Promise<TestDaemon> {
  const daemon = await startTestDaemon(options);
  defer(() => daemon.stop());
  return daemon;
}

function tempDir(): string {
  const temp = makeTempDir();
  defer(temp.remove);
  return temp.dir;
}

describe('the daemon in process', () => {
  it('answers its health check over the real socket', async () => {
    const { client } = await started();
    const health = await client.health();
    expect(health).toMatchObject({ status: 'ok', db: 'ok', tokenizer: 'cl100k_base', tokenCap: 4000 });
    expect(health.embedder).toMatchObject({ kind: 'hashing' });
    expect(health.embedder.dims).toBeGreaterThanOrEqual(384);
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('serves an OpenAPI document that lists its routes', async () => {
    const { client } = await started();
    const doc = await client.openapi();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths as object)).toEqual(expect.arrayContaining(['/v1/health', '/v1/openapi.json']));
  });

  it('keeps the socket 0600 inside a directory only its owner can enter', async () => {
    const { config } = await started();
    expect(statSync(config.socketPath).mode & 0o777).toBe(0o600);
    expect(statSync(config.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(config.dbPath).mode & 0o777).toBe(0o600);
  });

  it('refuses a second daemon on the same socket, leaving the first one serving', async () => {
    const first = await started();
    await expect(startTestDaemon({ dir: first.dir })).rejects.toMatchObject({ code: 'ALREADY_RUNNING' });
    expect((await first.client.health()).status).toBe('ok');
  });

  it('refuses a second daemon on the same database through another socket, and lets one start once the first stops', async () => {
    const dir = tempDir();
    const first = await started({ dir });
    const second = startTestDaemon({ dir, env: { MEMORYD_SOCKET: 'other.sock' } });
    await expect(second).rejects.toMatchObject({ code: 'ALREADY_RUNNING' });
    await expect(second).rejects.toThrow(/another memoryd is already using the database/);
    expect(existsSync(join(dir, 'other.sock'))).toBe(false);
    expect((await first.client.health()).status).toBe('ok');
    await first.stop();
    const next = await started({ dir, env: { MEMORYD_SOCKET: 'other.sock' } });
    expect((await next.client.health()).status).toBe('ok');
  });

  it('starts with MEMORYD_DB in a directory that does not exist yet (its lock file goes beside it)', async () => {
    const dir = tempDir();
    const daemon = await started({ dir, env: { MEMORYD_DB: 'nested/deeper/memoryd.db' } });
    expect((await daemon.client.health()).status).toBe('ok');
    expect(existsSync(join(dir, 'nested', 'deeper', 'memoryd.db.lock'))).toBe(true);
  });

  it('is not kept from its database by a daemon that was killed', async () => {
    const dir = tempDir();
    const spawned = spawnDaemon({ MEMORYD_DATA_DIR: dir, MEMORYD_EMBEDDER: 'hashing' });
    await waitForHealthy(join(dir, 'memoryd.sock'), spawned);
    spawned.child.kill('SIGKILL');
    await spawned.exited;
    const daemon = await started({ dir });
    expect((await daemon.client.health()).status).toBe('ok');
  });

  it('replaces a stale socket left by a crashed daemon', async () => {
    const dir = tempDir();
    const socketPath = join(dir, 'memoryd.sock');
    // A process that binds the socket and dies without cleaning up, like a crash.
    const crashed = spawnSync(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    expect(crashed.signal).toBe('SIGKILL');
    expect(statSync(socketPath).isSocket()).toBe(true);
    const daemon = await started({ dir });
    expect((await daemon.client.health()).status).toBe('ok');
  });

  it('refuses to delete a socket path that is not a socket', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'precious');
    await expect(startTestDaemon({ dir, env: { MEMORYD_SOCKET: 'notes.txt' } })).rejects.toThrow(/is not a socket/);
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true);
  });

  it('applies migrations on an empty directory and again, idempotently, on restart', async () => {
    const dir = tempDir();
    const first = await startTestDaemon({ dir, keepDir: true });
    await first.stop();
    const second = await startTestDaemon({ dir, keepDir: true });
    await second.stop();
    const db = new BetterSqlite3(join(dir, 'memoryd.db'), { readonly: true });
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all();
    const migrations = db.prepare('select count(*) from __drizzle_migrations').pluck().get();
    const journal = db.pragma('journal_mode', { simple: true });
    db.close();
    expect(tables).toEqual(expect.arrayContaining(['facts', 'turns', 'summaries', 'sessions', 'errors', 'response_cache', 'tool_cache', 'job_runs']));
    expect(migrations).toBeGreaterThanOrEqual(1);
    expect(journal).toBe('wal');
  });

  it('removes its socket when stopped', async () => {
    const daemon = await startTestDaemon();
    const socketPath = daemon.config.socketPath;
    await daemon.stop();
    expect(existsSync(socketPath)).toBe(false);
  });
});

describe('the daemon as a process', () => {
  it('exits 0 on SIGTERM and removes its socket', async () => {
    const dir = tempDir();
    const spawned = spawnDaemon({ MEMORYD_DATA_DIR: dir, MEMORYD_EMBEDDER: 'hashing' });
    const socketPath = join(dir, 'memoryd.sock');
    await waitForHealthy(socketPath, spawned);
    expect(spawned.output.stdout).toContain(`listening on ${socketPath}`);
    spawned.child.kill('SIGTERM');
    expect(await spawned.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(socketPath)).toBe(false);
  });

  it('prints debug lines to stdout with --verbose, and writes its logs under data/logs', async () => {
    const dir = tempDir();
    const spawned = spawnDaemon({ MEMORYD_DATA_DIR: dir, MEMORYD_EMBEDDER: 'hashing' }, ['--verbose']);
    const socketPath = join(dir, 'memoryd.sock');
    await waitForHealthy(socketPath, spawned);
    spawned.child.kill('SIGTERM');
    await spawned.exited;
    const debugLines = spawned.output.stdout.split('\n').filter((line) => line.startsWith('{') && JSON.parse(line).level === 20);
    expect(debugLines.length).toBeGreaterThan(0);
    const logFiles = readdirSync(join(dir, 'logs'));
    expect(logFiles.some((name) => /^memoryd-\d{8}T\d{2}\.ndjson$/.test(name))).toBe(true);
  });

  it('keeps a discardable record\'s content out of stdout with --verbose: only the log files get it', async () => {
    const dir = tempDir();
    const spawned = spawnDaemon({ MEMORYD_DATA_DIR: dir, MEMORYD_EMBEDDER: 'hashing' }, ['--verbose']);
    const socketPath = join(dir, 'memoryd.sock');
    await waitForHealthy(socketPath, spawned);
    const client = new MemorydClient({ socketPath, timeoutMs: 5000 });
    defer(() => client.close());
    const marker = 'discardable-marker-7f3a';
    await client.discard({ kind: 'tool_log', content: `tool output with ${marker}`, toolName: 'search' });
    spawned.child.kill('SIGTERM');
    expect((await spawned.exited).code).toBe(0);
    const stdoutRecord = spawned.output.stdout.split('\n').find((line) => line.includes('"discardable record"'));
    expect(stdoutRecord).toBeDefined();
    expect(JSON.parse(stdoutRecord ?? '{}')).toMatchObject({ kind: 'tool_log', toolName: 'search', content: '[40 characters, in the log files only]' });
    expect(spawned.output.stdout).not.toContain(marker);
    const logs = readdirSync(join(dir, 'logs')).map((name) => readFileSync(join(dir, 'logs', name), 'utf8')).join('');
    expect(logs).toContain(marker);
  });

  it('finishes its shutdown when a second signal comes while it drains (npm and a terminal both forward Ctrl-C)', async () => {
    const dir = tempDir();
    const spawned = spawnDaemon({ MEMORYD_DATA_DIR: dir, MEMORYD_EMBEDDER: 'hashing', MEMORYD_SHUTDOWN_TIMEOUT_MS: '1500' });
    const socketPath = join(dir, 'memoryd.sock');
    await waitForHealthy(socketPath, spawned);
    // A request still arriving keeps the shutdown waiting, up to its timeout.
    const slow = connect(socketPath);
    defer(() => slow.destroy());
    slow.on('error', () => undefined);
    await new Promise<void>((resolve) => slow.once('connect', resolve));
    slow.write('POST /v1/facts HTTP/1.1\r\nHost: memoryd\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"fact"');
    await new Promise((resolve) => setTimeout(resolve, 100));
    spawned.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    spawned.child.kill('SIGINT');
    spawned.child.kill('SIGTERM');
    expect(await spawned.exited).toEqual({ code: 0, signal: null });
    expect(spawned.output.stderr).toContain('SIGINT received while stopping (after SIGINT); still stopping');
    expect(existsSync(socketPath)).toBe(false);
  });

  it('exits 0 on SIGINT too', async () => {
    const dir = tempDir();
    const spawned = spawnDaemon({ MEMORYD_DATA_DIR: dir, MEMORYD_EMBEDDER: 'hashing' });
    await waitForHealthy(join(dir, 'memoryd.sock'), spawned);
    spawned.child.kill('SIGINT');
    expect((await spawned.exited).code).toBe(0);
  });

  it('stops at start with a message naming a bad variable and a non-zero exit', async () => {
    const dir = tempDir();
    const spawned = spawnDaemon({ MEMORYD_DATA_DIR: dir, MEMORYD_TOKEN_CAP: 'many' });
    expect((await spawned.exited).code).toBe(1);
    expect(spawned.output.stderr).toContain('MEMORYD_TOKEN_CAP: must be an integer');
    expect(existsSync(join(dir, 'memoryd.sock'))).toBe(false);
  });

  it('refuses to start beside a running daemon with a clear message', async () => {
    const first = await started();
    const spawned = spawnDaemon({ MEMORYD_DATA_DIR: first.dir, MEMORYD_EMBEDDER: 'hashing' });
    expect((await spawned.exited).code).toBe(1);
    expect(spawned.output.stderr).toContain('another memoryd is already serving');
    expect((await first.client.health()).status).toBe('ok');
  });
});
