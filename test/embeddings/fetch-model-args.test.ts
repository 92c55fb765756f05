import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFetchModelArgs } from '../../src/cli/fetch-model-args.js';
import { loadConfig } from '../../src/config/config.js';

describe('npm run fetch-model arguments', () => {
  const cwd = '/home/someone/memoryd';

  it('put the model where the daemon looks for it: MEMORYD_MODELS_DIR, or models under MEMORYD_DATA_DIR', () => {
    const byDataDir = loadConfig({ MEMORYD_DATA_DIR: '/srv/memoryd' }, { cwd });
    expect(parseFetchModelArgs([], byDataDir, cwd)).toEqual({ help: false, modelsDir: join('/srv/memoryd', 'models'), modelId: byDataDir.embeddingModel });
    const byModelsDir = loadConfig({ MEMORYD_MODELS_DIR: '/opt/models', MEMORYD_EMBEDDING_MODEL: 'Xenova/bge-small-en-v1.5' }, { cwd });
    expect(parseFetchModelArgs([], byModelsDir, cwd)).toEqual({ help: false, modelsDir: '/opt/models', modelId: 'Xenova/bge-small-en-v1.5' });
  });

  it('let flags override the settings, a relative directory from the working directory', () => {
    const config = loadConfig({}, { cwd });
    expect(parseFetchModelArgs(['--models-dir', 'weights', '--model', 'Xenova/all-MiniLM-L12-v2'], config, cwd)).toEqual({
      help: false,
      modelsDir: join(cwd, 'weights'),
      modelId: 'Xenova/all-MiniLM-L12-v2',
    });
  });

  it('answer --help, and refuse an unknown option', () => {
    const config = loadConfig({}, { cwd });
    expect(parseFetchModelArgs(['--help'], config, cwd)).toEqual({ help: true });
    expect(parseFetchModelArgs(['-h'], config, cwd)).toEqual({ help: true });
    expect(() => parseFetchModelArgs(['--data-dir', 'x'], config, cwd)).toThrow(/--data-dir/);
  });
});
