import { isAbsolute, relative, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { SETTINGS } from '../../src/config/settings.js';
import { modelDirectory } from '../../src/embeddings/model-files.js';
import { ConfigError } from '../../src/errors.js';

const cwd = '/home/someone/memoryd';

describe('MEMORYD_EMBEDDING_MODEL', () => {
  const setting = SETTINGS.embeddingModel;

  it('accepts owner/name ids, dots and dashes inside the parts included', () => {
    for (const id of ['Xenova/all-MiniLM-L6-v2', 'Xenova/bge-small-en-v1.5', 'a_b/c.d', 'org/.hidden', 'org/..x']) expect(setting.parse(id)).toBe(id);
  });

  it('refuses ids whose directory would not be two levels inside the models dir, saying why', () => {
    expect(setting.parse('../..')).toBeUndefined();
    expect(setting.whyNot?.('../..')).toBe('".." would point outside the models directory');
    expect(setting.parse('Xenova/.')).toBeUndefined();
    expect(setting.parse('foo')).toBeUndefined();
    expect(setting.whyNot?.('foo')).toBe('expected exactly one "/", between owner and name');
    expect(setting.parse('a/b/c')).toBeUndefined();
    expect(() => loadConfig({ MEMORYD_EMBEDDING_MODEL: '../..' }, { cwd })).toThrow(ConfigError);
    expect(() => loadConfig({ MEMORYD_EMBEDDING_MODEL: '../..' }, { cwd })).toThrow(/MEMORYD_EMBEDDING_MODEL: must be a model id: owner\/name/);
  });

  it('never lets an accepted id point anywhere but <modelsDir>/<owner>/<name>', () => {
    const modelsDir = '/srv/memoryd/models';
    const idArb = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '.', '-', '/', ' ', '\\'), maxLength: 8 });
    fc.assert(
      fc.property(idArb, (id) => {
        if (setting.parse(id) === undefined) return;
        const inside = relative(modelsDir, modelDirectory(modelsDir, id));
        expect(isAbsolute(inside)).toBe(false);
        expect(inside.split(sep)).toHaveLength(2);
        expect(inside.split(sep)).not.toContain('..');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('cron settings', () => {
  it('pass on node-cron\'s reason for refusing an expression', () => {
    for (const setting of [SETTINGS.decaySchedule, SETTINGS.cleanupSchedule]) {
      expect(setting.parse('61 * * * *')).toBeUndefined();
      expect(setting.whyNot?.('61 * * * *')).toBe('61 is a invalid expression for minute');
      expect(setting.whyNot?.('daily')).toBe('expected 5 or 6 fields but got 1');
      expect(setting.whyNot?.('7 * * * *')).toBeUndefined();
    }
  });

  it('put that reason in the start-up error, beside the variable', () => {
    const attempt = () => loadConfig({ MEMORYD_DECAY_SCHEDULE: '61 * * * *' }, { cwd });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/MEMORYD_DECAY_SCHEDULE.*61 is a invalid expression for minute/);
  });
});
