import { describe, expect, it } from 'vitest';
import { replaySteps } from '../../src/bench/replay.js';
import { ConversationStore, type NewSummary } from '../../src/storage/conversation-store.js';
import { runInTransaction } from '../../src/storage/transaction.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

async function daemon(): Promise<TestDaemon> {
  const started = await startTestDaemon({ env: { MEMORYD_LOG_LEVEL: 'warn' } });
  defer(() => started.stop());
  return started;
}

// What the context call reads of a session, through a store: the daemon's (mirrored) or a new one (from disk).
function readsOf(store: ConversationStore, sessionId: string): unknown {
  return {
    session: store.findSession(sessionId) ?? null,
    live: store.liveTurns(sessionId),
    active: store.activeSummaries(sessionId),
    nextSeq: store.nextSummarySeq(sessionId),
  };
}

describe('the in-memory mirror of the active sessions', () => {
  it('reads what the database holds after every call, dry runs, overflows and session ends included', async () => {
    const test = await daemon();
    const mirrored = test.daemon.services.recorder.store;
    const fromDisk = () => new ConversationStore(test.daemon.context.database);
    const chats = [conversation(test.client, 'mirror-a'), conversation(test.client, 'mirror-b')] as const;
    let userTurns = 0;
    for (const step of replaySteps([], 11)) {
      const chat = chats[userTurns % 2] as (typeof chats)[number];
      const sessionId = userTurns % 2 === 0 ? 'mirror-a' : 'mirror-b';
      if (step.kind === 'assistant') {
        await chat.reply(step.text);
      } else {
        if (++userTurns > 80) break;
        if (userTurns % 7 === 0) {
          // Rolled back on purpose: nothing of it may stay in memory.
          await test.client.raw('POST', `/v1/sessions/${sessionId}/context`, JSON.stringify({ message: step.text, dryRun: true }));
        }
        if (userTurns % 11 === 0) {
          const refused = await test.client.raw('POST', `/v1/sessions/${sessionId}/context`, JSON.stringify({ message: step.text, budget: 20 }));
          expect(refused.status).toBe(422);
        }
        if (userTurns === 40) expect((await test.client.raw('DELETE', `/v1/sessions/${sessionId}`)).status).toBe(200);
        await chat.say(step.text, step.toolResult === null ? {} : { toolResults: [step.toolResult] });
      }
      for (const id of ['mirror-a', 'mirror-b']) expect(readsOf(mirrored, id)).toEqual(readsOf(fromDisk(), id));
    }
    expect(mirrored.activeSummaries('mirror-a').length).toBeGreaterThan(0);
  });

  it('keeps numbering summaries after archiving and deleting every one of them, on disk and in memory', async () => {
    const test = await daemon();
    const mirrored = test.daemon.services.recorder.store;
    const fromDisk = () => new ConversationStore(test.daemon.context.database);
    const summary = (seq: number): NewSummary => ({
      id: `gone-${seq}`, sessionId: 'gone', seq, body: '{}', topic: 't', tokenCount: 1, searchText: 'w', compactBody: '{}',
      compactTokenCount: 1, firstTurn: seq, lastTurn: seq, turnNumbers: `[${seq}]`, startedAt: seq, endedAt: seq, createdAt: seq,
    });
    runInTransaction(test.daemon.context.database, () => {
      mirrored.ensureSession('gone', 0);
      for (let i = 0; i < 3; i += 1) mirrored.insertSummary(summary(mirrored.nextSummarySeq('gone')));
      // Keep nothing: every summary is archived, then deleted.
      expect(mirrored.archiveOldSummaries('gone', { active: 0, archived: 0 })).toBe(3);
    });
    expect(test.daemon.context.database.sqlite.prepare("select count(*) from summaries where session_id = 'gone'").pluck().get()).toBe(0);
    expect(readsOf(mirrored, 'gone')).toEqual(readsOf(fromDisk(), 'gone'));
    expect(mirrored.nextSummarySeq('gone')).toBe(4);
    // The next summary is numbered after the archived ones, so it is active.
    runInTransaction(test.daemon.context.database, () => mirrored.insertSummary(summary(mirrored.nextSummarySeq('gone'))));
    expect(mirrored.activeSummaries('gone').map((row) => row.seq)).toEqual([4]);
    expect(readsOf(mirrored, 'gone')).toEqual(readsOf(fromDisk(), 'gone'));
  });
});
