import { describe, expect, it } from 'vitest';
import { HOUR_MS, ManualClock } from '../../src/clock.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// Which answer the response cache keeps when a session records its turns: the final
// answer (not the tool call before it), a correction of it (replacing it, whatever facts
// changed before the question), and what it can tell of a question asked before a restart.
const defer = cleanupAfterEach();

async function started(options: { clock?: ManualClock; dir?: string } = {}): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ clock: options.clock ?? new ManualClock(Date.UTC(2026, 10, 22, 9)), ...(options.dir ? { dir: options.dir, keepDir: true } : {}) });
  defer(() => daemon.stop());
  return daemon;
}

async function probe(daemon: TestDaemon, question: string): Promise<string | null> {
  return (await conversation(daemon.client, 'probe').say(question, { dryRun: true })).cached?.response ?? null;
}

describe('the answer after a tool call', () => {
  it('is the one stored, after a fact written before the question; the call cannot be offered', async () => {
    const daemon = await started();
    await daemon.client.addFact({ fact: 'I like chess', domain: 'personal' });
    const chat = conversation(daemon.client, 'b1');
    await chat.say('What is the density of my wedding ring?');
    const call = await daemon.client.raw(
      'POST',
      '/v1/sessions/b1/turns',
      JSON.stringify({ role: 'assistant', content: '{"tool":"lookup","args":{"q":"iridium"}}', toolCallId: 'i1', toolName: 'lookup', cacheable: true }),
    );
    expect(call.status).toBe(400);
    expect(await probe(daemon, 'What is the density of my wedding ring?')).toBeNull();
    await daemon.client.recordTurn('b1', { role: 'assistant', content: '{"tool":"lookup","args":{"q":"iridium"}}', toolCallId: 'i1', toolName: 'lookup' });
    await daemon.client.recordTurn('b1', { role: 'tool', content: '22.56 g/cm3', toolCallId: 'i1', toolName: 'lookup' });
    expect((await chat.reply('Iridium: 22.56 g/cm3.', { cacheable: true })).cache).toEqual({ stored: true });
    expect(await probe(daemon, 'What is the density of my wedding ring?')).toBe('Iridium: 22.56 g/cm3.');
  });
});

describe('a second answer to the same question', () => {
  it('replaces the first, though a fact was written before the question (in another session)', async () => {
    const daemon = await started();
    await conversation(daemon.client, 'other').say('Remember that I work at Acme.');
    expect((await daemon.client.listFacts()).facts).toHaveLength(1);
    const chat = conversation(daemon.client, 'oz');
    await chat.say('How many grams of coffee do I use per cup?');
    expect((await chat.reply('About 28 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    expect((await chat.reply('Correction: 28.35 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    expect(await probe(daemon, 'How many grams of coffee do I use per cup?')).toBe('Correction: 28.35 grams.');
  });

  it('is refused as facts-changed only when a fact changed after the question was asked', async () => {
    const daemon = await started();
    const chat = conversation(daemon.client, 'oz');
    await chat.say('How many grams of coffee do I use per cup?');
    expect((await chat.reply('About 28 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    await daemon.client.addFact({ fact: 'I live in Lima', domain: 'personal' });
    expect((await chat.reply('Correction: 28.35 grams.', { cacheable: true })).cache).toEqual({ stored: false, reason: 'facts-changed' });
    expect(await probe(daemon, 'How many grams of coffee do I use per cup?')).toBeNull();
    // Another session asking it now, after the change, has its answer stored.
    const later = conversation(daemon.client, 'oz-2');
    await later.say('How many grams of coffee do I use per cup?');
    expect((await later.reply('28.35 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    // The first session's question is still the one asked before the change.
    expect((await chat.reply('Correction: 28.3495 grams.', { cacheable: true })).cache).toEqual({ stored: false, reason: 'facts-changed' });
    expect(await probe(daemon, 'How many grams of coffee do I use per cup?')).toBe('28.35 grams.');
  });

  it('asked in two sessions after a fact change, is stored for each: the first answer does not make the other question older', async () => {
    const daemon = await started();
    await daemon.client.addFact({ fact: 'I live in Lima', domain: 'personal' });
    const first = conversation(daemon.client, 'oz-a');
    const second = conversation(daemon.client, 'oz-b');
    await first.say('How many grams of coffee do I use per cup?');
    await second.say('How many grams of coffee do I use per cup?');
    expect((await first.reply('About 28 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    expect((await second.reply('28.35 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    expect(await probe(daemon, 'How many grams of coffee do I use per cup?')).toBe('28.35 grams.');
  });
});

describe('after a restart', () => {
  it('refuses, saying so, an answer to a question asked before the start, for a fact may have changed in between; a question asked again is answered', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9));
    const temp = makeTempDir();
    defer(temp.remove);
    const before = await started({ clock, dir: temp.dir });
    const chat = conversation(before.client, 'oz');
    await chat.say('How many grams of coffee do I use per cup?');
    expect((await chat.reply('About 28 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    // A fact changes after the question, before the restart: the answer stored is dropped.
    await before.client.addFact({ fact: 'I live in Lima', domain: 'personal' });
    await before.stop();

    clock.advance(HOUR_MS);
    const after = await started({ clock, dir: temp.dir });
    const resumed = conversation(after.client, 'oz');
    expect((await resumed.reply('Correction: 28.35 grams.', { cacheable: true })).cache).toEqual({ stored: false, reason: 'asked-before-start' });
    expect(await probe(after, 'How many grams of coffee do I use per cup?')).toBeNull();
    // Asked again after the start, after another fact change: both answers to it are stored.
    await after.client.addFact({ fact: 'I work at Acme', domain: 'work' });
    await resumed.say('How many grams of coffee do I use per cup?');
    expect((await resumed.reply('28.35 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    expect((await resumed.reply('28.349523125 grams.', { cacheable: true })).cache).toEqual({ stored: true });
    expect(await probe(after, 'How many grams of coffee do I use per cup?')).toBe('28.349523125 grams.');
  });
});
