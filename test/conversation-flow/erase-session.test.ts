import BetterSqlite3 from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorydApiError } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

// Ending a session keeps its summaries; erasing it takes the whole conversation away, from
// the database, its file, the cache and the daemon's memory. The user's facts stay.
describe('erasing a session', () => {
  it('leaves nothing of the conversation, in the API, the database file or the prompts of another session', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'to-erase');
    await chat.say('Remember that I work at Acme.');
    await chat.reply('Noted.');
    for (let i = 0; i < 6; i++) {
      await chat.say(`The quokka-${i} diagnosis plan needs a second opinion, step ${i}.`);
      await chat.reply(`Understood, quokka-${i} plan noted for step ${i}.`, { cacheable: true });
    }
    const discard = { kind: 'stack_trace', sessionId: 'to-erase', content: 'quokka trace', error: { code: 'AUTH', message: 'quokka login failed' } };
    expect((await daemon.client.raw('POST', '/v1/discard', JSON.stringify(discard))).status).toBeLessThan(300);
    expect((await chat.view()).summaries.active.length).toBeGreaterThan(0);

    const erased = await daemon.client.eraseSession('to-erase');
    expect(erased).toMatchObject({ ended: true, erased: { turns: expect.any(Number), summaries: expect.any(Number), errors: 1 } });
    expect(erased.erased?.summaries).toBeGreaterThan(0);
    const gone = await chat.view().catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(MemorydApiError);
    expect((gone as MemorydApiError).status).toBe(404);

    const sqlite = new BetterSqlite3(join(daemon.dir, 'memoryd.db'), { readonly: true });
    try {
      const left = (table: string): number => Number((sqlite.prepare(`SELECT count(*) AS n FROM ${table} WHERE session_id = ?`).get('to-erase') as { n: number }).n);
      expect([left('turns'), left('summaries'), left('errors'), left('response_cache')]).toEqual([0, 0, 0, 0]);
      expect((sqlite.prepare('SELECT fact FROM facts').all() as Array<{ fact: string }>).map((row) => row.fact)).toEqual(['I work at Acme']);
    } finally {
      sqlite.close();
    }
    // Its words are in no page of the file, nor in the WAL.
    for (const file of ['memoryd.db', 'memoryd.db-wal']) {
      const bytes = (() => {
        try {
          return readFileSync(join(daemon.dir, file));
        } catch {
          return Buffer.alloc(0);
        }
      })();
      expect(bytes.includes(Buffer.from('quokka')), file).toBe(false);
    }
    // Another session asking about it finds nothing of it.
    const other = await conversation(daemon.client, 'other').say('What did we plan for the quokka diagnosis?', { dryRun: true });
    expect(promptText(other)).not.toMatch(/quokka-\d/u);
    expect(other.cached).toBeNull();
    // The session may start again, from nothing.
    const again = await chat.say('Hello again.');
    expect(again.turn.turnNumber).toBe(1);
  });

  it('is a 404 for a session that does not exist, and refuses another value of erase', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    expect((await daemon.client.raw('DELETE', '/v1/sessions/nobody?erase=true')).status).toBe(404);
    await conversation(daemon.client, 'kept').say('Hello.');
    const wrong = await daemon.client.raw('DELETE', '/v1/sessions/kept?erase=yes');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('query.erase');
    expect((await conversation(daemon.client, 'kept').view()).turnCounts.window).toBe(1);
  });
});
