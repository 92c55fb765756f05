import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/errors.js';

const cwd = '/home/someone/memoryd';

function configError(env: Record<string, string>, platform: NodeJS.Platform = 'linux'): ConfigError {
  try {
    loadConfig(env, { cwd, platform });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('starts with no settings at all, data in ./data', () => {
    const config = loadConfig({}, { cwd });
    expect(config.dataDir).toBe('/home/someone/memoryd/data');
    expect(config.socketPath).toBe('/home/someone/memoryd/data/memoryd.sock');
    expect(config.dbPath).toBe('/home/someone/memoryd/data/memoryd.db');
    expect(config.logsDir).toBe('/home/someone/memoryd/data/logs');
    expect(config.modelsDir).toBe('/home/someone/memoryd/data/models');
    expect(config.tokenCap).toBe(4000);
    expect(config.tokenizer).toBe('cl100k_base');
    expect(config.logLevel).toBe('info');
    expect(config.window).toMatchObject({ windowDefault: 6, windowMin: 4, windowMax: 8, maxWindowTokens: 1200, segmentSize: 3 });
  });

  it('lets MEMORYD_* variables override, resolving relative paths under the data dir', () => {
    const config = loadConfig(
      {
        MEMORYD_DATA_DIR: '/var/lib/me',
        MEMORYD_SOCKET: 'run/m.sock',
        MEMORYD_DB: '/srv/db.sqlite',
        MEMORYD_TOKEN_CAP: '3000',
        MEMORYD_TOKENIZER: 'o200k_base',
        MEMORYD_LOG_LEVEL: 'debug',
      },
      { cwd },
    );
    expect(config.socketPath).toBe('/var/lib/me/run/m.sock');
    expect(config.dbPath).toBe('/srv/db.sqlite');
    expect(config.tokenCap).toBe(3000);
    expect(config.tokenizer).toBe('o200k_base');
    expect(config.logLevel).toBe('debug');
  });

  it('names every bad variable and what it allows, in one error', () => {
    const error = configError({ MEMORYD_TOKEN_CAP: 'lots', MEMORYD_TOKENIZER: 'gpt2', MEMORYD_DECAY_SCHEDULE: 'daily' });
    expect(error.message).toContain('MEMORYD_TOKEN_CAP: must be an integer from 512 to 1000000 (got "lots")');
    expect(error.message).toContain('MEMORYD_TOKENIZER: must be one of cl100k_base, o200k_base (got "gpt2")');
    expect(error.message).toContain('MEMORYD_DECAY_SCHEDULE: must be a cron expression');
    expect((error.details?.issues as unknown[]).length).toBe(3);
  });

  it('rejects numbers out of range and inconsistent window sizes', () => {
    expect(configError({ MEMORYD_TOKEN_CAP: '100' }).message).toContain('MEMORYD_TOKEN_CAP');
    expect(configError({ MEMORYD_WINDOW_MIN: '9' }).message).toContain('MIN ≤ DEFAULT ≤ MAX');
    expect(configError({ MEMORYD_HEAP_GROWTH_PERCENT: '500' }).message).toContain(
      'MEMORYD_HEAP_GROWTH_PERCENT: must be an integer from 0 to 300 (got "500")',
    );
  });

  it('reads a number with spaces around it, leading zeros or a plus sign alike', () => {
    for (const written of [' 4000', '4000 ', '04000', '+4000', ' +4000 ']) {
      expect(loadConfig({ MEMORYD_TOKEN_CAP: written }, { cwd, platform: 'linux' }).tokenCap).toBe(4000);
    }
    expect(configError({ MEMORYD_TOKEN_CAP: '4 000' }).message).toContain('MEMORYD_TOKEN_CAP: must be an integer from 512 to 1000000 (got "4 000")');
    expect(configError({ MEMORYD_TOKEN_CAP: '++4000' }).message).toContain('MEMORYD_TOKEN_CAP');
  });

  it('warms up with 24 exchanges by default; 0 turns it off; more than 200 is refused', () => {
    expect(loadConfig({}, { cwd }).warmUpExchanges).toBe(24);
    expect(loadConfig({ MEMORYD_WARM_UP_EXCHANGES: '0' }, { cwd }).warmUpExchanges).toBe(0);
    expect(configError({ MEMORYD_WARM_UP_EXCHANGES: '201' }).message).toContain('MEMORYD_WARM_UP_EXCHANGES: must be an integer from 0 to 200 (got "201")');
  });

  it('bounds the heap growth at 50 % by default; 0 leaves it to V8', () => {
    expect(loadConfig({}, { cwd }).heapGrowthPercent).toBe(50);
    expect(loadConfig({ MEMORYD_HEAP_GROWTH_PERCENT: '0' }, { cwd }).heapGrowthPercent).toBe(0);
  });

  it('refuses a socket path longer than the OS allows, saying how long it is', () => {
    const deep = `/tmp/${'d'.repeat(120)}`;
    const error = configError({ MEMORYD_DATA_DIR: deep });
    expect(error.message).toMatch(/MEMORYD_SOCKET: the socket path .* is 13\d bytes; this OS allows at most 107/);
    expect(configError({ MEMORYD_SOCKET: `/tmp/${'s'.repeat(100)}.sock` }, 'darwin').message).toContain('at most 103');
  });
});
