import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFetchModelCli } from '../../src/cli/fetch-model-cli.js';
import { writeTinyModel } from '../../src/embeddings/tiny-model.js';
import { captureCommandOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-fetch-');
afterAll(() => temp.remove());

async function run(argv: string[], settings: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const env = { MEMORYD_DATA_DIR: temp.dir, ...settings };
  const { value: code, stdout, stderr } = await captureCommandOutput((io) => runFetchModelCli(argv, { ...io, env, cwd: temp.dir }));
  return { code, out: stdout, err: stderr };
}

// Nothing here reaches the network: a model already on disk is only loaded.
describe('npm run fetch-model', () => {
  it('answers --help even when a MEMORYD_* setting is invalid', async () => {
    const help = await run(['--help'], { MEMORYD_TOKEN_CAP: 'lots' });
    expect(help).toMatchObject({ code: 0, err: '' });
    expect(help.out).toContain('usage: npm run fetch-model');
    expect(help.out).toContain('--force');
  });

  it('exits 2 with the usage on a usage error, naming the flag', async () => {
    const badModel = await run(['--model', 'foo']);
    expect(badModel.code).toBe(2);
    expect(badModel.out).toBe('');
    expect(badModel.err).toMatch(/^fetch-model: --model must be owner\/name .*\(got "foo": expected exactly one "\/", between owner and name\)\nusage: npm run fetch-model/);
    const unknown = await run(['--nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^fetch-model: unknown option --nope \(it takes --models-dir, --model, --force\)\nusage: npm run fetch-model/);
  });

  it('exits 1 naming the variable when a setting is invalid', async () => {
    const bad = await run([], { MEMORYD_EMBEDDING_MODEL: '../..' });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('MEMORYD_EMBEDDING_MODEL: must be a model id: owner/name');
    expect(bad.err).not.toContain('usage:');
  });

  it('only checks a model already complete on disk', async () => {
    const modelsDir = join(temp.dir, 'ready');
    const { modelId } = await writeTinyModel(modelsDir);
    const result = await run(['--models-dir', modelsDir, '--model', modelId]);
    expect(result.code).toBe(0);
    expect(result.out).toBe(`model ready: transformers:${modelId}:quantized (32 dims) in ${join(modelsDir, modelId)} (already on disk: nothing downloaded)\n`);
  });

  it('says which directory to delete and what to run when the model on disk does not load', async () => {
    const modelsDir = join(temp.dir, 'corrupt');
    const { modelId } = await writeTinyModel(modelsDir);
    await writeFile(join(modelsDir, modelId, 'onnx', 'model_quantized.onnx'), 'truncated');
    const result = await run(['--models-dir', modelsDir, '--model', modelId]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`fetch-model failed: model ${modelId} is on disk but does not load (`);
    expect(result.err).toContain(`; run \`npm run fetch-model -- --force\` (it downloads a fresh copy and replaces the broken one only once the new one loads), or delete ${join(modelsDir, modelId)} and run \`npm run fetch-model\`\n`);
    expect(existsSync(join(modelsDir, modelId, 'config.json'))).toBe(true);
  });
});
