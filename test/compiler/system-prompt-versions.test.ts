import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSystemPrompt } from '../../src/compiler/system-prompt.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();
let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

describe('system prompt versions', () => {
  it('are never given twice, even once a text has left the remembered ones', () => {
    const database = tempDatabase(defer);
    const temp = makeTempDir();
    defer(temp.remove);
    const file = join(temp.dir, 'system-prompt.md');
    const versionOf = (text: string | null): string => {
      if (text !== null) writeFileSync(file, text);
      return loadSystemPrompt({ db: database.db, tokenizer, now: 0, tokenCap: 4000 }, text === null ? join(temp.dir, 'absent.md') : file).version;
    };
    expect(versionOf(null)).toBe('system_v1');
    const given = new Set(['system_v1']);
    // 80 texts: more than the 64 remembered, so the built-in one and the first files are forgotten.
    for (let i = 0; i < 80; i += 1) given.add(versionOf(`You are assistant number ${i}.`));
    expect(given.size).toBe(81);
    expect(versionOf('You are assistant number 79.')).toBe('system_v81');
    // Forgotten, the built-in text gets a new number, not one already given.
    expect(versionOf(null)).toBe('system_v82');
  });
});
