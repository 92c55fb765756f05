import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

describe('the log line of a prompt over a usage threshold', () => {
  it('keeps pino\'s numeric level and names the usage level apart, so a filter on the level still reads it', async () => {
    const test = await startTestDaemon();
    defer(() => test.stop());
    // The system prompt and the format notes alone are ~450 tokens: over 80 % of 520.
    const response = await test.client.json<{ level: string }>('POST', sessionPath('usage', '/context'), { message: 'Plan my week, please.', budget: 520 });
    expect(response.level).not.toBe('ok');
    const lines = readdirSync(test.config.logsDir)
      .flatMap((name) => readFileSync(join(test.config.logsDir, name), 'utf8').split('\n'))
      .filter((line) => line.includes('prompt usage crossed a threshold'));
    expect(lines).toHaveLength(1);
    // One "level" key: JSON.parse keeps the last of two, and the file's level was a string.
    expect(lines[0]?.match(/"level":/g)).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 40, usageLevel: response.level, budget: 520 });
  });
});
