import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { paddedJson } from '../../src/bench/floor-server.js';
import { SocketFloor } from '../../src/bench/socket-floor.js';
import { runScript } from '../helpers/process-output.js';

describe('the socket floor baseline', () => {
  let floor: SocketFloor | null = null;
  afterEach(async () => {
    await floor?.stop();
    floor = null;
  });

  it('pads its answer to exactly the requested size', () => {
    for (const bytes of [10, 11, 5706, 20_000]) {
      const body = paddedJson(bytes);
      expect(body.length).toBe(bytes);
      expect(JSON.parse(body.toString('utf8'))).toEqual({ pad: 'x'.repeat(bytes - 10) });
    }
  });

  it('times every call of every level, interleaved, against a real child on a real socket', async () => {
    floor = await SocketFloor.start([0, 3], 2_000);
    await floor.sample(4, { message: 'what did we decide about the garden?' });
    await floor.sample(2, { message: 'and yesterday?' });
    const levels = floor.levels();
    expect(levels.map((level) => level.workMs)).toEqual([0, 3]);
    expect(levels.map((level) => level.latency.samples)).toEqual([6, 6]);
    // A lower bound that proves the server kept busy: every 3 ms call took at least 3 ms.
    expect(levels[1]?.latency.p50).toBeGreaterThanOrEqual(3);
    const { socketPath } = floor;
    await floor.stop();
    floor = null;
    expect(existsSync(dirname(socketPath))).toBe(false);
  }, 60_000);

  it('answers with a body of the size it was given, and refuses what it does not serve', async () => {
    floor = await SocketFloor.start([0], 5_706);
    const client = new MemorydClient({ socketPath: floor.socketPath });
    try {
      const ok = await client.raw('POST', '/work/0.25', '{"message":"hi"}');
      expect(ok.status).toBe(200);
      expect(Buffer.byteLength(ok.body)).toBe(5_706);
      expect((await client.raw('GET', '/work/0')).status).toBe(404);
      expect((await client.raw('POST', '/work/-1', '{}')).status).toBe(404);
      expect((await client.raw('POST', '/elsewhere', '{}')).status).toBe(404);
      expect((await client.raw('POST', '/work/0', '{not json')).status).toBe(400);
      // Still serving after the refusals.
      expect((await client.raw('POST', '/work/0', '{}')).status).toBe(200);
    } finally {
      client.close();
    }
  }, 60_000);

  it('refuses bad levels and sizes before starting anything', async () => {
    await expect(SocketFloor.start([], 100)).rejects.toThrow(/work levels/);
    await expect(SocketFloor.start([0, -1], 100)).rejects.toThrow(/work levels/);
    await expect(SocketFloor.start([Number.NaN], 100)).rejects.toThrow(/work levels/);
    await expect(SocketFloor.start([0], 5)).rejects.toThrow(/responseBytes/);
    await expect(SocketFloor.start([0], 100.5)).rejects.toThrow(/responseBytes/);
  });

  it('its entry point refuses bad arguments with a usage line and exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'floor-args-'));
    try {
      const result = runScript('floor-server', [join(dir, 's.sock'), 'lots']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/usage: floor-server\.ts <socket path> <response bytes ≥ 10>/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
