import { beforeAll, describe, expect, it } from 'vitest';
import { ToolCatalog, type ToolSpec } from '../../src/compiler/tool-catalog.js';
import type { Embedder } from '../../src/embeddings/embedder.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
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

// Past 30 tools the catalog ranks them; these sort after every name the tests rank.
const PADDING = Array.from({ length: 30 }, (_, i) => `ÿpad_${String(i).padStart(2, '0')}`);
const declare = (names: readonly string[]): ToolSpec[] => names.map((name) => ({ name, description: 'Does one thing.' }));
const ONE = Float32Array.from([1, 0, 0, 0]);
const rendered = (items: readonly { id: string; key: number }[]) => [...items].sort((a, b) => a.key - b.key).map((item) => item.id);

describe('the order of tool descriptions', () => {
  it('past 30 tools, breaks ties by the names in code-unit order (upper case before lower case), not by a locale collation', async () => {
    const catalog = new ToolCatalog(tokenizer, sameVectorEmbedder());
    const tools = declare(['b_search', 'a_fetch', 'Zeta', 'B_lookup', 'é_accent', 'e_plain', ...PADDING]);
    const prepared = await catalog.prepare(tools);
    const items = catalog.items(tools, prepared, { message: 'Which one should I use?', embedding: ONE, used: new Map() });
    // Render order is the items' key (their rank).
    expect(rendered(items).slice(0, 6)).toEqual(['tool:B_lookup', 'tool:Zeta', 'tool:a_fetch', 'tool:b_search', 'tool:e_plain', 'tool:é_accent']);
  });

  it('past 30 tools, ranks a tool the message names first, whatever its name', async () => {
    const catalog = new ToolCatalog(tokenizer, sameVectorEmbedder());
    const tools = declare(['Alpha', 'beta', 'gamma', ...PADDING]);
    const prepared = await catalog.prepare(tools);
    const items = catalog.items(tools, prepared, { message: 'use gamma please', embedding: ONE, used: new Map() });
    expect(rendered(items).slice(0, 3)).toEqual(['tool:gamma', 'tool:Alpha', 'tool:beta']);
  });

  it('keeps the declared order with 30 tools or fewer, whatever the message, so the section reads the same from call to call', async () => {
    const embedder = createHashingEmbedder();
    const catalog = new ToolCatalog(tokenizer, embedder);
    const names = ['search_flights', 'get_weather', 'book_room', ...Array.from({ length: 27 }, (_, i) => `chore_${i}`)];
    const tools: ToolSpec[] = names.map((name, i) => ({ name, description: i < 3 ? `${name.replace('_', 's ')} for the user.` : `Does chore number ${i}.` }));
    const prepared = await catalog.prepare(tools);
    const sections = [];
    for (const message of ['Is it raining in Porto? Use get_weather.', 'Book room 4 with book_room', 'Find me flights to Lisbon']) {
      const embedding = await embedder.embed(message);
      const items = catalog.items(tools, prepared, { message, embedding, used: new Map() });
      expect(rendered(items)).toEqual(names.map((name) => `tool:${name}`));
      sections.push(JSON.stringify(items));
    }
    expect(new Set(sections).size).toBe(1);
  });
});
