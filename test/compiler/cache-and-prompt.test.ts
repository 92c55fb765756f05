import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';

const defer = cleanupAfterEach();

async function started(options: Parameters<typeof startTestDaemon>[0] = {}): Promise<TestDaemon> {
  const daemon = await startTestDaemon(options);
  defer(() => daemon.stop());
  return daemon;
}

describe('answers from the cache through the context call', () => {
  it('returns a cached answer for the same question, and the earlier answer with a disclaimer for a rephrasing', async () => {
    const { client } = await started();
    const chat = conversation(client, 'ask');
    await chat.say('Remember that my dentist is Dr. Ortega.');
    const first = await chat.say('Who is my dentist?');
    expect(first.cached).toBeNull();
    const stored = await client.recordTurn('ask', { role: 'assistant', content: 'Your dentist is Dr. Ortega.', cacheable: true });
    expect(stored.cache).toEqual({ stored: true });

    const again = await conversation(client, 'other-session').say('who is my dentist');
    expect(again.cached).toEqual({ response: 'Your dentist is Dr. Ortega.', disclaimer: '[Answer retrieved from an earlier conversation]', source: 'cache' });
    expect(again.messages.length).toBeGreaterThan(1);

    const rephrased = await chat.say('Who is my dentist again, please?');
    expect(rephrased.cached?.response).toBe('Your dentist is Dr. Ortega.');
    const metrics = await client.metrics();
    expect(metrics).toMatch(/memoryd_cache_hits_total \d+/);
  });

  it('answers a Spanish rephrasing with the Spanish disclaimer', async () => {
    const { client } = await started();
    const chat = conversation(client, 'es');
    await chat.say('¿Cuál es mi color favorito?');
    await client.recordTurn('es', { role: 'assistant', content: 'Tu color favorito es el verde.', cacheable: true });
    const rephrased = await chat.say('¿cuál es mi color favorito, por favor?');
    expect(rephrased.cached).toMatchObject({ response: 'Tu color favorito es el verde.', disclaimer: '[Respuesta recuperada de conversación anterior]' });
  });

  it('never caches a time-dependent question, and drops an answer when a fact it depends on changes', async () => {
    const { client } = await started();
    const chat = conversation(client, 'fresh');
    await chat.say('What is on my calendar today?');
    const refused = await client.recordTurn('fresh', { role: 'assistant', content: 'Two meetings.', cacheable: true });
    expect(refused.cache).toEqual({ stored: false, reason: 'time-dependent' });

    await chat.say('Remember that I work at Acme.');
    await chat.say('Where do I work?');
    expect((await client.recordTurn('fresh', { role: 'assistant', content: 'You work at Acme.', cacheable: true })).cache?.stored).toBe(true);
    expect((await conversation(client, 'probe').say('Where do I work?', { dryRun: true })).cached?.response).toBe('You work at Acme.');
    const changed = await chat.say('Actually, I work at Globex now.');
    expect(changed.facts.superseded.map((fact) => fact.fact)).toEqual(['I work at Acme']);
    expect((await conversation(client, 'probe').say('Where do I work?', { dryRun: true })).cached).toBeNull();
  });

  it('serves no answer cached before a side effect of the session, the request that carries it included', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const { client } = await started({ clock });
    const chat = conversation(client, 'bank');
    await chat.say('What is my account balance?');
    expect((await client.recordTurn('bank', { role: 'assistant', content: 'Your balance is 900 EUR.', cacheable: true })).cache).toEqual({ stored: true });
    expect((await conversation(client, 'bank-2').say('What is my account balance?')).cached?.source).toBe('cache');

    const transfer = { name: 'transfer', description: 'Moves money between accounts.', sideEffects: true };
    const afterTransfer = await chat.say('What is my account balance?', {
      tools: [transfer],
      toolResults: [{ toolCallId: 't1', name: 'transfer', content: 'Transferred 100 EUR to savings.' }],
    });
    expect(afterTransfer.cached).toBeNull();
    clock.advance(60_000);
    // Later in the same session too, for the exact question and a rephrasing: the cached answer predates the transfer.
    expect((await chat.say('What is my account balance, please?')).cached).toBeNull();
    expect((await chat.say('What is my account balance?')).cached).toBeNull();
    // An answer cached after the side effect is served again.
    expect((await client.recordTurn('bank', { role: 'assistant', content: 'Your balance is 800 EUR.', cacheable: true })).cache).toEqual({ stored: true });
    expect((await chat.say('What is my account balance?')).cached?.response).toBe('Your balance is 800 EUR.');
  });

  it('does not cache an answer that itself had side effects', async () => {
    const { client } = await started();
    await conversation(client, 'booking').say('Can you book the table for two at Casa Lisboa?');
    const reply = await client.recordTurn('booking', { role: 'assistant', content: 'Booked: table for two at 20:00.', cacheable: true, sideEffects: true });
    expect(reply.cache?.stored).toBe(false);
    expect((await conversation(client, 'booking-2').say('Can you book the table for two at Casa Lisboa?')).cached).toBeNull();
  });

  it('count a miss only for a message the cache may answer, and the tool cache\'s hits and misses', async () => {
    const { client } = await started();
    const count = async (series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(await client.metrics())?.[1] ?? 0);
    const chat = conversation(client, 'misses');
    await chat.say('Who is my accountant?');
    expect(await count('memoryd_cache_misses_total')).toBe(1);
    await chat.say('What time is it?');
    expect(await count('memoryd_cache_misses_total')).toBe(1);
    await client.recordTurn('misses', { role: 'assistant', content: 'Your accountant is Ana Ruiz.' });
    await chat.say('Who is my accountant?');
    await client.recordTurn('misses', { role: 'assistant', content: 'Ana Ruiz.', cacheable: true });
    expect(await count('memoryd_cache_misses_total')).toBe(2);
    expect((await conversation(client, 'misses-2').say('Who is my accountant?')).cached?.source).toBe('cache');
    expect(await count('memoryd_cache_misses_total')).toBe(2);

    const path = `/v1/tool-cache/get_weather?params=${encodeURIComponent(JSON.stringify({ city: 'Porto' }))}`;
    expect((await client.json<{ hit: boolean }>('GET', path)).hit).toBe(false);
    await client.json('PUT', '/v1/tool-cache/get_weather', { params: { city: 'Porto' }, result: { celsius: 21 }, idempotent: true });
    expect((await client.json<{ hit: boolean }>('GET', path)).hit).toBe(true);
    expect(await count('memoryd_tool_cache_lookups_total{result="miss"}')).toBe(1);
    expect(await count('memoryd_tool_cache_lookups_total{result="hit"}')).toBe(1);
  });

  it('expires answers after 24 hours', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const { client } = await started({ clock });
    const chat = conversation(client, 'ttl');
    await chat.say('What is my blood type?');
    await client.recordTurn('ttl', { role: 'assistant', content: 'You told me A+.', cacheable: true });
    clock.advance(23 * HOUR_MS);
    expect((await chat.say('What is my blood type?', { dryRun: true })).cached).not.toBeNull();
    clock.advance(2 * HOUR_MS);
    expect((await chat.say('What is my blood type?', { dryRun: true })).cached).toBeNull();
  });
});

describe('the system prompt', () => {
  it('can be replaced by a file in the data dir, and is versioned when it changes', async () => {
    const temp = makeTempDir();
    defer(temp.remove);
    writeFileSync(join(temp.dir, 'system-prompt.md'), 'You are Ada, a terse assistant.\n');
    const first = await startTestDaemon({ dir: temp.dir, keepDir: true });
    const a = await conversation(first.client, 's').say('Hello?');
    const b = await conversation(first.client, 't').say('Hi there?');
    expect(a.messages[0]).toEqual({ role: 'system', content: 'You are Ada, a terse assistant.\n' });
    expect(a.systemVersion).toBe('system_v1');
    expect(b.messages[0]).toEqual(a.messages[0]);
    await first.stop();

    writeFileSync(join(temp.dir, 'system-prompt.md'), 'You are Ada, a warm assistant.\n');
    const second = await startTestDaemon({ dir: temp.dir, keepDir: true });
    const c = await conversation(second.client, 's').say('Hello again?');
    expect(c.systemVersion).toBe('system_v2');
    expect(c.messages[0]?.content).toBe('You are Ada, a warm assistant.\n');
    await second.stop();

    // Back to the first text: its own version again (a provider may still cache that prefix); a new text, the next one.
    writeFileSync(join(temp.dir, 'system-prompt.md'), 'You are Ada, a terse assistant.\n');
    const third = await startTestDaemon({ dir: temp.dir, keepDir: true });
    expect((await conversation(third.client, 's').say('And now?')).systemVersion).toBe('system_v1');
    await third.stop();
    writeFileSync(join(temp.dir, 'system-prompt.md'), 'You are Ada, a playful assistant.\n');
    const fourth = await startTestDaemon({ dir: temp.dir, keepDir: true });
    defer(() => fourth.stop());
    expect((await conversation(fourth.client, 's').say('And now?')).systemVersion).toBe('system_v3');
  });

  it('refuses to start with a file that is not UTF-8 or that leaves no room under the cap, saying why', async () => {
    const temp = makeTempDir();
    defer(temp.remove);
    const file = join(temp.dir, 'system-prompt.md');
    writeFileSync(file, Buffer.from([0x59, 0x6f, 0x75, 0x20, 0xff, 0xfe, 0x0a]));
    await expect(startTestDaemon({ dir: temp.dir, keepDir: true })).rejects.toThrow(`the system prompt file ${file} is not UTF-8 text`);
    writeFileSync(file, 'Be brief. '.repeat(400));
    await expect(startTestDaemon({ dir: temp.dir, keepDir: true, env: { MEMORYD_TOKEN_CAP: '1000' } })).rejects.toThrow(/is \d+ tokens: it must leave room under MEMORYD_TOKEN_CAP \(1000\)/);
    const fits = await startTestDaemon({ dir: temp.dir, keepDir: true });
    defer(() => fits.stop());
    expect((await conversation(fits.client, 's').say('Hello?')).messages[0]?.content).toContain('Be brief.');
  });

  it('is the built-in one otherwise, the same bytes in every request', async () => {
    const { client } = await started();
    const a = await conversation(client, 'x').say('First question?');
    const b = await conversation(client, 'y').say('Another question entirely, with tools?', { tools: [{ name: 't1', description: 'd' }] });
    expect(a.messages[0]?.content).toContain('# Identity and role');
    expect(b.messages[0]?.content).toBe(a.messages[0]?.content);
  });
});

describe('metrics and retries', () => {
  it('export prompt sizes, latencies, compressions, drops, overflows, facts, shifts and window sizes', async () => {
    const { client } = await started();
    const chat = conversation(client, 'm');
    const first = await chat.say('Remember that my cat is called Miso.');
    await chat.reply('Miso is a lovely name for a cat.');
    const preview = await chat.say('Tell me a story about my cat.', { dryRun: true });
    const critical = preview.layout.sections.filter((section) => section.critical).reduce((sum, section) => sum + section.final, 0);
    // Just above the critical load: every other section must give way.
    const squeezed = await chat.say('Tell me a story about my cat.', { budget: critical + 5 });
    expect(squeezed.tokens).toBeLessThanOrEqual(critical + 5);
    const dropped = squeezed.layout.sections.filter((section) => (section.actions as Array<{ kind: string }>).some((action) => action.kind === 'dropped'));
    // Only a section that lost something counts; an empty one the deficit reached is reported dropped too.
    const drops = dropped.filter((section) => section.base > 0).map((section) => section.id);
    const emptyDrops = dropped.filter((section) => section.base === 0).map((section) => section.id);
    expect(drops.length).toBeGreaterThan(0);
    expect(emptyDrops).toContain('summaries');
    await chat.say('word '.repeat(5000)).catch(() => undefined);
    // A dry run that overflows is refused the same way and counts nothing.
    await expect(chat.say('word '.repeat(5000), { dryRun: true })).rejects.toMatchObject({ status: 422 });
    const shifted = await chat.say('Changing the subject: what should I cook tonight?');
    expect(shifted.turn.topicShift).toBe(true);
    const text = await client.metrics();
    const sample = (series: string): number | null => {
      const line = text.split('\n').find((each) => each.startsWith(`${series} `));
      return line === undefined ? null : Number(line.slice(series.length + 1));
    };
    // Three recorded prompts (the dry run and the overflow record none); four timed calls.
    expect(sample('memoryd_prompt_tokens_count')).toBe(3);
    expect(sample('memoryd_window_turns_count')).toBe(3);
    expect(sample('memoryd_context_ms_count')).toBe(4);
    expect(sample('memoryd_compile_ms_count')).toBe(4);
    expect(sample('memoryd_context_overflows_total')).toBe(1);
    expect(sample('memoryd_facts_total{kind="added"}')).toBe(1);
    for (const section of drops) expect(sample(`memoryd_layout_drops_total{section="${section}"}`)).toBeGreaterThanOrEqual(1);
    for (const section of emptyDrops) expect(sample(`memoryd_layout_drops_total{section="${section}"}`)).toBeNull();
    // Each recorded shift counted once per reason it had.
    expect(shifted.turn.shiftReasons.length).toBeGreaterThan(0);
    const reasons = new Map<string, number>();
    for (const response of [first, squeezed, shifted]) for (const reason of response.turn.shiftReasons) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    for (const [reason, count] of reasons) expect(sample(`memoryd_topic_shifts_total{reason="${reason}"}`)).toBe(count);
    expect(text.split('\n').filter((line) => line.startsWith('memoryd_topic_shifts_total{'))).toHaveLength(reasons.size);
    expect(sample('memoryd_http_requests_total{route="/v1/sessions/:sessionId/context",status="200"}')).toBe(4);
    // The session's own summary: the three recorded prompts.
    const sizes = [first.tokens, squeezed.tokens, shifted.tokens].sort((a, b) => a - b);
    expect((await chat.view()).stats).toEqual({ requests: 3, tokens: { min: sizes[0], median: sizes[1], max: sizes[2] } });
  });

  it('show the last error only on a retry, never in the messages', async () => {
    const { client } = await started();
    await client.json('POST', '/v1/discard', { kind: 'parse_failure', sessionId: 'r', content: 'raw model output {', error: { code: 'JSON_PARSE', message: 'Unexpected end of JSON input' } });
    const normal = await client.context('r', { message: 'Please try that again.' });
    expect(normal.lastError).toBeNull();
    const retry = await client.context('r', { message: 'Please try that again.', retry: true });
    expect(retry.lastError).toMatchObject({ code: 'JSON_PARSE', message: 'Unexpected end of JSON input' });
    expect(promptText(retry)).not.toContain('Unexpected end of JSON input');
  });
});
