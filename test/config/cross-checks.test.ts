import { describe, expect, it } from 'vitest';
import { loadConfig, type Environment } from '../../src/config/config.js';
import { ConfigError, type FieldIssue } from '../../src/errors.js';

const cwd = '/home/someone/memoryd';

interface Where {
  platform?: NodeJS.Platform;
  cwd?: string;
}

function configError(env: Environment, where: Where): ConfigError {
  try {
    loadConfig(env, { cwd: where.cwd ?? cwd, platform: where.platform ?? 'linux' });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

function issuesOf(env: Environment, where: Where = {}): FieldIssue[] {
  return configError(env, where).details?.['issues'] as FieldIssue[];
}

function messageOf(env: Environment, where: Where = {}): string {
  return configError(env, where).message;
}

// A rule between settings names every variable it involves, with its value and whether the
// environment set it, and files the issue under a variable the user set on a side of what fails.
describe('rules between settings', () => {
  it('window sizes: MIN ≤ DEFAULT ≤ MAX, naming the three values, which was set and which inequality fails', () => {
    expect(issuesOf({ MEMORYD_WINDOW_MIN: '9' })).toEqual([
      {
        path: 'MEMORYD_WINDOW_MIN',
        message:
          'window sizes must satisfy MIN ≤ DEFAULT ≤ MAX, but MEMORYD_WINDOW_MIN=9 (set) is over MEMORYD_WINDOW_DEFAULT=6 (default); ' +
          'got MEMORYD_WINDOW_MIN=9 (set), MEMORYD_WINDOW_DEFAULT=6 (default), MEMORYD_WINDOW_MAX=8 (default)',
      },
    ]);
    expect(messageOf({ MEMORYD_WINDOW_MAX: '3', MEMORYD_WINDOW_DEFAULT: '2' })).toContain(
      '  MEMORYD_WINDOW_DEFAULT: window sizes must satisfy MIN ≤ DEFAULT ≤ MAX, but MEMORYD_WINDOW_MIN=4 (default) is over MEMORYD_WINDOW_DEFAULT=2 (set); ' +
        'got MEMORYD_WINDOW_MIN=4 (default), MEMORYD_WINDOW_DEFAULT=2 (set), MEMORYD_WINDOW_MAX=3 (set)',
    );
  });

  it('window sizes: files the issue under a side of the failing inequality, not under a set variable that is fine', () => {
    // MIN=2 is fine; the default DEFAULT=6 over the set MAX=5 is what breaks, and MAX is the one the user set.
    expect(issuesOf({ MEMORYD_WINDOW_MIN: '2', MEMORYD_WINDOW_MAX: '5' })).toEqual([
      {
        path: 'MEMORYD_WINDOW_MAX',
        message:
          'window sizes must satisfy MIN ≤ DEFAULT ≤ MAX, but MEMORYD_WINDOW_DEFAULT=6 (default) is over MEMORYD_WINDOW_MAX=5 (set); ' +
          'got MEMORYD_WINDOW_MIN=2 (set), MEMORYD_WINDOW_DEFAULT=6 (default), MEMORYD_WINDOW_MAX=5 (set)',
      },
    ]);
    expect(issuesOf({ MEMORYD_WINDOW_MIN: '3', MEMORYD_WINDOW_DEFAULT: '9' })[0]?.path).toBe('MEMORYD_WINDOW_DEFAULT');
  });

  it('window sizes: when both inequalities fail, says so, under the first one\'s set variable', () => {
    const [issue, ...others] = issuesOf({ MEMORYD_WINDOW_MAX: '3', MEMORYD_WINDOW_MIN: '9' });
    expect(others).toEqual([]);
    expect(issue?.path).toBe('MEMORYD_WINDOW_MIN');
    expect(issue?.message).toContain(
      'but MEMORYD_WINDOW_MIN=9 (set) is over MEMORYD_WINDOW_DEFAULT=6 (default) and MEMORYD_WINDOW_DEFAULT=6 (default) is over MEMORYD_WINDOW_MAX=3 (set); ',
    );
  });

  it('body and message limits: a message must fit in a body, naming both sizes', () => {
    expect(issuesOf({ MEMORYD_MAX_BODY_BYTES: '2000' })).toEqual([
      {
        path: 'MEMORYD_MAX_BODY_BYTES',
        message:
          'MEMORYD_MAX_MESSAGE_BYTES must not exceed MEMORYD_MAX_BODY_BYTES (a message arrives inside a request body); ' +
          'got MEMORYD_MAX_MESSAGE_BYTES=262144 (default), MEMORYD_MAX_BODY_BYTES=2000 (set)',
      },
    ]);
    expect(issuesOf({ MEMORYD_MAX_MESSAGE_BYTES: '2000000' })[0]).toMatchObject({
      path: 'MEMORYD_MAX_MESSAGE_BYTES',
      message: expect.stringContaining('got MEMORYD_MAX_MESSAGE_BYTES=2000000 (set), MEMORYD_MAX_BODY_BYTES=1048576 (default)'),
    });
  });

  it('summary budgets: the total holds at least one summary, naming both token counts', () => {
    expect(issuesOf({ MEMORYD_MAX_SUMMARY_TOKENS: '300' })).toEqual([
      {
        path: 'MEMORYD_MAX_SUMMARY_TOKENS',
        message:
          'MEMORYD_TOTAL_SUMMARIES_MAX must be at least MEMORYD_MAX_SUMMARY_TOKENS (one summary must fit in a prompt); ' +
          'got MEMORYD_TOTAL_SUMMARIES_MAX=200 (default), MEMORYD_MAX_SUMMARY_TOKENS=300 (set)',
      },
    ]);
    expect(issuesOf({ MEMORYD_TOTAL_SUMMARIES_MAX: '30' })[0]).toMatchObject({
      path: 'MEMORYD_TOTAL_SUMMARIES_MAX',
      message: expect.stringContaining('got MEMORYD_TOTAL_SUMMARIES_MAX=30 (set), MEMORYD_MAX_SUMMARY_TOKENS=50 (default)'),
    });
  });

  it('socket path length: a relative socket names the data dir it resolves under, and which of the two was set', () => {
    const dataDir = `/tmp/${'d'.repeat(120)}`;
    const [issue] = issuesOf({ MEMORYD_DATA_DIR: dataDir });
    // Under MEMORYD_SOCKET even so: a short absolute socket path fixes it whatever the data dir.
    expect(issue?.path).toBe('MEMORYD_SOCKET');
    expect(issue?.message).toContain(`; got MEMORYD_SOCKET=memoryd.sock (default), MEMORYD_DATA_DIR=${dataDir} (set). `);
    const socket = `/tmp/${'s'.repeat(100)}.sock`;
    expect(issuesOf({ MEMORYD_SOCKET: socket }, { platform: 'darwin' })[0]?.message).toMatch(new RegExp(`at most 103; got MEMORYD_SOCKET=${socket} \\(set\\)\\. Use a shorter MEMORYD_SOCKET$`));
  });

  it('socket path length: a relative data dir names the working directory it resolved under, and suggests an absolute path', () => {
    const deepCwd = `/home/someone/${'w'.repeat(100)}`;
    expect(issuesOf({}, { cwd: deepCwd })).toEqual([
      {
        path: 'MEMORYD_SOCKET',
        message:
          `the socket path ${deepCwd}/data/memoryd.sock is 132 bytes; this OS allows at most 107; ` +
          `got MEMORYD_SOCKET=memoryd.sock (default), MEMORYD_DATA_DIR=./data (default), relative to the working directory ${deepCwd}. ` +
          'Set MEMORYD_DATA_DIR or MEMORYD_SOCKET to a short absolute path',
      },
    ]);
  });

  it('socket path length: a relative socket over the limit under any data dir is reported, even beside a refused data dir', () => {
    const socket = 's'.repeat(110);
    for (const dataDir of ['bad\0dir', '/srv']) {
      expect(issuesOf({ MEMORYD_DATA_DIR: dataDir, MEMORYD_SOCKET: socket })).toContainEqual({
        path: 'MEMORYD_SOCKET',
        message: `the socket path is at least 111 bytes whatever the data dir; this OS allows at most 107; got MEMORYD_SOCKET=${socket} (set). Use a shorter MEMORYD_SOCKET`,
      });
    }
    // `..` climbs out of the data dir, so only what is left of the socket counts.
    expect(issuesOf({ MEMORYD_DATA_DIR: 'bad\0dir', MEMORYD_SOCKET: `../${socket}` })[1]?.message).toContain('at least 111 bytes whatever the data dir');
    // Short enough under some data dir: the refused one's own issue stands alone.
    expect(issuesOf({ MEMORYD_DATA_DIR: 'bad\0dir', MEMORYD_SOCKET: 's'.repeat(100) })).toEqual([
      { path: 'MEMORYD_DATA_DIR', message: 'must be a path (relative to the working directory) (got "bad\\u0000dir")' },
    ]);
  });

  it('quotes a value that would be ambiguous in the list', () => {
    const dataDir = `/tmp/a b, c${'d'.repeat(110)}`;
    expect(issuesOf({ MEMORYD_DATA_DIR: dataDir })[0]?.message).toContain(`MEMORYD_DATA_DIR=${JSON.stringify(dataDir)} (set)`);
  });

  it('leaves out a rule whose variable was refused on its own, rather than blame the default standing in for it', () => {
    expect(issuesOf({ MEMORYD_WINDOW_MIN: 'nine', MEMORYD_WINDOW_DEFAULT: '2' })).toEqual([
      { path: 'MEMORYD_WINDOW_MIN', message: 'must be an integer from 1 to 64 (got "nine")' },
    ]);
  });

  it('still reports an inequality between accepted variables of a rule another of whose variables was refused', () => {
    expect(issuesOf({ MEMORYD_WINDOW_MIN: 'nine', MEMORYD_WINDOW_MAX: '5' })).toEqual([
      { path: 'MEMORYD_WINDOW_MIN', message: 'must be an integer from 1 to 64 (got "nine")' },
      {
        path: 'MEMORYD_WINDOW_MAX',
        message:
          'window sizes must satisfy MIN ≤ DEFAULT ≤ MAX, but MEMORYD_WINDOW_DEFAULT=6 (default) is over MEMORYD_WINDOW_MAX=5 (set); ' +
          'got MEMORYD_WINDOW_DEFAULT=6 (default), MEMORYD_WINDOW_MAX=5 (set)',
      },
    ]);
  });
});
