import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-eval-args-');
afterAll(() => temp.remove());
const missing = join(temp.dir, 'nonexistent');

/** `npm run eval -- …` as a real process (tsx, as npm runs it). */
function evaluate(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', 'eval.ts'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Exactly one line on stderr, nothing on stdout: no stack, no usage. */
function oneLine(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\n]*\n$`);
}

describe('npm run eval: argument and data errors', () => {
  it.each([
    ['dedup', ['dedup', '--bogus'], "dedup eval: Unknown option '--bogus'", 'usage: npm run eval -- dedup'],
    ['facts', ['facts', '--bogus'], "facts eval: Unknown option '--bogus'", 'usage: npm run eval -- facts'],
    ['facts', ['facts', '--examples', 'many'], 'facts eval: --examples must be a whole number, not many', 'usage: npm run eval -- facts'],
    ['topic-shift', ['topic-shift', '--bogus'], "topic-shift eval: Unknown option '--bogus'", 'usage: npm run eval -- topic-shift'],
    ['locomo', ['locomo', '--data', temp.dir], "locomo eval: Unknown option '--data'", 'usage: npm run eval -- locomo'],
  ])('%s: an unknown flag or a bad value is a usage error, exit 2', (_, args, message, usage) => {
    const result = evaluate(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\n]*\n${usage}`));
  });

  it.each([
    ['dedup', ['dedup', '--embedder', 'hashing', '--data', missing], `dedup eval: cannot read ${join(missing, 'stsb-en-train.csv')} (--data <dir>): ENOENT`],
    ['facts', ['facts', '--data', missing], `facts eval: cannot read the data in ${missing} (--data <dir>): ENOENT`],
    ['topic-shift', ['topic-shift', join(missing, 'tiage.json')], `topic-shift eval: cannot read the TIAGE file ${join(missing, 'tiage.json')}`],
    ['locomo', ['locomo', join(missing, 'conv.json')], `locomo eval: cannot read the LoCoMo file ${join(missing, 'conv.json')}`],
  ])('%s: data that cannot be read is one line on stderr, exit 1', (_, args, message) => {
    const result = evaluate(args);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(oneLine(message));
  });
});
