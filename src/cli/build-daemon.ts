import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { AppError } from '../errors.js';
import { DIST_DIR } from './dist-paths.js';

/**
 * Compiles the daemon to plain JavaScript in `dist/`, file for file (no bundle): every
 * module of `src/` and `scripts/start.ts`, plus what they read beside themselves at run
 * time (the migrations, and package.json for the version). tsx, which runs the
 * TypeScript directly in development and tests, keeps every function's name at a cost
 * on every call that creates a closure; the compiled daemon does not pay it.
 */
export async function buildDaemon(root: string): Promise<{ files: number; dir: string }> {
  const dir = join(root, DIST_DIR);
  rmSync(dir, { recursive: true, force: true });
  const sources = [...typeScriptFiles(join(root, 'src')), join(root, 'scripts', 'start.ts')];
  try {
    await build({
      entryPoints: sources,
      outdir: dir,
      outbase: root,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // esbuild's table does not credit Node 20 with Unicode property escapes and rewrites
      // every `/\p{…}/u` literal as `new RegExp("…")`: inside a function that built the
      // pattern again on every call, for every word of every message.
      supported: { 'regexp-unicode-property-escapes': true },
      bundle: false,
      logLevel: 'silent',
    });
  } catch (error) {
    throw new AppError('INTERNAL', `could not compile the daemon into ${dir}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const migrations = join('src', 'storage', 'migrations');
  cpSync(join(root, migrations), join(dir, migrations), { recursive: true });
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  return { files: sources.length, dir: relative(root, dir) };
}

function typeScriptFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...typeScriptFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files.sort();
}
