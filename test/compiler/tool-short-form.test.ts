import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationKeys, parameterSignature, ToolCatalog, type ToolSpec } from '../../src/compiler/tool-catalog.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

let tokenizer: Tokenizer;
let daemon: TestDaemon;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
  daemon = await startTestDaemon();
});
afterAll(() => daemon.stop());

const WEATHER: ToolSpec = {
  name: 'get_weather',
  description: 'Get the current weather for a city. Returns temperature, wind and a short forecast for the next hours.',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name, e.g. Porto' },
      units: { type: 'string', enum: ['metric', 'imperial'] },
      days: { type: 'integer', description: 'Forecast days' },
      fields: { type: 'array', items: { type: 'string' } },
    },
    required: ['city'],
  },
};

// The text a tool renders with once the session used it as declared.
async function usedText(tool: ToolSpec): Promise<{ text: string; full: number; short: number }> {
  const catalog = new ToolCatalog(tokenizer, createHashingEmbedder());
  const prepared = await catalog.prepare([tool]);
  const [fresh] = catalog.items([tool], prepared, { message: 'hi', embedding: new Float32Array(256), used: new Map() });
  const [used] = catalog.items([tool], prepared, { message: 'hi', embedding: new Float32Array(256), used: declarationKeys(prepared) });
  if (fresh === undefined || used === undefined || used.body.kind !== 'chunk') throw new Error('no tool item');
  return { text: used.body.text, full: fresh.size, short: used.size };
}

describe("a used tool's short description", () => {
  it('keeps how to call it: the parameter names, which are optional, and their types or values', async () => {
    const { text, full, short } = await usedText(WEATHER);
    expect(text).toBe('get_weather: Get the current weather for a city. Parameters: {city: string, units?: "metric"|"imperial", days?: integer, fields?: string[]}\n');
    expect(text).not.toContain('short forecast');
    expect(short).toBeLessThan(full);
  });

  it('reads a plain map of names to schemas too, and says nothing of parameters it has none of', async () => {
    const wiki = { name: 'search_wiki', description: 'Searches the team wiki and returns the best matching passages.', parameters: { query: { type: 'string' } } };
    expect(parameterSignature(wiki.parameters)).toBe('query: string');
    expect(parameterSignature({ type: 'object' })).toBeNull();
    expect(parameterSignature({ type: 'object', properties: {} })).toBeNull();
    expect(parameterSignature({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] })).toBe('id: string');
    const { text } = await usedText({ name: 'ping', description: 'Checks the server. Returns its latency.', parameters: { type: 'object' } });
    expect(text).toBe('ping: Checks the server.\n');
  });

  it('drops the types before any name when the parameters are many, and is never longer than the full description', async () => {
    const properties = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`field_${i}`, { type: 'string', enum: ['alpha', 'beta', 'gamma'] }]));
    const many: ToolSpec = { name: 'update_record', description: 'Updates a record.', parameters: { type: 'object', properties, required: ['field_0'] } };
    const { text, full, short } = await usedText(many);
    for (let i = 0; i < 24; i += 1) expect(text).toContain(i === 0 ? 'field_0,' : `field_${i}?`);
    expect(text).not.toContain('alpha');
    expect(short).toBeLessThan(full);
    // A one-sentence description with one parameter: the short form would say no less than the full one.
    const tiny = await usedText({ name: 'echo', description: 'Echoes.', parameters: { text: { type: 'string' } } });
    expect(tiny.short).toBeLessThanOrEqual(tiny.full);
  });

  it('still names the parameters once the call that used the tool has left the window', async () => {
    const chat = conversation(daemon.client, 'tool-short-params');
    await chat.say('Is it raining in Porto?', { tools: [WEATHER] });
    await chat.reply('{"name":"get_weather","arguments":{"city":"Porto"}}', { toolCallId: 'w1', toolName: 'get_weather' });
    await chat.say('Thanks.', { tools: [WEATHER], toolResults: [{ toolCallId: 'w1', name: 'get_weather', content: 'Porto: 14 °C, rain' }] });
    for (const message of ['Tell me about Lisbon.', 'What about its museums?', 'And the food?', 'Any good markets?', 'And the trams?']) {
      await chat.reply('Lisbon is lovely.');
      await chat.say(message, { tools: [WEATHER] });
    }
    await chat.reply('Lisbon has many trams.');
    const later = await chat.say('Is it raining in Braga?', { tools: [WEATHER] });
    const text = promptText(later);
    expect(text).not.toContain('"arguments":{"city":"Porto"}');
    expect(text).not.toContain('short forecast');
    expect(text).toContain('get_weather: Get the current weather for a city. Parameters: {city: string, units?: "metric"|"imperial"');
  });
});
