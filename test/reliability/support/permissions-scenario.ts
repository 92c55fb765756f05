import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../helpers/cleanups.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../../helpers/test-daemon.js';

const NOBODY = 65534;

// How this process can run a command as `nobody`, or why it cannot.
function asNobody(): { prefix: string[] } | { reason: string } {
  if (process.getuid?.() !== 0) return { reason: 'the tests do not run as root, so they cannot switch to another user' };
  const has = (tool: string): boolean => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  if (has('setpriv')) return { prefix: ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--'] };
  if (has('runuser')) return { prefix: ['runuser', '-u', 'nobody', '--'] };
  return { reason: 'neither setpriv nor runuser is installed' };
}

// Connects to `socketPath` from a node process run as nobody: 'connected' or the error code.
function connectAsNobody(prefix: readonly string[], socketPath: string): string {
  const script = `const s=require('net').connect(process.argv[1]);s.on('connect',()=>{console.log('connected');s.destroy()});s.on('error',(e)=>console.log(e.code))`;
  const [command, ...args] = [...prefix, process.execPath, '-e', script, socketPath];
  const result = spawnSync(command ?? 'false', args, { encoding: 'utf8', timeout: 20_000 });
  if (result.status !== 0) throw new Error(`running as nobody failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** Permissions: the socket is 0600 in a 0700 directory, and another user is refused. */
export function permissionsSuite(): void {
  describe('permissions', () => {
    const defer = cleanupAfterEach();
    const started = async (options: Parameters<typeof startTestDaemon>[0] = {}): Promise<TestDaemon> => {
      const daemon = await startTestDaemon({ env: { MEMORYD_LOG_LEVEL: 'warn' }, ...options });
      defer(() => daemon.stop());
      return daemon;
    };

    it('serves on a 0600 socket in a 0700 data dir, and keeps the database files 0600', async () => {
      const daemon = await started();
      await daemon.client.json('POST', '/v1/sessions/perm-1/context', { message: 'a write, so the WAL files exist' });
      expect(statSync(daemon.config.socketPath).mode & 0o777).toBe(0o600);
      expect(statSync(daemon.config.dataDir).mode & 0o777).toBe(0o700);
      for (const file of [daemon.config.dbPath, `${daemon.config.dbPath}-wal`, `${daemon.config.dbPath}-shm`]) {
        expect({ file, exists: existsSync(file) }).toEqual({ file, exists: true });
        expect({ file, mode: statSync(file).mode & 0o777 }).toEqual({ file, mode: 0o600 });
      }
      expect(statSync(daemon.config.logsDir).mode & 0o077).toBe(0);
    });

    it('tightens a data dir created 0755 to 0700 before it opens anything inside', async () => {
      const temp = makeTempDir('memoryd-perm-');
      defer(temp.remove);
      const dataDir = join(temp.dir, 'data');
      mkdirSync(dataDir, { mode: 0o755 });
      chmodSync(dataDir, 0o755);
      const daemon = await started({ dir: dataDir, keepDir: true });
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect((await daemon.client.health()).status).toBe('ok');
    });

    it('refuses a socket in a directory other users can enter, naming the setting', async () => {
      const temp = makeTempDir('memoryd-perm-');
      defer(temp.remove);
      const open = join(temp.dir, 'shared');
      mkdirSync(open);
      chmodSync(open, 0o711);
      const dataDir = join(temp.dir, 'data');
      await expect(startTestDaemon({ dir: dataDir, keepDir: true, env: { MEMORYD_SOCKET: join(open, 'memoryd.sock') } })).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringContaining('can be entered by other users'),
      });
      expect(existsSync(join(open, 'memoryd.sock'))).toBe(false);
    });

    const nobody = asNobody();
    if ('reason' in nobody) {
      console.warn(`[permissions] SKIPPED the connect-as-another-user checks: ${nobody.reason}`);
      it.skip(`refuses a connection from another user (skipped: ${nobody.reason})`, () => {});
      return;
    }

    it('refuses a connection from another user (nobody), by the directory and by the socket mode', async () => {
      // Control: a world-writable socket in an open directory accepts nobody, so a refusal below is the daemon's doing.
      const temp = makeTempDir('memoryd-perm-');
      defer(temp.remove);
      chmodSync(temp.dir, 0o755);
      const controlPath = join(temp.dir, 'control.sock');
      const control = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => control.listen(controlPath, resolve));
      defer(() => new Promise<void>((resolve) => control.close(() => resolve())));
      chmodSync(controlPath, 0o666);
      expect(connectAsNobody(nobody.prefix, controlPath)).toBe('connected');

      const daemon = await started();
      // The data dir (0700) stops nobody before the socket is even reached…
      expect(connectAsNobody(nobody.prefix, daemon.config.socketPath)).toMatch(/^(EACCES|EPERM)$/);
      // …and were the directory opened by mistake, the socket's own 0600 still refuses.
      chmodSync(daemon.config.dataDir, 0o755);
      expect(connectAsNobody(nobody.prefix, daemon.config.socketPath)).toMatch(/^(EACCES|EPERM)$/);
      chmodSync(daemon.config.dataDir, 0o700);
      expect((await daemon.client.health()).status).toBe('ok');
    });
  });
}
