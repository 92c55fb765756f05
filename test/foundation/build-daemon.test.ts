import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildDaemon } from '../../src/cli/build-daemon.js';
import { DIST_ENTRY } from '../../src/cli/dist-paths.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

// A miniature checkout: the shape the build reads, not the real tree (tests run the real
// dist/ at the same time, and the build starts by removing it).
function miniatureCheckout(): string {
  const temp = makeTempDir();
  defer(temp.remove);
  const root = temp.dir;
  mkdirSync(join(root, 'src', 'cli'), { recursive: true });
  mkdirSync(join(root, 'src', 'storage', 'migrations', 'meta'), { recursive: true });
  mkdirSync(join(root, 'scripts'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'mini', version: '9.9.9', type: 'module' }));
  writeFileSync(join(root, 'src', 'cli', 'start.ts'), "import type { Stats } from 'node:fs';\nexport const answer = (seen: Stats | null): number => (seen === null ? 42 : 0);\n");
  writeFileSync(join(root, 'src', 'storage', 'migrations', '0000_init.sql'), 'create table t (id integer);');
  writeFileSync(join(root, 'src', 'storage', 'migrations', 'meta', '_journal.json'), '{"entries":[]}');
  writeFileSync(join(root, 'scripts', 'start.ts'), "export { answer } from '../src/cli/start.js';\n");
  return root;
}

describe('npm run build', () => {
  it('compiles every module to plain JavaScript beside the migrations and package.json', async () => {
    const root = miniatureCheckout();
    const built = await buildDaemon(root);
    expect(built).toEqual({ files: 2, dir: 'dist' });
    expect(readFileSync(join(root, 'dist', 'src', 'storage', 'migrations', '0000_init.sql'), 'utf8')).toContain('create table');
    expect(existsSync(join(root, 'dist', 'src', 'storage', 'migrations', 'meta', '_journal.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'dist', 'package.json'), 'utf8'))).toMatchObject({ version: '9.9.9' });
    const compiled = readFileSync(join(root, DIST_ENTRY), 'utf8');
    expect(compiled).toContain('../src/cli/start.js');
    const entry = (await import(pathToFileURL(join(root, DIST_ENTRY)).href)) as { answer(seen: null): number };
    expect(entry.answer(null)).toBe(42);
  });

  // esbuild rewrote each such literal as `new RegExp("…")`, which a function evaluates (parses
  // and looks up) on every call: a pattern in a loop over words was built per word.
  it('keeps regular expressions with Unicode property escapes as literals', async () => {
    const root = miniatureCheckout();
    writeFileSync(join(root, 'src', 'cli', 'words.ts'), 'export const capitalised = (word: string): boolean => /^\\p{Lu}\\p{L}*$/u.test(word);\n');
    await buildDaemon(root);
    const compiled = readFileSync(join(root, 'dist', 'src', 'cli', 'words.js'), 'utf8');
    expect(compiled).toContain('/^\\p{Lu}\\p{L}*$/u');
    expect(compiled).not.toContain('RegExp(');
    const words = (await import(pathToFileURL(join(root, 'dist', 'src', 'cli', 'words.js')).href)) as { capitalised(word: string): boolean };
    expect([words.capitalised('Ávila'), words.capitalised('ávila')]).toEqual([true, false]);
  });

  it('starts from a clean dist/: a module removed from src/ is gone from the build', async () => {
    const root = miniatureCheckout();
    await buildDaemon(root);
    writeFileSync(join(root, 'dist', 'src', 'stale.js'), 'export {};');
    await buildDaemon(root);
    expect(existsSync(join(root, 'dist', 'src', 'stale.js'))).toBe(false);
  });

  it('fails with the reason when a module does not compile', async () => {
    const root = miniatureCheckout();
    writeFileSync(join(root, 'src', 'cli', 'broken.ts'), 'export const = ;\n');
    await expect(buildDaemon(root)).rejects.toThrow(/could not compile the daemon/);
  });
});
