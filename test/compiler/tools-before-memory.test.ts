import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// A long tool description gives way, to its short form first, before the conversation it
// is asked about: a model asked about "step 2" with no history cannot answer; one told
// only how to call a tool still can. Past that, the spec's order: the summaries give way
// first, then the tools the assistant passed, then the window.
let daemon: TestDaemon;
let tokenizer: Tokenizer;
let tool: ReturnType<typeof shellTool>;
beforeAll(async () => {
  daemon = await startTestDaemon();
  tokenizer = await createTokenizer('cl100k_base');
  tool = shellTool(452);
});
afterAll(() => daemon.stop());

const PARAMETERS = { type: 'object', properties: { command: { type: 'string' }, timeout: { type: 'integer' } }, required: ['command'] };
const SHORT_FORM = 'shell: Runs a shell command on the build host and returns its output. Parameters: {command: string, timeout?: integer}';

// A shell tool whose description is `tokens` tokens long as the catalog renders it in full.
function shellTool(tokens: number): { name: string; description: string; parameters: Record<string, unknown> } {
  const rendered = (description: string) => tokenizer.count(`shell: ${description} Parameters: ${JSON.stringify(PARAMETERS)}\n`);
  let description = 'Runs a shell command on the build host and returns its output.';
  for (let i = 0; rendered(description) < tokens; i += 1) description += ` Rule ${i}: quote paths and never pipe into sudo.`;
  while (rendered(description) > tokens) description = description.slice(0, -1);
  return { name: 'shell', description, parameters: PARAMETERS };
}

const QUESTION = 'Which port did we use in step 2?';

async function stepsSession(id: string): Promise<ReturnType<typeof conversation>> {
  const chat = conversation(daemon.client, id);
  const exchanges: Array<[string, string]> = [
    ['Step 1: install nginx on the staging box.', 'Done: nginx 1.24 is installed on staging.'],
    ['Step 2: make the app listen on port 8443 behind nginx.', 'The app now listens on port 8443, proxied by nginx.'],
    ['Step 3: open the firewall for it.', 'The firewall now allows port 8443.'],
  ];
  for (const [message, answer] of exchanges) {
    await chat.say(message);
    await chat.reply(answer);
  }
  return chat;
}

function section(response: ContextResponse, id: string): ContextResponse['layout']['sections'][number] {
  const found = response.layout.sections.find((each) => each.id === id);
  if (found === undefined) throw new Error(`no section ${id}`);
  return found;
}

function expectMemoryWhole(response: ContextResponse): void {
  for (const id of ['summaries', 'window']) {
    expect(section(response, id).base, id).toBeGreaterThan(0);
    expect(section(response, id).final, id).toBe(section(response, id).base);
    expect(section(response, id).actions, id).toEqual([]);
  }
}

describe('a long tool description under a lowered budget', () => {
  it('is shortened to how to call it before summaries or the window lose anything', async () => {
    const chat = await stepsSession('bud');
    for (const budget of [800, 1000]) {
      const response = await chat.say(QUESTION, { dryRun: true, budget, tools: [tool] });
      const tools = section(response, 'tools');
      expect(tools.base).toBeGreaterThan(452);
      expect(tools.actions).toEqual([{ kind: 'compressed', lenses: ['short-tool-descriptions'] }]);
      expect(tools.itemsKept).toBe(1);
      expectMemoryWhole(response);
      expect(response.tokens).toBeLessThanOrEqual(budget);
      const text = promptText(response);
      expect(text).toContain(SHORT_FORM);
      expect(text).not.toContain('Rule 0');
      // Step 2 as the summary and the window hold it.
      expect(text).toContain('port 8443 behind nginx');
      expect(text).toContain('The app now listens on port 8443, proxied by nginx.');
    }
  });

  it('keeps its short form while the summaries give way, when even its short form does not fit; the window stays whole', async () => {
    const chat = await stepsSession('bud-tight');
    const roomy = await chat.say(QUESTION, { dryRun: true, budget: 800, tools: [tool] });
    // Ten tokens fewer than the prompt with the short form: the summaries pay for that (spec: summaries first).
    const budget = roomy.tokens - 10;
    const tight = await chat.say(QUESTION, { dryRun: true, budget, tools: [tool] });
    const tools = section(tight, 'tools');
    expect(tools.final).toBeGreaterThan(0);
    expect(tools.actions).toEqual([{ kind: 'compressed', lenses: ['short-tool-descriptions'] }]);
    expect(section(tight, 'summaries').actions).not.toEqual([]);
    expect(section(tight, 'window').actions).toEqual([]);
    expect(tight.tokens).toBeLessThanOrEqual(budget);
    expect(promptText(tight)).toContain(SHORT_FORM);
  });

  it('is dropped only once the summaries are gone, and before the window loses a turn', async () => {
    const chat = await stepsSession('bud-tighter');
    const roomy = await chat.say(QUESTION, { dryRun: true, budget: 800, tools: [tool] });
    const summaries = section(roomy, 'summaries').final;
    const tools = section(roomy, 'tools').final;
    expect(summaries).toBeGreaterThan(0);
    // Less than the summaries and the short tool form together can give: both go, the window stays.
    const budget = roomy.tokens - summaries - Math.floor(tools / 2);
    const tight = await chat.say(QUESTION, { dryRun: true, budget, tools: [tool] });
    expect(section(tight, 'summaries').final).toBe(0);
    expect(section(tight, 'tools').actions).toContainEqual({ kind: 'dropped' });
    expect(section(tight, 'window').actions).toEqual([]);
    expect(tight.tokens).toBeLessThanOrEqual(budget);
  });
});

describe('tools already in their short form under a lowered budget', () => {
  it('stay while the summaries are compressed (the summaries give way first)', async () => {
    const chat = await stepsSession('used');
    const short = { name: 'get_weather', description: 'Get the current weather for a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
    // Used once in the session: shown short from then on.
    await chat.say('What is the weather in Lisbon?', { tools: [short] });
    await daemon.client.recordTurn('used', { role: 'assistant', content: '', toolCallId: 'w1', toolName: 'get_weather' });
    await daemon.client.recordTurn('used', { role: 'tool', content: '18 C and sunny', toolCallId: 'w1', toolName: 'get_weather' });
    await chat.reply('It is 18 C and sunny in Lisbon.');
    const roomy = await chat.say(QUESTION, { dryRun: true, budget: 4000, tools: [short] });
    expect(section(roomy, 'tools').actions).toEqual([]);
    const budget = roomy.tokens - 5;
    const tight = await chat.say(QUESTION, { dryRun: true, budget, tools: [short] });
    expect(section(tight, 'tools').final).toBe(section(roomy, 'tools').final);
    expect(section(tight, 'tools').actions).toEqual([]);
    expect(section(tight, 'summaries').actions).not.toEqual([]);
    expect(promptText(tight)).toContain('get_weather');
  });
});
