import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMakeTinyModelCli } from '../../src/cli/make-tiny-model-cli.js';
import { loadConfig } from '../../src/config/config.js';
import { selectEmbedder } from '../../src/embeddings/select-embedder.js';
import { captureCommandOutput, runScript } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-tiny-cli-');
afterAll(() => temp.remove());

// `npm run make-tiny-model -- …`, in process.
async function makeTinyModel(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { value: code, stdout, stderr } = await captureCommandOutput((io) => runMakeTinyModelCli(args, { ...io, cwd: temp.dir }));
  return { code, stdout, stderr };
}

describe('npm run make-tiny-model', () => {
  it('prints the settings that load what it wrote, and the daemon loads the model with them', async () => {
    const dir = join(temp.dir, 'models dir');
    const result = await makeTinyModel([dir]);
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

  it('resolves a relative directory against the working directory', async () => {
    const result = await makeTinyModel(['relative']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^wrote memoryd/tiny-bert under ${join(temp.dir, 'relative')}\n`));
  });

  it('says in one line that a file is not a directory, and exits 1', async () => {
    const file = join(temp.dir, 'a-file');
    writeFileSync(file, 'not a directory');
    expect(await makeTinyModel([file])).toEqual({ code: 1, stdout: '', stderr: `make-tiny-model: cannot write the model under ${file}: it is a file, not a directory\n` });
    const inside = join(file, 'sub');
    const below = await makeTinyModel([inside]);
    expect(below.code).toBe(1);
    expect(below.stderr).toMatch(new RegExp(`^make-tiny-model: cannot write the model under ${inside}: ENOTDIR[^\\n]*\\n$`));
  });

  it('refuses extra arguments and options with the usage, exit 2, writing nothing', async () => {
    const dir = join(temp.dir, 'never');
    const extra = await makeTinyModel([dir, 'other']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/^make-tiny-model: unexpected argument other\nusage: npm run make-tiny-model -- <dir>\n/);
    const option = await makeTinyModel(['--seed', dir]);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/^make-tiny-model: unknown option --seed \(it takes no options\)\nusage: npm run make-tiny-model -- <dir>\n/);
    expect(await makeTinyModel([])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^make-tiny-model: no directory given\n/) });
    expect(existsSync(dir)).toBe(false);
  });

  it('prints the usage on stdout for --help or -h, exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const help = await makeTinyModel([flag]);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toMatch(/^usage: npm run make-tiny-model -- <dir>\n/);
    }
  });

  it('the script sets the exit code (run as npm runs it, with tsx)', () => {
    const result = runScript('make-tiny-model');
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^make-tiny-model: no directory given\nusage: npm run make-tiny-model -- <dir>\n/);
  });
});
