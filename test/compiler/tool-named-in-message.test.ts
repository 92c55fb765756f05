import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolCatalog, type ToolSpec } from '../../src/compiler/tool-catalog.js';
import type { Embedder } from '../../src/embeddings/embedder.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

let tokenizer: Tokenizer;
let daemon: TestDaemon;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
  daemon = await startTestDaemon();
});
afterAll(() => daemon.stop());

// A fake model that sees every text alike: only naming tells the tools apart.
function sameVectorEmbedder(): Embedder {
  const vector = (): Float32Array => Float32Array.from([1, 0, 0, 0]);
  return { id: 'test-same-v1', dims: 4, kind: 'hashing', embed: async () => vector(), embedBatch: async (texts) => texts.map(vector) };
}

// Tools that sort after every name below, so that the catalog ranks (it does past 30 tools).
const PADDING = Array.from({ length: 30 }, (_, i) => `ÿpad_${String(i).padStart(2, '0')}`);

// The tool the ranking puts first when the message is `message` (every other tool is as relevant).
async function firstFor(names: readonly string[], message: string): Promise<string | undefined> {
  const catalog = new ToolCatalog(tokenizer, sameVectorEmbedder());
  const tools: ToolSpec[] = [...names, ...PADDING].map((name) => ({ name, description: 'Does one thing.' }));
  const items = catalog.items(tools, await catalog.prepare(tools), { message, embedding: Float32Array.from([1, 0, 0, 0]), used: new Map() });
  return [...items].sort((a, b) => a.key - b.key)[0]?.id;
}

describe('a tool named in the message', () => {
  // 'aaa' is first by name when no tool is named.
  it.each([
    ['get', "Let's look at it together", 'tool:aaa'],
    ['search', 'I did some research on it', 'tool:aaa'],
    ['get', 'call get_weather for Porto', 'tool:aaa'],
    ['tool_1', 'try tool_10 first', 'tool:aaa'],
    ['search', 'a re-search of the logs', 'tool:aaa'],
    ['search', 'run search.web now', 'tool:aaa'],
    ['search_web', 'can you search web pages?', 'tool:aaa'],
    ['get', 'GET it for me', 'tool:get'],
    ['search', 'Please search.', 'tool:search'],
    ['search', '(search) the logs', 'tool:search'],
    ['search_web', 'use Search_Web, please', 'tool:search_web'],
    ['tool_1', 'tool_1, then tool_10', 'tool:tool_1'],
    ['files.read', 'call files.read on it', 'tool:files.read'],
    ['get', 'à get-', 'tool:get'],
  ])('%s in %j ranks %s first', async (name, message, expected) => {
    expect(await firstFor(['aaa', name], message)).toBe(expected);
  });

  it('is a whole word: past 30 tools, `get` and `search` are not named by "together" and "research"', async () => {
    const tools = Array.from({ length: 40 }, (_, i) => ({ name: `helper_${i}`, description: `Plans a trip to Lisbon together, leg ${i}: trains, hotels and research.` }));
    tools.push({ name: 'get', description: 'Fetches a URL over HTTP.' }, { name: 'search', description: 'Looks up a term in an index.' });
    const toolLines = (content: string | undefined) => (content ?? '').split('\n').map((line) => line.split(':')[0] ?? '');
    const section = async (sessionId: string, message: string) =>
      (await conversation(daemon.client, sessionId).say(message, { tools })).messages.find((message) => message.content.startsWith('Tools you can call:'))?.content;

    const unnamed = toolLines(await section('unnamed', 'Can we plan the Lisbon trip together after some research?'));
    expect(unnamed.filter((name) => name.startsWith('helper_'))).toHaveLength(8);
    expect(unnamed).not.toContain('get');
    expect(unnamed).not.toContain('search');
    const named = toolLines(await section('named', 'Please get the Lisbon train timetable page.'));
    expect(named).toContain('get');
  });
});
