import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logFileName } from '../../src/discardable/log-files.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

// A logs dir outside the data dir with `mode`, holding `files`; and the data dir beside it.
function logsDirWith(files: string[], mode: number): { dataDir: string; logsDir: string } {
  const temp = makeTempDir('memoryd-logsdir-');
  defer(temp.remove);
  const logsDir = join(temp.dir, 'shared-logs');
  mkdirSync(logsDir);
  for (const file of files) writeFileSync(join(logsDir, file), 'kept as it is\n');
  chmodSync(logsDir, mode);
  return { dataDir: join(temp.dir, 'data'), logsDir };
}

async function start(dirs: { dataDir: string; logsDir: string }): ReturnType<typeof startTestDaemon> {
  const daemon = await startTestDaemon({ dir: dirs.dataDir, keepDir: true, env: { MEMORYD_LOGS_DIR: dirs.logsDir } });
  defer(() => daemon.stop());
  return daemon;
}

// Another user who can write in the logs dir could put a link where the hour's file goes.
describe('the logs dir permissions', () => {
  it('refuses a shared folder others can write in (sticky, like /tmp), naming MEMORYD_LOGS_DIR, and writes nothing there', async () => {
    const dirs = logsDirWith([], 0o1777);
    await expect(start(dirs)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message:
        `the logs dir ${dirs.logsDir} can be written by other users (mode 1777) and is a shared directory (sticky bit), so memoryd does not change its mode; ` +
        `run \`chmod 700 ${dirs.logsDir}\` if it may be private, or set MEMORYD_LOGS_DIR to a directory of memoryd's own (a new one is made 0700)`,
      details: { issues: [{ path: 'MEMORYD_LOGS_DIR' }] },
    });
    expect(statSync(dirs.logsDir).mode & 0o7777).toBe(0o1777);
    expect(readdirSync(dirs.logsDir)).toEqual([]);
  });

  it('refuses a folder others can write in that holds files not memoryd’s, and changes nothing in it', async () => {
    const dirs = logsDirWith(['notes.txt'], 0o777);
    await expect(start(dirs)).rejects.toThrow(
      `the logs dir ${dirs.logsDir} can be written by other users (mode 777) and holds files that are not memoryd's (notes.txt)`,
    );
    expect(statSync(dirs.logsDir).mode & 0o777).toBe(0o777);
    expect(readdirSync(dirs.logsDir)).toEqual(['notes.txt']);
  });

  it('tightens to 0700 a folder others can write in that holds only memoryd’s log files, and logs there', async () => {
    const dirs = logsDirWith([logFileName(Date.UTC(2026, 10, 21, 9))], 0o777);
    const daemon = await start(dirs);
    expect(statSync(dirs.logsDir).mode & 0o777).toBe(0o700);
    expect((await daemon.client.discard({ kind: 'tool_log', content: 'kept for 24 h' })).logged).toBe(true);
  });

  it('makes private a folder others may read, when it is memoryd\'s own (empty, or only its log files)', async () => {
    for (const files of [[], [logFileName(Date.UTC(2026, 10, 21, 9))]]) {
      const dirs = logsDirWith(files, 0o755);
      const daemon = await start(dirs);
      expect(statSync(dirs.logsDir).mode & 0o777).toBe(0o700);
      expect((await daemon.client.health()).status).toBe('ok');
    }
  });

  it('leaves alone a folder others may read but not write in, when it holds files not memoryd\'s', async () => {
    const dirs = logsDirWith(['notes.txt'], 0o755);
    const daemon = await start(dirs);
    expect(statSync(dirs.logsDir).mode & 0o777).toBe(0o755);
    expect((await daemon.client.health()).status).toBe('ok');
  });
});
