import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorydApiError } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

// The log files' text, every hour's file together.
function logText(dataDir: string): string {
  const dir = join(dataDir, 'logs');
  return readdirSync(dir)
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('');
}

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
    // Nor in the log files (the discardable record, a request's URL), while other lines stay.
    expect(erased.erased?.logLines).toBeGreaterThan(0);
    const logs = logText(daemon.dir);
    expect(logs).not.toContain('quokka');
    expect(logs).not.toMatch(/to-erase/u);
    expect(logs).toContain('"erased":true');
    // Another session asking about it finds nothing of it.
    const other = await conversation(daemon.client, 'other').say('What did we plan for the quokka diagnosis?', { dryRun: true });
    expect(promptText(other)).not.toMatch(/quokka-\d/u);
    expect(other.cached).toBeNull();
    // The session may start again, from nothing.
    const again = await chat.say('Hello again.');
    expect(again.turn.turnNumber).toBe(1);
  });

  it('erases what a discardable record left of a session that has no row, then is a 404', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const discard = { kind: 'parse_failure', sessionId: 'ghost', content: 'ghost output {', error: { code: 'PARSE', message: 'ghost parse failed' } };
    expect((await daemon.client.raw('POST', '/v1/discard', JSON.stringify(discard))).status).toBeLessThan(300);
    const kept = { kind: 'tool_log', sessionId: 'ghost-2', content: 'another session' };
    expect((await daemon.client.raw('POST', '/v1/discard', JSON.stringify(kept))).status).toBeLessThan(300);
    expect(logText(daemon.dir)).toContain('ghost output');

    const erased = await daemon.client.eraseSession('ghost');
    expect(erased.erased).toEqual({ turns: 0, summaries: 0, errors: 1, cachedAnswers: 0, logLines: 1 });
    const logs = logText(daemon.dir);
    expect(logs).not.toContain('ghost output');
    expect(logs).toContain('another session');
    // Nothing of it is left: erasing it again is a 404.
    expect((await daemon.client.raw('DELETE', '/v1/sessions/ghost?erase=true')).status).toBe(404);
  });

  it('says so when the log files cannot all be blanked, and a second erase finishes them', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'stuck');
    await chat.say('The wombat budget is 300 euros.');
    const discard = { kind: 'tool_log', sessionId: 'stuck', content: 'wombat tool output' };
    expect((await daemon.client.raw('POST', '/v1/discard', JSON.stringify(discard))).status).toBeLessThan(300);
    // A folder with a log file's name: it cannot be opened as a file.
    const blocker = join(daemon.dir, 'logs', 'memoryd-20000101T00.ndjson');
    mkdirSync(blocker);

    const failed = await daemon.client.raw('DELETE', '/v1/sessions/stuck?erase=true');
    expect(failed.status).toBe(503);
    expect(failed.body).toMatch(/session stuck: it was erased from the database, but its lines in the log files of .* could not all be blanked .*send the erase again/u);
    expect((await daemon.client.raw('GET', '/v1/sessions/stuck')).status).toBe(404);

    rmSync(blocker, { recursive: true });
    const finished = await daemon.client.eraseSession('stuck');
    // The record, and the line that logged the failed erase with the session's URL.
    expect(finished.erased).toEqual({ turns: 0, summaries: 0, errors: 0, cachedAnswers: 0, logLines: 2 });
    expect(logText(daemon.dir)).not.toContain('wombat');
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
