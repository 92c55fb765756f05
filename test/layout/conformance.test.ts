import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTokenBoxCli } from '../../src/cli/token-box-cli.js';
import { isAppError } from '../../src/errors.js';
import { conformanceDifferences, parseConformanceCases, runConformanceCases } from '../../src/layout/conformance.js';
import { captureCommandOutput } from '../helpers/process-output.js';
import { thrown } from './fixtures.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const sharedDir = resolve(repoRoot, '../shared/conformance/token-box');
const ownDir = resolve(repoRoot, 'test/layout/cases');

function caseFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
}

function checkFile(path: string): void {
  const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const cases = parseConformanceCases(json);
  expect(cases.length).toBeGreaterThan(0);
  const results = runConformanceCases(cases);
  // Against the file's own `expect`, not the parsed one: nothing the schema might drop goes unchecked.
  const raw = json as { expect?: unknown }[];
  cases.forEach((testCase, i) => {
    expect(raw[i]?.expect).toBeDefined();
    expect({ name: testCase.name, result: results[i]?.result }).toStrictEqual({ name: testCase.name, result: raw[i]?.expect });
    // npm run token-box's verdict must agree with this test's equality: no difference here, and one
    // for an expectation that is off by a token.
    if (testCase.expect && results[i]) {
      const { result } = results[i];
      expect({ name: testCase.name, differences: conformanceDifferences(result, testCase.expect) }).toEqual({ name: testCase.name, differences: [] });
      const offByOne = 'error' in testCase.expect ? { ...testCase.expect, required: testCase.expect.required + 1 } : { ...testCase.expect, total: testCase.expect.total + 1 };
      expect(conformanceDifferences(result, offByOne)).not.toEqual([]);
    }
  });
}

const sharedPresent = existsSync(sharedDir);
if (!sharedPresent) console.warn(`token-box conformance: ${sharedDir} is absent; shared cases skipped, project cases still run`);

describe.skipIf(!sharedPresent)('shared token-box conformance cases', () => {
  for (const path of sharedPresent ? caseFiles(sharedDir) : []) it(path, () => checkFile(path));
});

describe('project token-box conformance cases', () => {
  for (const path of caseFiles(ownDir)) it(path, () => checkFile(path));
});

describe('conformance case parsing', () => {
  it('names every invalid field', () => {
    let caught: unknown;
    try {
      parseConformanceCases([{ name: 'x', budget: -1, sections: [{ id: 'a', priority: 1, min: 0, grow: 0, shrink: 1, text: 5, items: [1] }] }]);
    } catch (error) {
      caught = error;
    }
    expect(isAppError(caught)).toBe(true);
    const issues = (isAppError(caught) ? caught.details?.['issues'] : undefined) as { path: string }[] | undefined;
    expect(issues?.map((issue) => issue.path)).toEqual(expect.arrayContaining(['0.budget', '0.sections.0']));
  });

  it('rejects an unknown key, naming the case and the key, rather than checking half the case', () => {
    const section = { id: 'a', priority: 1, min: 0, grow: 0, shrink: 1, text: 10 };
    const valid = { name: 'fits', budget: 20, sections: [section], expect: { sizes: { a: 10 }, dropped: [], total: 10 } };
    expect(parseConformanceCases([valid])).toHaveLength(1);
    const unknownKeys: [string, unknown][] = [
      ['usage', [valid, { ...valid, name: 'extra expected field', expect: { ...valid.expect, usage: 0.5 } }]],
      ['reason', [{ ...valid, name: 'extra error field', budget: 5, sections: [{ ...section, shrink: 0 }], expect: { error: 'ContextCriticalOverflow', required: 10, reason: 'x' } }]],
      ['sacrifce', [{ ...valid, name: 'misspelt section field', sections: [{ ...section, sacrifce: 'last' }] }]],
    ];
    for (const [key, cases] of unknownKeys) {
      const error = thrown(() => parseConformanceCases(cases));
      expect(isAppError(error)).toBe(true);
      const name = (cases as { name: string }[]).at(-1)?.name ?? '';
      expect((error as Error).message).toContain(`"${name}"`);
      expect((error as Error).message).toContain(`"${key}"`);
    }
  });
});

describe('how a result differs from its expect', () => {
  const layoutOf = (sizes: Record<string, number>, dropped: string[], total: number) => ({ sizes, dropped, total });

  it('names each size, the dropped list (in order) and the total that differ, and nothing for a match', () => {
    expect(conformanceDifferences(layoutOf({ a: 5, b: 0 }, ['b'], 5), layoutOf({ a: 5, b: 0 }, ['b'], 5))).toEqual([]);
    expect(conformanceDifferences(layoutOf({ a: 5, c: 1 }, ['b', 'c'], 6), layoutOf({ a: 10, b: 0 }, ['c', 'b'], 10))).toEqual([
      'sizes.a 5, expected 10',
      'sizes.b absent, expected 0',
      'sizes.c 1, expected absent',
      'dropped [b, c], expected [c, b]',
      'total 6, expected 10',
    ]);
  });

  it('says when an error came instead of a layout, or the other way round, or with another requirement', () => {
    const overflow = { error: 'ContextCriticalOverflow' as const, required: 130 };
    expect(conformanceDifferences(overflow, layoutOf({ a: 5 }, [], 5))).toEqual(['ContextCriticalOverflow (required 130), expected a layout (total 5)']);
    expect(conformanceDifferences(layoutOf({ a: 5 }, [], 5), overflow)).toEqual(['a layout (total 5), expected ContextCriticalOverflow (required 130)']);
    expect(conformanceDifferences({ error: 'ContextOverflow', required: 120 }, overflow)).toEqual([
      'error ContextOverflow, expected ContextCriticalOverflow',
      'required 120, expected 130',
    ]);
  });
});

describe('npm run token-box', () => {
  const section = { id: 'a', priority: 1, min: 0, grow: 0, shrink: 1, text: 10 };
  const mixedCases = [
    { name: 'wrong on purpose', budget: 5, sections: [section], expect: { sizes: { a: 10 }, dropped: [], total: 10 } },
    { name: 'fits', budget: 20, sections: [section], expect: { sizes: { a: 10 }, dropped: [], total: 10 } },
    { name: 'no expect', budget: 5, sections: [section] },
  ];
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'token-box-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // The command in this process, its output kept; relative paths resolve under the repository root.
  async function tokenBox(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const { value, stdout, stderr } = await captureCommandOutput((io) => runTokenBoxCli(args, { ...io, cwd: repoRoot }));
    return { code: value, stdout, stderr };
  }

  async function caseFile(name: string, cases: unknown[]): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, JSON.stringify(cases));
    return path;
  }

  it('says per case whether the result matches its expect and what differs, counts the matches, and exits 1 on a mismatch', async () => {
    const result = await tokenBox([await caseFile('mixed.json', mixedCases)]);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 1, stderr: '' });
    expect(result.stdout).toMatchInlineSnapshot(`
      "MISMATCH   wrong on purpose: {"sizes":{"a":5},"dropped":[],"total":5}
                 sizes.a 5, expected 10; total 5, expected 10
      match      fits: {"sizes":{"a":10},"dropped":[],"total":10}
      no expect  no expect: {"sizes":{"a":5},"dropped":[],"total":5}
      1 of 2 cases match their expected result (1 more has none)
      "
    `);
  });

  it('exits 0 when every case matches, ending with the count', async () => {
    const result = await tokenBox(['test/layout/cases/growth.json']);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^match {6}\S/);
    expect(result.stdout.endsWith('\n9 of 9 cases match their expected result\n')).toBe(true);
  });

  it('gives the results and verdicts as JSON with --json, with the same exit code', async () => {
    const path = await caseFile('json.json', [
      { name: 'wrong on purpose', budget: 5, sections: [section], expect: { sizes: { a: 10 }, dropped: [], total: 10 } },
      { name: 'no expect', budget: 5, sections: [section] },
    ]);
    const result = await tokenBox([path, '--json']);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 1, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual([
      { name: 'wrong on purpose', result: { sizes: { a: 5 }, dropped: [], total: 5 }, matches: false, differences: ['sizes.a 5, expected 10', 'total 5, expected 10'] },
      { name: 'no expect', result: { sizes: { a: 5 }, dropped: [], total: 5 } },
    ]);
  });

  it('exits 2 with the usage on an unknown option or a missing file argument', async () => {
    const unknown = await tokenBox(['--bogus']);
    expect({ code: unknown.code, stdout: unknown.stdout }).toEqual({ code: 2, stdout: '' });
    // Which options the list names besides --json (-h/--help or not) is command-line.ts's to say.
    expect(unknown.stderr).toMatch(/^token-box: unknown option --bogus \(it takes --json\b[^)\n]*\)\nusage: npm run token-box -- <cases.json>/);
    expect(await tokenBox([])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^token-box: no case file given\nusage: /) });
  });

  it('exits 1 with a clear message on invalid input', async () => {
    const failure = await tokenBox([await caseFile('invalid.json', [{ name: 'no budget', sections: [] }])]);
    expect({ code: failure.code, stdout: failure.stdout }).toEqual({ code: 1, stdout: '' });
    expect(failure.stderr).toContain('budget');
    const empty = await caseFile('empty.json', []);
    expect(await tokenBox([empty])).toEqual({ code: 1, stdout: '', stderr: `token-box: ${empty} holds no case\n` });
    const missing = join(dir, 'missing.json');
    expect(await tokenBox([missing])).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/^token-box: cannot read .*missing\.json: /) });
  });

  // The cases above run the command itself; this one runs the script, for what only it does: hand
  // the command argv, the working directory and the process's streams, and exit with its code.
  it('as a script, reads argv under its working directory, writes on stdout and stderr, and exits with the code', async () => {
    await caseFile('mixed.json', mixedCases);
    const [mismatch, usage] = await Promise.all([runScript(['mixed.json'], dir), runScript(['--bogus'], dir)]);
    expect({ code: mismatch.code, stderr: mismatch.stderr }).toEqual({ code: 1, stderr: '' });
    expect(mismatch.stdout).toMatch(/^MISMATCH {3}wrong on purpose: .*\n1 of 2 cases match their expected result \(1 more has none\)\n$/s);
    expect(mismatch.stdout).toBe((await tokenBox([join(dir, 'mixed.json')])).stdout);
    expect({ code: usage.code, stdout: usage.stdout }).toEqual({ code: 2, stdout: '' });
    expect(usage.stderr).toMatch(/^token-box: unknown option --bogus /);
  });
});

// scripts/token-box.ts run by tsx in `cwd`, as `npm run token-box` runs it.
function runScript(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(resolve(repoRoot, 'node_modules/.bin/tsx'), [resolve(repoRoot, 'scripts/token-box.ts'), ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, ...output }));
  });
}
