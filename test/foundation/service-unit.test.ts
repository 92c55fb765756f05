import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST_ENTRY } from '../../src/cli/dist-paths.js';
import { SETTINGS } from '../../src/config/settings.js';
import { REPO_ROOT, spawnCommand, waitForHealthy } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-unit-');
afterAll(() => temp.remove());

// The [Service] section of scripts/memoryd.service: each key's values, in order.
function serviceSection(): Map<string, string[]> {
  const text = readFileSync(join(REPO_ROOT, 'scripts', 'memoryd.service'), 'utf8');
  const section = text.split(/^\[Service\]$/m)[1]?.split(/^\[/m)[0] ?? '';
  const keys = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const match = /^(\w+)=(.*)$/.exec(line.trim());
    if (match) keys.set(match[1] as string, [...(keys.get(match[1] as string) ?? []), match[2] as string]);
  }
  return keys;
}

// A command line as systemd splits it (the unit uses no quotes), after `/usr/bin/env`.
function command(line: string | undefined): string[] {
  const words = (line ?? '').split(/\s+/).filter(Boolean);
  expect(words[0]).toBe('/usr/bin/env');
  return words.slice(1);
}

describe('scripts/memoryd.service', () => {
  const service = serviceSection();

  it('waits longer for a stop than the longest shutdown MEMORYD_SHUTDOWN_TIMEOUT_MS allows, so systemd never kills a drain', () => {
    const longest = 60_000;
    expect(SETTINGS.shutdownTimeoutMs.parse(String(longest))).toBe(longest);
    expect(SETTINGS.shutdownTimeoutMs.parse(String(longest + 1))).toBeUndefined();
    // The drain, then the flush of queued re-confirmations and the database's close: 5 s for those.
    expect(Number(serviceSection().get('TimeoutStopSec')?.[0]) * 1000).toBeGreaterThanOrEqual(longest + 5_000);
  });

  it('builds before it starts, and starts exactly what the build writes', () => {
    const [builder, ...buildArgs] = command(service.get('ExecStartPre')?.[0]);
    expect(builder).toBe('npm');
    const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts[buildArgs[buildArgs.length - 1] ?? '']).toBeDefined();
    expect(command(service.get('ExecStart')?.[0])).toEqual(['node', DIST_ENTRY]);
    expect(service.get('KillMode')).toEqual(['mixed']);
  });

  it('runs a daemon whose main process exits 0 on SIGTERM and leaves no process behind', async () => {
    const [program, ...args] = command(service.get('ExecStart')?.[0]);
    const environment = Object.fromEntries((service.get('Environment') ?? []).map((pair) => pair.split('=', 2) as [string, string]));
    const dataDir = join(temp.dir, 'data');
    // As systemd runs it: from WorkingDirectory, in a group of its own (the unit's cgroup), SIGTERM to the main process only.
    const spawned = spawnCommand(program as string, args, { ...environment, MEMORYD_DATA_DIR: dataDir, MEMORYD_EMBEDDER: 'hashing' }, { detached: true });
    const { child, exited } = spawned;
    try {
      await waitForHealthy(join(dataDir, 'memoryd.sock'), spawned);
      child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(() => process.kill(-(child.pid as number), 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    } finally {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // Nothing left: the expected case.
      }
    }
  });
});
