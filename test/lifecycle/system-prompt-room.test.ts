import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStart } from '../../src/cli/start.js';
import { systemPromptRoomWarning } from '../../src/lifecycle/start-problems.js';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { captureProcessOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// `npm start` in process, with a system prompt that leaves little of MEMORYD_TOKEN_CAP for
// the rest of every prompt: the daemon starts (every call still fits the cap) and says so on
// stderr and in its log, naming both settings and what to do.
const defer = cleanupAfterEach();

// Starts the daemon as `npm start` does, waits until it answers, then stops it as a SIGTERM
// would: through the handlers runStart installed, and only those.
async function startThenStop(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string; log: string }> {
  const temp = makeTempDir('memoryd-prompt-room-');
  defer(temp.remove);
  if (env.MEMORYD_SYSTEM_PROMPT !== undefined) writeFileSync(join(temp.dir, 'prompt.md'), env.MEMORYD_SYSTEM_PROMPT);
  const settings = {
    MEMORYD_DATA_DIR: temp.dir,
    MEMORYD_EMBEDDER: 'hashing',
    MEMORYD_WARM_UP_EXCHANGES: '0',
    ...env,
    ...(env.MEMORYD_SYSTEM_PROMPT === undefined ? {} : { MEMORYD_SYSTEM_PROMPT: join(temp.dir, 'prompt.md') }),
  };
  const before = new Set(process.listeners('SIGTERM'));
  const { value, stdout, stderr } = await captureProcessOutput(async () => {
    const running = runStart([], settings, temp.dir);
    const client = new MemorydClient({ socketPath: join(temp.dir, 'memoryd.sock'), timeoutMs: 2000 });
    try {
      for (let tries = 0; ; tries++) {
        try {
          await client.health();
          break;
        } catch (error) {
          if (tries > 200) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      client.close();
    }
    for (const stop of process.listeners('SIGTERM').filter((listener) => !before.has(listener))) stop('SIGTERM');
    return running;
  });
  const logsDir = join(temp.dir, 'logs');
  const log = readdirSync(logsDir)
    .map((name) => readFileSync(join(logsDir, name), 'utf8'))
    .join('');
  // The temp dir's name changes from run to run.
  return { code: value, stdout: stdout.replaceAll(temp.dir, '<dir>'), stderr: stderr.replaceAll(temp.dir, '<dir>'), log: log.replaceAll(temp.dir, '<dir>') };
}

const warnings = (log: string): string[] =>
  log
    .split('\n')
    .filter((line) => line.includes('"level":40'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('a system prompt that leaves little of the token cap', () => {
  it('is named at start on stderr and in the log with both settings and what to do: 761 tokens under a cap of 800', async () => {
    const started = await startThenStop({ MEMORYD_SYSTEM_PROMPT: 'word '.repeat(760), MEMORYD_TOKEN_CAP: '800' });
    expect(started.code).toBe(0);
    const [line] = started.stderr.split('\n');
    expect(line).toMatchInlineSnapshot(`"memoryd: warning: the system prompt file <dir>/prompt.md (MEMORYD_SYSTEM_PROMPT) is 761 tokens: with the shortest message, 772 of MEMORYD_TOKEN_CAP=800 (97 %) go to every prompt, leaving 28 for the message, facts, summaries and the window: a short message already makes a prompt critical (90 % of the cap), with facts, summaries and turns dropped; raise MEMORYD_TOKEN_CAP to at least 1544, or shorten that file to at most 389 tokens"`);
    expect(warnings(started.log)).toEqual([line?.replace(/^memoryd: warning: /u, '')]);
    // Once on stderr: in words, not again as the log's JSON line.
    expect(started.stderr.split('\n').filter((each) => each.includes('is 761 tokens'))).toHaveLength(1);
  });

  it('names the built-in prompt under the smallest cap', async () => {
    const started = await startThenStop({ MEMORYD_TOKEN_CAP: '512' });
    expect(started.code).toBe(0);
    expect(started.stderr.split('\n')[0]).toMatchInlineSnapshot(`"memoryd: warning: the built-in system prompt (no file at MEMORYD_SYSTEM_PROMPT=<dir>/system-prompt.md) is 388 tokens: with the shortest message, 399 of MEMORYD_TOKEN_CAP=512 (78 %) go to every prompt, leaving 113 for the message, facts, summaries and the window: a short message already takes a prompt past the warning threshold (70 % of the cap); raise MEMORYD_TOKEN_CAP to at least 798, or write a system prompt of at most 245 tokens to <dir>/system-prompt.md"`);
  });

  it('says nothing when the prompt takes half the cap or less: the built-in one under the default cap, and under 800', async () => {
    for (const env of [{}, { MEMORYD_TOKEN_CAP: '800' }] as Array<Record<string, string>>) {
      const started = await startThenStop(env);
      expect(started).toMatchObject({ code: 0, stderr: '' });
      // A fresh data dir: npm start says it made the database, before it says where it listens.
      expect(started.stdout).toMatch(/^memoryd: created a new, empty database at <dir>\/memoryd\.db \(MEMORYD_DB\)\nmemoryd \S+ listening on /u);
      expect(warnings(started.log)).toEqual([]);
    }
  });
});

describe('the warning\'s account of what the fixed load means', () => {
  const load = (tokens: number) => ({ system: { tokens, source: '/etc/prompt.md' }, frames: 11 });
  const config = { tokenCap: 4000, systemPromptFile: '/etc/prompt.md' };

  it.each([
    [2501, 'the prompts of a long conversation reach the critical threshold (90 % of the cap) and may lose facts, summaries or turns'],
    [2900, 'a short message already takes a prompt past the warning threshold (70 % of the cap)'],
    [3300, 'a short message already takes a prompt past the compress threshold (80 % of the cap)'],
    [3700, 'a short message already makes a prompt critical (90 % of the cap), with facts, summaries and turns dropped'],
  ])('a %i-token system prompt under a 4000 cap: %s', (tokens, meaning) => {
    expect(systemPromptRoomWarning(load(tokens), config)).toContain(`for the message, facts, summaries and the window: ${meaning}; raise`);
  });

  it('says nothing at half the cap or less', () => {
    expect(systemPromptRoomWarning(load(1989), config)).toBeNull();
  });
});
