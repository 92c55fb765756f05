import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableCommitCount } from '../../src/storage/transaction.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// Spec §4: a new or changed fact is durable (fsynced) before it is acknowledged; every
// other write commits on NORMAL. The count is of commits SQLite ran with synchronous=FULL.
let daemon: TestDaemon;

beforeAll(async () => {
  daemon = await startTestDaemon();
});
afterAll(() => daemon.stop());

function durableCommits(): number {
  return durableCommitCount(daemon.daemon.context.database);
}

// How many durable commits `action` made, and what it answered.
async function counting<T>(action: () => Promise<T>): Promise<{ durable: number; result: T }> {
  const before = durableCommits();
  const result = await action();
  return { durable: durableCommits() - before, result };
}

function syncLevel(): number {
  return Number(daemon.daemon.context.database.sqlite.pragma('synchronous', { simple: true }));
}

describe('fact writes through the API', () => {
  it('add, edit, confirm and delete each commit durably; reads commit nothing', async () => {
    const { client } = daemon;
    const added = await counting(() => client.addFact({ fact: 'The standup is at 9:30', domain: 'work' }));
    expect(added.durable).toBe(1);
    const id = added.result.fact.id;
    expect((await counting(() => client.updateFact(id, { fact: 'The standup is at 10:00' }))).durable).toBe(1);
    expect((await counting(() => client.updateFact(id, { confirm: true }))).durable).toBe(1);
    expect((await counting(() => client.getFact(id))).durable).toBe(0);
    expect((await counting(() => client.listFacts())).durable).toBe(0);
    expect((await counting(() => client.deleteFact(id))).durable).toBe(1);
    expect(syncLevel()).toBe(1);
  });
});

describe('the context call', () => {
  it('commits durably when the message adds or deletes a fact', async () => {
    const chat = conversation(daemon.client, 'durable-facts');
    const stated = await counting(() => chat.say('Remember that my editor is Vim.'));
    expect(stated.result.facts.added.map((fact) => fact.fact)).toEqual(['My editor is Vim']);
    expect(stated.durable).toBe(1);
    await chat.reply('Noted: Vim.');
    const forgotten = await counting(() => chat.say('Forget that my editor is Vim.'));
    expect(forgotten.result.facts.deleted.map((fact) => fact.fact)).toEqual(['My editor is Vim']);
    expect(forgotten.durable).toBe(1);
    expect(syncLevel()).toBe(1);
  });

  it('stays on NORMAL for a message that writes no fact, or only re-confirms one by mention', async () => {
    const chat = conversation(daemon.client, 'normal-turns');
    await chat.say('Remember that my editor is Helix.');
    await chat.reply('Helix, noted.');
    expect((await counting(() => chat.say('What should I cook tonight with rice and beans?'))).durable).toBe(0);
    await chat.reply('Rice and beans with a sofrito.');
    const mentioned = await counting(() => chat.say('Helix is a great editor.'));
    expect(mentioned.result.facts.reconfirmed.map((fact) => fact.fact)).toContain('My editor is Helix');
    expect(mentioned.result.facts.added).toEqual([]);
    // Re-confirmations are the writes spec §4 lets wait: no fsync for them.
    expect(mentioned.durable).toBe(0);
  });

  it('stays on NORMAL for a correction said in passing that finds no live fact to replace', async () => {
    const chat = conversation(daemon.client, 'passing-correction');
    const unmatched = await counting(() => chat.say('Actually, the offsite moved to Lisbon.'));
    expect(unmatched.result.facts).toMatchObject({ added: [], superseded: [] });
    expect(unmatched.durable).toBe(0);
    await chat.reply('Lisbon, then.');
    await chat.say('Remember that the team offsite is in Porto.');
    await chat.reply('Porto, noted.');
    // Named with a word less, it replaces the one live fact of that thing: durably.
    const corrected = await counting(() => chat.say('Actually, the offsite moved to Lisbon.'));
    expect(corrected.result.facts.superseded.map((fact) => fact.fact)).toEqual(['The team offsite is in Porto']);
    expect(corrected.durable).toBe(1);
    expect(syncLevel()).toBe(1);
  });

  it('a dry run that would add a fact rolls back and counts no durable commit', async () => {
    const chat = conversation(daemon.client, 'durable-dry');
    const dry = await counting(() => chat.say('Remember that my car is a Fiat.', { dryRun: true }));
    expect(dry.result.facts.added.map((fact) => fact.fact)).toEqual(['My car is a Fiat']);
    expect(dry.durable).toBe(0);
    expect(syncLevel()).toBe(1);
  });
});
