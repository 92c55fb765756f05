import { describe, expect, it } from 'vitest';
import { runStart } from '../../src/cli/start.js';
import { unknownSettings } from '../../src/config/unknown-settings.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { captureProcessOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

describe('MEMORYD_* variables that are no setting', () => {
  it('are named, each with the setting it most likely meant', () => {
    expect(
      unknownSettings({
        MEMORYD_TOKENCAP: '8000',
        MEMORYD_TOKEN_CAP: '3000',
        MEMORYD_DATADIR: '/srv',
        MEMORYD_SOKET: 'x.sock',
        MEMORYD_SOMETHING_ELSE: '1',
        MEMORYD_UNSET: undefined,
        HOME: '/root',
      }),
    ).toEqual([
      { name: 'MEMORYD_DATADIR', meant: 'MEMORYD_DATA_DIR' },
      { name: 'MEMORYD_SOKET', meant: 'MEMORYD_SOCKET' },
      { name: 'MEMORYD_SOMETHING_ELSE', meant: null },
      { name: 'MEMORYD_TOKENCAP', meant: 'MEMORYD_TOKEN_CAP' },
    ]);
    expect(unknownSettings({ MEMORYD_TOKEN_CAP: '3000', PATH: '/bin' })).toEqual([]);
  });

  it('are reported by npm start on stderr before anything else (ignored: they change nothing)', async () => {
    const temp = makeTempDir('memoryd-unknown-');
    defer(temp.remove);
    {
      // A bad value too, so the start stops at once after the warning, before any daemon is up.
      const env = { MEMORYD_DATA_DIR: temp.dir, MEMORYD_TOKENCAP: '8000', MEMORYD_WINDOW_MAX: 'many' };
      const { value, stderr } = await captureProcessOutput(() => runStart([], env, temp.dir));
      expect(value).toBe(1);
      expect(stderr.split('\n')[0]).toBe('memoryd: MEMORYD_TOKENCAP is not a setting and is ignored; did you mean MEMORYD_TOKEN_CAP?');
      expect(stderr).toMatch(/MEMORYD_WINDOW_MAX/);
    }
  });
});
