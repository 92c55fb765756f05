import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { runInTransaction } from '../../src/storage/transaction.js';
import { toChunk } from '../../src/tokens/chunks.js';
import type { TestDaemon } from './test-daemon.js';

/**
 * Writes small summaries as the summarizer would (their words are their topic, their token
 * counts real), oldest first, then archives all but the newest four.
 */
export function seedSummaries(daemon: TestDaemon, sessionId: string, summaries: ReadonlyArray<{ topic: string; at: number }>): void {
  const { store, tokenizer } = daemon.daemon.services.recorder;
  runInTransaction(daemon.daemon.context.database, () => {
    store.ensureSession(sessionId, summaries[0]?.at ?? 0);
    for (const { topic, at } of summaries) {
      const seq = store.nextSummarySeq(sessionId);
      const body = JSON.stringify({ topic, outcome: `settled ${topic}` });
      const tokens = tokenizer.count(toChunk(body));
      store.insertSummary({
        id: `${sessionId}-${seq}`,
        sessionId,
        seq,
        body,
        topic,
        tokenCount: tokens,
        searchText: topic,
        compactBody: body,
        compactTokenCount: tokens,
        firstTurn: seq,
        lastTurn: seq,
        turnNumbers: `[${seq}]`,
        startedAt: at,
        endedAt: at,
        createdAt: at,
      });
    }
    store.archiveOldSummaries(sessionId, { active: 4, archived: 200 });
  });
}

/** The topics of a prompt's summaries, in render order. */
export function summaryTopics(response: ContextResponse): string[] {
  const message = response.messages.find((each) => each.role === 'system' && each.content.startsWith('Summaries of earlier parts'));
  return [...(message?.content ?? '').matchAll(/"topic":"([^"]+)"/g)].map((match) => match[1] as string);
}
