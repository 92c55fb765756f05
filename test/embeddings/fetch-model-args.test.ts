import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/command-line.js';
import { fetchModelTarget, parseFetchModelArgs } from '../../src/cli/fetch-model-args.js';
import { loadConfig } from '../../src/config/config.js';

function usageError(argv: string[]): string {
  try {
    parseFetchModelArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`expected ${argv.join(' ')} to be refused`);
}

describe('npm run fetch-model arguments', () => {
  const cwd = '/home/someone/memoryd';

  it('put the model where the daemon looks for it: MEMORYD_MODELS_DIR, or models under MEMORYD_DATA_DIR', () => {
    const byDataDir = loadConfig({ MEMORYD_DATA_DIR: '/srv/memoryd' }, { cwd });
    expect(fetchModelTarget(parseFetchModelArgs([]), byDataDir, cwd)).toEqual({ modelsDir: join('/srv/memoryd', 'models'), modelId: byDataDir.embeddingModel });
    const byModelsDir = loadConfig({ MEMORYD_MODELS_DIR: '/opt/models', MEMORYD_EMBEDDING_MODEL: 'Xenova/bge-small-en-v1.5' }, { cwd });
    expect(fetchModelTarget(parseFetchModelArgs([]), byModelsDir, cwd)).toEqual({ modelsDir: '/opt/models', modelId: 'Xenova/bge-small-en-v1.5' });
  });

  it('let flags override the settings, a relative directory from the working directory', () => {
    const config = loadConfig({}, { cwd });
    const given = parseFetchModelArgs(['--models-dir', 'weights', '--model', 'Xenova/all-MiniLM-L12-v2', '--force']);
    expect(given).toEqual({ force: true, modelsDir: 'weights', modelId: 'Xenova/all-MiniLM-L12-v2' });
    expect(fetchModelTarget(given, config, cwd)).toEqual({ modelsDir: join(cwd, 'weights'), modelId: 'Xenova/all-MiniLM-L12-v2' });
  });

  it('refuse a bad command line in one line of our own, naming the option', () => {
    expect(usageError(['--data-dir', 'x'])).toBe('unknown option --data-dir (it takes --models-dir, --model, --force)');
    expect(usageError(['-x'])).toBe('unknown option -x (it takes --models-dir, --model, --force)');
    expect(usageError(['--model'])).toBe('--model needs a value');
    expect(usageError(['--models-dir', '--force'])).toBe('--models-dir needs a value, not --force (for a value that starts with "-", write --models-dir=--force)');
    expect(usageError(['--force=yes'])).toBe('--force takes no value');
    expect(usageError(['models'])).toBe('unexpected argument models (it takes only options: --models-dir, --model, --force)');
    expect(parseFetchModelArgs(['--models-dir=-odd'])).toMatchObject({ modelsDir: '-odd' });
  });

  it('refuse a --model that is not owner/name, or whose parts would leave the models directory', () => {
    expect(usageError(['--model', 'foo'])).toBe(
      '--model must be owner/name (letters, digits, _, . and -; neither part . or ..) (got "foo": expected exactly one "/", between owner and name)',
    );
    expect(usageError(['--model', '../..'])).toContain('--model must be owner/name');
    expect(usageError(['--model', '../..'])).toContain('".." would point outside the models directory');
    expect(usageError(['--model', 'Xenova/.'])).toContain('"." would point outside the models directory');
    expect(usageError(['--model', 'a/b/c'])).toContain('exactly one "/"');
    expect(usageError(['--model', 'a b/c'])).toContain('"a b" may only hold letters, digits, _, . and -');
  });
});
