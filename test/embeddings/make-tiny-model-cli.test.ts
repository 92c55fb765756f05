import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { selectEmbedder } from '../../src/embeddings/select-embedder.js';
import { REPO_ROOT } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-tiny-cli-');
afterAll(() => temp.remove());

/** `npm run make-tiny-model -- …` as a real process (tsx, as npm runs it). */
function makeTinyModel(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', 'make-tiny-model.ts'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run make-tiny-model', () => {
  it('prints the settings that load what it wrote, and the daemon loads the model with them', async () => {
    const dir = join(temp.dir, 'models dir');
    const result = makeTinyModel([dir]);
    expect(result).toEqual({
      code: 0,
      stdout:
        `wrote memoryd/tiny-bert under ${dir}\n` +
        `the daemon loads it with: MEMORYD_MODELS_DIR='${dir}' MEMORYD_EMBEDDING_MODEL=memoryd/tiny-bert MEMORYD_EMBEDDER=transformers npm start\n`,
      stderr: '',
    });
    const settings = Object.fromEntries(
      [...(/loads it with: (.*) npm start$/m.exec(result.stdout)?.[1] ?? '').matchAll(/(MEMORYD_\w+)=('[^']*'|\S+)/g)].map(([, name, value]) => [name, value?.replace(/^'|'$/g, '')]),
    ) as Record<string, string>;
    const config = loadConfig({ ...settings, MEMORYD_DATA_DIR: temp.dir }, { cwd: temp.dir });
    const { embedder } = await selectEmbedder({ modelsDir: config.modelsDir, modelId: config.embeddingModel, prefer: config.embedder });
    expect(embedder.id).toBe('transformers:memoryd/tiny-bert:quantized');
  });

  it('says in one line that a file is not a directory, and exits 1', () => {
    const file = join(temp.dir, 'a-file');
    writeFileSync(file, 'not a directory');
    expect(makeTinyModel([file])).toEqual({ code: 1, stdout: '', stderr: `make-tiny-model: cannot write the model under ${file}: it is a file, not a directory\n` });
    const inside = join(file, 'sub');
    const below = makeTinyModel([inside]);
    expect(below.code).toBe(1);
    expect(below.stderr).toMatch(new RegExp(`^make-tiny-model: cannot write the model under ${inside}: ENOTDIR[^\\n]*\\n$`));
  });

  it('refuses extra arguments and options with the usage, exit 2, writing nothing', () => {
    const dir = join(temp.dir, 'never');
    const extra = makeTinyModel([dir, 'other']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/^make-tiny-model: unexpected argument other\nusage: npm run make-tiny-model -- <dir>\n/);
    expect(makeTinyModel(['--seed', dir]).stderr).toMatch(/^make-tiny-model: unknown option --seed\n/);
    expect(makeTinyModel([]).code).toBe(2);
    expect(existsSync(dir)).toBe(false);
  });
});
