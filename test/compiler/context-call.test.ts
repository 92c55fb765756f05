import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { apiError } from '../helpers/serve-routes.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

let daemon: TestDaemon;
let tokenizer: Tokenizer;

beforeAll(async () => {
  daemon = await startTestDaemon();
  tokenizer = await createTokenizer('cl100k_base');
});
afterAll(() => daemon.stop());

function rt007(messages: ReadonlyArray<{ role: 'system' | 'user' | 'assistant' | 'tool'; content: string }>): number {
  return messages.reduce((sum, message) => sum + tokenizer.messageCost(message.role, message.content), 0);
}


describe('the context call', () => {
  it('answers with the fields of api.md, and tokens is the exact RT-007 count of the messages', async () => {
    const chat = conversation(daemon.client, 'fields');
    const response = await chat.say('Remember that my editor is Vim.');
    expect(Object.keys(response)).toEqual(expect.arrayContaining(['messages', 'tokens', 'budget', 'usage', 'level', 'layout', 'hash', 'turn', 'facts', 'cached']));
    expect(response.turn.turnNumber).toBe(1);
    expect(response.facts.added.map((fact) => fact.fact)).toEqual(['My editor is Vim']);
    expect(response.messages[0]?.role).toBe('system');
    expect(response.messages.at(-1)).toEqual({ role: 'user', content: 'Remember that my editor is Vim.' });
    expect(response.tokens).toBe(rt007(response.messages));
    expect(response.tokens).toBeLessThanOrEqual(4000);
    expect(response.usage).toBeCloseTo(response.tokens / 4000, 3);
  });

  it('keeps the sum exact as the session grows, with summaries, facts and tools in play', async () => {
    const chat = conversation(daemon.client, 'exact');
    const tools = [{ name: 'search_flights', description: 'Search flights between two airports. Returns prices.', parameters: { type: 'object' } }];
    for (let i = 0; i < 15; i += 1) {
      const response = await chat.say(`Turn ${i}: let's plan the trip to Lisbon, day ${i}, with a budget of ${100 * i} euros?`, { tools });
      expect(response.tokens).toBe(rt007(response.messages));
      await chat.reply(`Day ${i}: I suggest the Alfama walk and a tram ride; it costs about ${10 * i} euros.`);
    }
  });

  it('lets a request lower the cap but never raise it', async () => {
    const chat = conversation(daemon.client, 'budget');
    const lowered = await chat.say('What should I cook tonight with rice and beans?', { budget: 700 });
    expect(lowered.budget).toBe(700);
    expect(lowered.tokens).toBeLessThanOrEqual(700);
    const raised = await apiError(chat.say('Hi again', { budget: 5000 }));
    expect(raised.status).toBe(400);
    expect((raised.details.issues as Array<{ path: string }>)[0]?.path).toBe('body.budget');
  });

  it('fails loudly with 422 and the critical sizes when the message alone is over budget, recording nothing', async () => {
    const chat = conversation(daemon.client, 'overflow');
    const error = await apiError(chat.say('word '.repeat(5000)));
    expect(error.status).toBe(422);
    expect(error.code).toBe('CONTEXT_CRITICAL_OVERFLOW');
    expect(error.details.budget).toBe(4000);
    expect(error.details.required as number).toBeGreaterThan(4000);
    expect((error.details.sections as Array<{ id: string }>).map((section) => section.id)).toEqual(['system', 'user']);
    const missing = await apiError(chat.view());
    expect(missing.status).toBe(404);
  });

  it('counts tokenizer bombs and answers: 422 when over the budget, an exact prompt otherwise', async () => {
    const chat = conversation(daemon.client, 'bomb');
    // 64 KB of "a" is 8192 tokens (over the cap); of "=" 1024 and of spaces 512 (they fit).
    expect((await apiError(chat.say('a'.repeat(64 * 1024)))).status).toBe(422);
    for (const bomb of ['='.repeat(64 * 1024), `x${' '.repeat(64 * 1024)}x`]) {
      const response = await chat.say(bomb);
      expect(response.tokens).toBe(rt007(response.messages));
      expect(response.tokens).toBeLessThanOrEqual(4000);
    }
    const special = await chat.say('What does <|endoftext|> mean in <|fim_prefix|> prompts?');
    expect(special.tokens).toBe(rt007(special.messages));
  });

  it('refuses a single message or reply over the size limit with a 413 naming the field, its size, the limit and its variable', async () => {
    const bytes = 300 * 1024;
    const limit = daemon.config.maxMessageBytes;
    const tooLarge = (path: string) => ({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: `413 PAYLOAD_TOO_LARGE: ${path} is ${bytes} bytes; the limit is ${limit} (MEMORYD_MAX_MESSAGE_BYTES)`,
      details: { path, bytes, limit, variable: 'MEMORYD_MAX_MESSAGE_BYTES' },
    });
    expect(await apiError(conversation(daemon.client, 'big').say('x'.repeat(bytes)))).toMatchObject(tooLarge('body.message'));
    const reply = await apiError(daemon.client.json('POST', '/v1/sessions/big/turns', { role: 'assistant', content: 'x'.repeat(bytes) }));
    expect(reply).toMatchObject(tooLarge('body.content'));
  });

  it('reports usage levels at 70, 80 and 90 percent', async () => {
    const chat = conversation(daemon.client, 'levels');
    const first = await chat.say('Just checking the levels of usage.');
    const size = first.tokens;
    const at = async (budget: number) => (await chat.say('Just checking the levels of usage.', { budget, dryRun: true })).level;
    // The same prompt under shrinking budgets: its usage climbs through the thresholds.
    expect(await at(Math.ceil(size / 0.6))).toBe('ok');
    expect(await at(Math.ceil(size / 0.75))).toBe('warning');
    expect(await at(Math.ceil(size / 0.85))).toBe('compress');
    expect(await at(Math.ceil(size / 0.95))).toBe('critical');
    // Dry runs change nothing, metrics included (test/foundation/api-contract.test.ts): a real call is counted.
    const counted = (text: string, level: string) => Number(new RegExp(`memoryd_context_threshold_total\\{level="${level}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    const before = await daemon.client.metrics();
    const real = await chat.say('Just checking the levels of usage.', { budget: Math.ceil(size / 0.95) });
    expect(real.level).not.toBe('ok');
    expect(counted(await daemon.client.metrics(), real.level)).toBe(counted(before, real.level) + 1);
  });
});

describe('facts in the prompt', () => {
  it('leave out a fact mentioned in the last 3 turns while the prompt shows them, and not once it does not', async () => {
    const chat = conversation(daemon.client, 'mention-then-flush');
    await chat.say('Remember that my manager is Laura.');
    await chat.reply('Noted: your manager is Laura.', { outputValid: true });
    const shown = await chat.say('Can you help me write an email to my manager about the budget?', { dryRun: true });
    expect(promptText(shown)).toContain('Noted: your manager is Laura.');
    expect(promptText(shown)).not.toContain('My manager is Laura');
    // The flush moves the mention into a summary: the window no longer shows it, the facts do.
    const flushed = await chat.say("Let's change the subject. Can you help me write an email to my manager about the budget?");
    expect(flushed.turn.topicShift).toBe(true);
    expect((await chat.view()).window.turns).toHaveLength(1);
    expect(promptText(flushed)).not.toContain('Noted: your manager is Laura.');
    expect(promptText(flushed)).toContain('My manager is Laura');
  });

  it('bring back a fact mentioned in a turn a small budget drops, or shows as its head and tail', async () => {
    const chat = conversation(daemon.client, 'mention-then-squeeze');
    const stated = await chat.say('Remember that my son Leo is allergic to penicillin.');
    const [fact] = stated.facts.added.map((added) => added.fact);
    expect(fact).toMatch(/Leo is allergic to penicillin/);
    await chat.reply('Noted, I will keep that in mind for Leo.', { outputValid: true });
    const question = 'Leo has an ear infection, which antibiotic could the doctor give him?';
    const roomy = await chat.say(question, { dryRun: true });
    expect(promptText(roomy)).toContain('Remember that my son Leo is allergic to penicillin.');
    expect(promptText(roomy)).not.toContain(fact);
    // The largest budget whose prompt drops the turn: the fact then stands in for it.
    let tight = roomy;
    for (let budget = 700; promptText(tight).includes('Remember that my son Leo is allergic to penicillin.'); budget -= 10) {
      tight = await chat.say(question, { dryRun: true, budget });
    }
    expect(tight.budget).toBeGreaterThan(300);
    expect(promptText(tight)).toContain(fact);

    const long = conversation(daemon.client, 'mention-in-long-message');
    const filler = (topic: string) => Array.from({ length: 50 }, (_, i) => `Sentence ${i} is about ${topic} and nothing else at all.`).join(' ');
    const said = await long.say(`${filler('gardening')} Remember that I am allergic to shellfish. ${filler('cycling')}`);
    expect(said.facts.added.map((fact) => fact.fact)).toEqual(['I am allergic to shellfish']);
    await long.reply('Noted.', { outputValid: true });
    const dinner = await long.say('Given my allergies, what should I avoid ordering at dinner tonight?', { dryRun: true });
    expect(promptText(dinner)).toContain('I am allergic to shellfish');
  });
});

describe('format instructions', () => {
  it('are sent until an output is valid, omitted after, and re-injected after an invalid one', async () => {
    const chat = conversation(daemon.client, 'format');
    const hasFormat = (response: { layout: { sections: Array<{ id: string; final: number }> } }) =>
      (response.layout.sections.find((section) => section.id === 'format')?.final ?? 0) > 0;
    expect(hasFormat(await chat.say('Hello there, can you help me plan?'))).toBe(true);
    await chat.reply('Sure.', { outputValid: true });
    expect(hasFormat(await chat.say('Great, what first?'))).toBe(false);
    await chat.reply('{broken', { outputValid: false });
    expect(hasFormat(await chat.say('That reply looked broken.'))).toBe(true);
  });
});

describe('tool descriptions and pending tool results', () => {
  const weather = { name: 'get_weather', description: 'Get the current weather for a city. Returns temperature, wind and a short forecast for the next hours.' };

  it('describe a tool in full the first time and briefly once it was used', async () => {
    const chat = conversation(daemon.client, 'tools');
    const first = await chat.say('Is it raining in Porto?', { tools: [weather] });
    expect(promptText(first)).toContain('temperature, wind and a short forecast');
    const second = await chat.say('And in Braga?', {
      tools: [weather],
      toolResults: [{ toolCallId: 'c1', name: 'get_weather', content: 'Porto: 14 °C, rain, wind 20 km/h' }],
    });
    expect(promptText(second)).toContain('get_weather: Get the current weather for a city.');
    expect(promptText(second)).not.toContain('temperature, wind and a short forecast');
    expect(second.messages.find((message) => message.role === 'tool')).toMatchObject({ content: 'Porto: 14 °C, rain, wind 20 km/h', toolCallId: 'c1', name: 'get_weather' });
    expect(second.tokens).toBe(rt007(second.messages));
  });

  it('describe a used tool in full again once its declaration changes, and briefly once it is used as declared now', async () => {
    const chat = conversation(daemon.client, 'tool-changed');
    const renewed = { ...weather, description: 'Get the current weather for a city. Returns temperature, humidity and a UV index.' };
    await chat.say('Is it raining in Porto?', { tools: [weather] });
    const used = await chat.say('And in Braga?', { tools: [weather], toolResults: [{ toolCallId: 'c1', name: 'get_weather', content: 'Braga: 12 °C' }] });
    expect(promptText(used)).not.toContain('temperature, wind and a short forecast');
    // The model has not read this description: in full, and again at the next call while it goes unused.
    for (const message of ['And in Faro?', 'Hmm, and Lagos?']) {
      const changed = await chat.say(message, { tools: [renewed] });
      expect(promptText(changed)).toContain('humidity and a UV index');
    }
    // Used again, its result recorded through /turns: brief from the next call on.
    await chat.reply('{"name":"get_weather","arguments":{"city":"Lagos"}}', { toolCallId: 'c2', toolName: 'get_weather' });
    await daemon.client.recordTurn('tool-changed', { role: 'tool', toolCallId: 'c2', toolName: 'get_weather', content: 'Lagos: 20 °C' });
    for (const message of ['Thanks. Lisbon?', 'And Sintra?']) {
      const again = await chat.say(message, { tools: [renewed] });
      expect(promptText(again)).toContain('get_weather: Get the current weather for a city.');
      expect(promptText(again)).not.toContain('humidity and a UV index');
    }
    // Declared as first used, it is new to the model again.
    expect(promptText(await chat.say('And Porto again?', { tools: [weather] }))).toContain('temperature, wind and a short forecast');
  });

  it('puts a result right after the call it answers, and a result without a call in the window after a stand-in call, before the window', async () => {
    const chat = conversation(daemon.client, 'tool-order');
    await chat.say('Find me flights from Madrid to Lisbon.');
    await chat.reply('{"name":"search_flights","arguments":{"from":"MAD","to":"LIS"}}', { toolCallId: 'f1', toolName: 'search_flights' });
    const response = await chat.say('What did you find?', {
      toolResults: [
        { toolCallId: 'f1', name: 'search_flights', content: 'TP1023 MAD-LIS 08:10 89 EUR' },
        { toolCallId: 'w1', name: 'get_weather', content: 'Lisbon: 21 °C, sunny' },
      ],
    });
    const roles = response.messages.map((message) => `${message.role}${'toolCallId' in message ? `:${String(message.toolCallId)}` : ''}`);
    const call = roles.indexOf('assistant:f1');
    expect(call).toBeGreaterThan(0);
    expect(roles[call + 1]).toBe('tool:f1');
    // The weather was fetched before the prompt: no call of it is in the window, so a
    // stand-in (no content) comes before it, as chat APIs want.
    expect(roles.indexOf('tool:w1')).toBeLessThan(roles.indexOf('user'));
    expect(response.messages[roles.indexOf('tool:w1') - 1]).toEqual({ role: 'assistant', content: '', toolCallId: 'w1', name: 'get_weather' });
    expect(roles.at(-1)).toBe('user');
    expect(response.layout.sections.find((section) => section.id === 'tool-results')?.itemsKept).toBe(1);
    expect(response.tokens).toBe(rt007(response.messages));
  });

  it('keeps only the relevant tools when more than 30 are declared', async () => {
    const tools = Array.from({ length: 40 }, (_, i) => ({ name: `tool_${i}`, description: `Does chore number ${i} for the household.` }));
    tools.push({ name: 'book_flight', description: 'Book a flight ticket between airports for a traveller.' });
    const response = await conversation(daemon.client, 'many-tools').say('Please book a flight to Madrid with book_flight');
    const withTools = await conversation(daemon.client, 'many-tools-2').say('Please book a flight to Madrid with book_flight', { tools });
    expect(response.layout.sections.find((section) => section.id === 'tools')?.final).toBe(0);
    const toolSection = withTools.messages.find((message) => message.content.startsWith('Tools you can call:'));
    expect(toolSection?.content).toContain('book_flight');
    expect(toolSection?.content.split('\n').filter((line) => /^tool_\d+:/.test(line)).length).toBeLessThan(8);
  });

  it('compresses a long pending tool result head and tail within 300 tokens', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `row ${i}: value ${i * 7}`).join('\n');
    const response = await conversation(daemon.client, 'long-result').say('Summarise the export.', {
      toolResults: [{ toolCallId: 'x1', name: 'export_rows', content: lines }],
    });
    const tool = response.messages.find((message) => message.role === 'tool');
    expect(tool?.content).toContain('row 0: value 0');
    expect(tool?.content).toContain('row 399: value 2793');
    expect(tool?.content).toContain('[…]');
    expect(tokenizer.messageCost('tool', tool?.content ?? '')).toBeLessThanOrEqual(300);
    expect(response.tokens).toBe(rt007(response.messages));
    // The next prompt shows the kept result as a window turn, sized when it was recorded.
    const next = await conversation(daemon.client, 'long-result').say('And the total?');
    expect(next.messages.some((message) => message.role === 'tool' && message.content === tool?.content)).toBe(true);
    expect(next.tokens).toBe(rt007(next.messages));
  });
});

describe('dry runs and determinism', () => {
  it('compile without changing anything, and twice give the same body', async () => {
    const chat = conversation(daemon.client, 'dry');
    await chat.say('Remember that I prefer tea over coffee.');
    const before = await chat.view();
    const a = await chat.say('I decided to move to Porto next spring.', { dryRun: true });
    const b = await chat.say('I decided to move to Porto next spring.', { dryRun: true });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.dryRun).toBe(true);
    expect(a.facts.added.length).toBe(1);
    expect(await chat.view()).toEqual(before);
    const facts = await daemon.client.json<{ facts: Array<{ fact: string }> }>('GET', '/v1/facts?status=all');
    expect(facts.facts.map((fact) => fact.fact)).not.toContain('I decided to move to Porto next spring');
  });
});
