import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../helpers/process-output.js';
import { REPO_ROOT } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-eval-args-');
afterAll(() => temp.remove());
const missing = join(temp.dir, 'nonexistent');

const evaluate = (args: string[]) => runScript('eval', args);

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Exactly one line on stderr, nothing on stdout: no stack, no usage.
function oneLine(text: string): RegExp {
  return new RegExp(`^${escaped(text)}[^\n]*\n$`);
}

describe('npm run eval: argument and data errors', () => {
  it.each([
    ['dedup', ['dedup', '--bogus'], 'dedup eval: unknown option --bogus (it takes --embedder, --data, --models-dir, --model, --threshold)', 'usage: npm run eval -- dedup'],
    ['facts', ['facts', '--bogus'], 'facts eval: unknown option --bogus (it takes --data, --examples)', 'usage: npm run eval -- facts'],
    ['facts', ['facts', '--examples', 'many'], "facts eval: --examples must be a whole number, got 'many'", 'usage: npm run eval -- facts'],
    ['dedup', ['dedup', '--threshold', '1.5'], "dedup eval: --threshold must be a number in [-1, 1], got '1.5'", 'usage: npm run eval -- dedup'],
    // A blank is no number (it was once read as 0); the data would not be read, should it be taken.
    ['dedup', ['dedup', '--embedder', 'hashing', '--data', missing, '--threshold='], "dedup eval: --threshold must be a number in [-1, 1], got ''", 'usage: npm run eval -- dedup'],
    ['facts', ['facts', '--data'], 'facts eval: --data needs a value', 'usage: npm run eval -- facts'],
    ['topic-shift', ['topic-shift', '--bogus'], 'topic-shift eval: unknown option --bogus (it takes --embedder, --models-dir, --model)', 'usage: npm run eval -- topic-shift'],
    ['locomo', ['locomo', '--data', temp.dir], 'locomo eval: unknown option --data (it takes --embedder)', 'usage: npm run eval -- locomo'],
    ['locomo', ['locomo', '--models-dir', 'x'], 'locomo eval: unknown option --models-dir (it takes --embedder)', 'usage: npm run eval -- locomo'],
  ])('%s: an unknown flag or a bad value is one line of our own, then the usage, exit 2', (_, args, message, usage) => {
    const result = evaluate(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^${escaped(message)}\n${usage}`));
    // Not node's hint to quote the option after '--', which misleads under npm run.
    expect(result.stderr).not.toContain("after '--'");
  });

  it.each([
    ['facts', '--data <dir> (default ../shared/data/facts)'],
    ['dedup', '--data <dir> (default ../shared/data/similarity)'],
    ['topic-shift', '<file> (default ../shared/data/topic-shift/tiage-train-dev.json)'],
    ['locomo', '<conversation.json>… (default every .json in ../shared/data/locomo)'],
  ])('%s: the usage line gives the default data', (name, shown) => {
    const { stderr } = evaluate([name, '--bogus']);
    expect(stderr.split('\n')[1]).toContain(shown);
  });

  it('names an unknown evaluation and the valid ones before the usage, exit 2', () => {
    expect(evaluate(['bogus'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'eval: unknown evaluation "bogus" (the evaluations are topic-shift, facts, dedup, locomo)\nusage: npm run eval -- <topic-shift|facts|dedup|locomo> [args…]\n',
    });
  });

  it.each(['constructor', 'toString'])('names %s, which only Object.prototype has, an unknown evaluation: no stack (exit 2)', (name) => {
    expect(evaluate([name])).toEqual({
      code: 2,
      stdout: '',
      stderr: `eval: unknown evaluation "${name}" (the evaluations are topic-shift, facts, dedup, locomo)\nusage: npm run eval -- <topic-shift|facts|dedup|locomo> [args…]\n`,
    });
  });

  it.each(['dedup', 'facts', 'topic-shift', 'locomo'])('%s --help prints its usage on stdout and nothing else (exit 0)', (name) => {
    const result = evaluate([name, '--help']);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(new RegExp(`^usage: npm run eval -- ${name} `));
  });

  it.each(['--help', '-h'])('prints the usage for %s on stdout (exit 0)', (flag) => {
    expect(evaluate([flag])).toEqual({ code: 0, stdout: 'usage: npm run eval -- <topic-shift|facts|dedup|locomo> [args…]\n', stderr: '' });
  });

  it.each([
    ['dedup', ['dedup', '--embedder', 'hashing', '--data', missing], `dedup eval: cannot read ${join(missing, 'stsb-en-train.csv')} (--data <dir>): ENOENT`],
    ['facts', ['facts', '--data', missing], `facts eval: cannot read the data in ${missing} (--data <dir>): ENOENT`],
    ['topic-shift', ['topic-shift', join(missing, 'tiage.json')], `topic-shift eval: cannot read the TIAGE file ${join(missing, 'tiage.json')}: ENOENT`],
    ['locomo', ['locomo', join(missing, 'conv.json')], `locomo eval: cannot read the LoCoMo file ${join(missing, 'conv.json')}: ENOENT`],
  ])('%s: data that cannot be read is one line on stderr with the reason, exit 1', (_, args, message) => {
    const result = evaluate(args);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(oneLine(message));
  });

  it.each([
    ['facts', 'facts', 'slurp-devel.jsonl, msc-personasummary-session1-valid.jsonl, msc-personasummary-session2-valid.jsonl and conel22-pemd-val.json'],
    ['dedup', 'similarity', 'stsb-en-train.csv, stsb-en-dev.csv, stsb-es-train.csv and stsb-es-dev.csv'],
  ])('%s: a --data folder without the files names them, and suggests its %s/ subfolder when it has one', (name, subfolder, files) => {
    const parent = join(temp.dir, `${name}-parent`);
    mkdirSync(join(parent, subfolder), { recursive: true });
    const given = relative(REPO_ROOT, parent);
    const embedder = name === 'dedup' ? ['--embedder', 'hashing'] : [];
    const withSubfolder = evaluate([name, ...embedder, '--data', given]);
    expect({ code: withSubfolder.code, stdout: withSubfolder.stdout }).toEqual({ code: 1, stdout: '' });
    expect(withSubfolder.stderr).toMatch(oneLine(`${name} eval: cannot read `));
    expect(withSubfolder.stderr).toContain(`; the --data folder must hold ${files}; did you mean --data ${join(given, subfolder)}?\n`);
    const without = evaluate([name, ...embedder, '--data', missing]);
    expect(without.stderr).toContain(`; the --data folder must hold ${files}\n`);
  });
});
