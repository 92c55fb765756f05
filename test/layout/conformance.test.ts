import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors.js';
import { parseConformanceCases, runConformanceCases } from '../../src/layout/conformance.js';
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

describe('npm run token-box', () => {
  const run = promisify(execFile);
  const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
  const script = resolve(repoRoot, 'scripts/token-box.ts');
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'token-box-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the results and exits 0 even when they differ from expect', async () => {
    const path = join(dir, 'wrong.json');
    const sections = [{ id: 'a', priority: 1, min: 0, grow: 0, shrink: 1, text: 10 }];
    await writeFile(path, JSON.stringify([{ name: 'wrong on purpose', budget: 5, sections, expect: { sizes: { a: 10 }, dropped: [], total: 10 } }]));
    const { stdout } = await run(tsx, [script, path], { cwd: repoRoot });
    expect(JSON.parse(stdout)).toEqual([{ name: 'wrong on purpose', result: { sizes: { a: 5 }, dropped: [], total: 5 } }]);
  });

  it('exits non-zero with a clear message on invalid input', async () => {
    const path = join(dir, 'invalid.json');
    await writeFile(path, JSON.stringify([{ name: 'no budget', sections: [] }]));
    const failure = await run(tsx, [script, path], { cwd: repoRoot }).then(
      () => null,
      (error: unknown) => error as { code?: number; stderr?: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('budget');
  });
});
