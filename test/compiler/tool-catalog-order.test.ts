import { beforeAll, describe, expect, it } from 'vitest';
import { ToolCatalog, type ToolSpec } from '../../src/compiler/tool-catalog.js';
import type { Embedder } from '../../src/embeddings/embedder.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

// A fake model that sees every text alike: every tool is as relevant as every other.
function sameVectorEmbedder(): Embedder {
  const vector = (): Float32Array => Float32Array.from([1, 0, 0, 0]);
  return { id: 'test-same-v1', dims: 4, kind: 'hashing', embed: async () => vector(), embedBatch: async (texts) => texts.map(vector) };
}

describe('the order of tool descriptions', () => {
  it('breaks ties by the names in code-unit order (upper case before lower case), not by a locale collation', async () => {
    const catalog = new ToolCatalog(tokenizer, sameVectorEmbedder());
    const tools: ToolSpec[] = ['b_search', 'a_fetch', 'Zeta', 'B_lookup', 'é_accent', 'e_plain'].map((name) => ({ name, description: 'Does one thing.' }));
    const prepared = await catalog.prepare(tools);
    const items = catalog.items(tools, prepared, { message: 'Which one should I use?', embedding: Float32Array.from([1, 0, 0, 0]), used: new Map() });
    // Render order is the items' key (their rank).
    const rendered = [...items].sort((a, b) => a.key - b.key).map((item) => item.id);
    expect(rendered).toEqual(['tool:B_lookup', 'tool:Zeta', 'tool:a_fetch', 'tool:b_search', 'tool:e_plain', 'tool:é_accent']);
  });

  it('ranks a tool the message names first, whatever its name', async () => {
    const catalog = new ToolCatalog(tokenizer, sameVectorEmbedder());
    const tools: ToolSpec[] = ['Alpha', 'beta', 'gamma'].map((name) => ({ name, description: 'Does one thing.' }));
    const prepared = await catalog.prepare(tools);
    const items = catalog.items(tools, prepared, { message: 'use gamma please', embedding: Float32Array.from([1, 0, 0, 0]), used: new Map() });
    expect([...items].sort((a, b) => a.key - b.key).map((item) => item.id)).toEqual(['tool:gamma', 'tool:Alpha', 'tool:beta']);
  });
});
