import { describe, expect, it } from 'vitest';
import { promptUsage } from '../../src/compiler/compile-prompt.js';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError, type FieldIssue } from '../../src/errors.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

// The usage levels' thresholds are settings (spec §2: "all configurable"), the spec's 70,
// 80 and 90 % by default, read as the response's `level`, the log warning and the metric.
const defer = cleanupAfterEach();
const cwd = '/home/someone/memoryd';

function issues(env: Record<string, string>): FieldIssue[] {
  try {
    loadConfig(env, { cwd, platform: 'linux' });
  } catch (error) {
    if (error instanceof ConfigError) return error.details?.['issues'] as FieldIssue[];
    throw error;
  }
  return [];
}

describe('MEMORYD_WARNING_PERCENT, _COMPRESS_ and _CRITICAL_', () => {
  it('default to the spec\'s 70, 80 and 90 %', () => {
    expect(loadConfig({}, { cwd }).usageThresholds).toEqual({ warning: 70, compress: 80, critical: 90 });
  });

  it('are read as whole percentages from 1 to 100, in order', () => {
    expect(loadConfig({ MEMORYD_WARNING_PERCENT: '50', MEMORYD_COMPRESS_PERCENT: '60', MEMORYD_CRITICAL_PERCENT: '95' }, { cwd }).usageThresholds).toEqual({
      warning: 50,
      compress: 60,
      critical: 95,
    });
    expect(issues({ MEMORYD_CRITICAL_PERCENT: '101' })).toEqual([{ path: 'MEMORYD_CRITICAL_PERCENT', message: 'must be an integer from 1 to 100 (got "101")' }]);
    expect(issues({ MEMORYD_WARNING_PERCENT: '85' })).toEqual([
      {
        path: 'MEMORYD_WARNING_PERCENT',
        message:
          'usage thresholds must satisfy WARNING ≤ COMPRESS ≤ CRITICAL, but MEMORYD_WARNING_PERCENT=85 (set) is over MEMORYD_COMPRESS_PERCENT=80 (default); ' +
          'got MEMORYD_WARNING_PERCENT=85 (set), MEMORYD_COMPRESS_PERCENT=80 (default), MEMORYD_CRITICAL_PERCENT=90 (default)',
      },
    ]);
  });

  it('set the levels promptUsage gives', () => {
    expect(promptUsage(699, 1000).level).toBe('ok');
    expect(promptUsage(700, 1000).level).toBe('warning');
    const lower = { warning: 40, compress: 50, critical: 60 };
    expect([promptUsage(399, 1000, lower).level, promptUsage(400, 1000, lower).level, promptUsage(500, 1000, lower).level, promptUsage(600, 1000, lower).level]).toEqual([
      'ok',
      'warning',
      'compress',
      'critical',
    ]);
  });

  it('set the level of a context call\'s response and the metric', async () => {
    const daemon = await startTestDaemon({ env: { MEMORYD_WARNING_PERCENT: '5', MEMORYD_COMPRESS_PERCENT: '6', MEMORYD_CRITICAL_PERCENT: '7' } });
    defer(() => daemon.stop());
    // The system prompt alone is ~390 of 4000 tokens, ~10 %: past 7 %.
    const response = await conversation(daemon.client, 'levels').say('Hello there.');
    expect(response.level).toBe('critical');
    expect(await daemon.client.metrics()).toMatch(/memoryd_context_threshold_total\{level="critical"\} 1\b/u);
  });
});
