import { describe, expect, it } from 'vitest';
import { loadConfig, type Environment } from '../../src/config/config.js';
import { ConfigError, type FieldIssue } from '../../src/errors.js';

const cwd = '/home/someone/memoryd';

function issuesOf(env: Environment, platform: NodeJS.Platform = 'linux'): FieldIssue[] {
  try {
    loadConfig(env, { cwd, platform });
  } catch (error) {
    if (error instanceof ConfigError) return error.details?.['issues'] as FieldIssue[];
    throw error;
  }
  throw new Error('expected a ConfigError');
}

function messageOf(env: Environment, platform: NodeJS.Platform = 'linux'): string {
  try {
    loadConfig(env, { cwd, platform });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

// A rule between settings names every variable it involves, with its value and whether the
// environment set it, and files the issue under a variable the user set.
describe('rules between settings', () => {
  it('window sizes: MIN ≤ DEFAULT ≤ MAX, naming the three values and which was set', () => {
    expect(issuesOf({ MEMORYD_WINDOW_MIN: '9' })).toEqual([
      {
        path: 'MEMORYD_WINDOW_MIN',
        message: 'window sizes must satisfy MIN ≤ DEFAULT ≤ MAX; got MEMORYD_WINDOW_MIN=9 (set), MEMORYD_WINDOW_DEFAULT=6 (default), MEMORYD_WINDOW_MAX=8 (default)',
      },
    ]);
    expect(messageOf({ MEMORYD_WINDOW_MAX: '3', MEMORYD_WINDOW_DEFAULT: '2' })).toContain(
      '  MEMORYD_WINDOW_DEFAULT: window sizes must satisfy MIN ≤ DEFAULT ≤ MAX; got MEMORYD_WINDOW_MIN=4 (default), MEMORYD_WINDOW_DEFAULT=2 (set), MEMORYD_WINDOW_MAX=3 (set)',
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
    expect(issuesOf({ MEMORYD_SOCKET: socket }, 'darwin')[0]?.message).toMatch(new RegExp(`at most 103; got MEMORYD_SOCKET=${socket} \\(set\\)\\. Use a shorter MEMORYD_SOCKET$`));
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
});
