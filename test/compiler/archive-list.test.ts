import { describe, expect, it } from 'vitest';
import { SummaryArchiveCache } from '../../src/compiler/summary-retrieval.js';
import type { ArchivedId, ConversationStore } from '../../src/storage/conversation-store.js';
import type { Database } from '../../src/storage/database.js';
import { RollbackWith, runInTransaction } from '../../src/storage/transaction.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();
const ALL_TIME = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };
const KEEP = { active: 2, archived: 5 };

async function archiveFixture() {
  const test = await startTestDaemon();
  defer(() => test.stop());
  const store: ConversationStore = test.daemon.services.recorder.store;
  const database: Database = test.daemon.context.database;
  let made = 0;
  // Writes `count` summaries to the session and archives all but the newest two, keeping five archived.
  const summarise = (sessionId: string, count: number): void => {
    store.ensureSession(sessionId, 0);
    for (let i = 0; i < count; i += 1) {
      made += 1;
      const seq = store.nextSummarySeq(sessionId);
      store.insertSummary({
        id: `summary-${made}`,
        sessionId,
        seq,
        body: '{}',
        topic: 'garden',
        tokenCount: 1,
        searchText: 'garden',
        compactBody: '{}',
        compactTokenCount: 1,
        firstTurn: seq,
        lastTurn: seq,
        turnNumbers: `[${seq}]`,
        startedAt: seq,
        endedAt: seq,
        createdAt: seq,
      });
    }
    store.archiveOldSummaries(sessionId, KEEP);
  };
  // The real store, counting how often the cache lists a whole archive.
  const reads = { whole: 0, after: 0 };
  const source = {
    archiveBounds: (sessionId: string) => store.archiveBounds(sessionId),
    archivedSummaryIdsAfter: (sessionId: string, seq: number) => {
      reads.after += 1;
      return store.archivedSummaryIdsAfter(sessionId, seq);
    },
    archivedSummaryIds: (sessionId: string, range: { from: number; to: number }) => {
      reads.whole += 1;
      return store.archivedSummaryIds(sessionId, range);
    },
  };
  const cache = new SummaryArchiveCache(4);
  const listed = (sessionId: string): ArchivedId[] => runInTransaction(database, (scope) => cache.wholeArchive(sessionId, source, scope));
  const inDatabase = (sessionId: string): ArchivedId[] => store.archivedSummaryIds(sessionId, ALL_TIME);
  return { database, summarise, reads, cache, source, listed, inDatabase };
}

describe("the kept list of a session's whole archive", () => {
  it('is read whole once, then reused while unchanged and brought up to date with only what was archived since', async () => {
    const { database, summarise, reads, listed, inDatabase } = await archiveFixture();
    runInTransaction(database, () => summarise('s', 4));
    expect(listed('s')).toEqual(inDatabase('s'));
    expect(inDatabase('s').map((entry) => entry.seq)).toEqual([2, 1]);
    expect(reads).toEqual({ whole: 1, after: 0 });

    expect(listed('s')).toEqual(inDatabase('s'));
    expect(reads).toEqual({ whole: 1, after: 0 });

    // Past the archive limit: newer ones archived, the oldest deleted.
    for (const count of [3, 1, 5, 2]) {
      runInTransaction(database, () => summarise('s', count));
      expect(listed('s')).toEqual(inDatabase('s'));
    }
    expect(inDatabase('s').map((entry) => entry.seq)).toEqual([13, 12, 11, 10, 9]);
    expect(reads).toEqual({ whole: 1, after: 4 });
  });

  it('keeps nothing a rolled-back request read: the next request lists the committed archive', async () => {
    const { database, summarise, reads, cache, source, listed, inDatabase } = await archiveFixture();
    runInTransaction(database, () => summarise('s', 6));
    expect(listed('s')).toEqual(inDatabase('s'));
    const before = inDatabase('s');

    const inside = runInTransaction<ArchivedId[]>(database, (scope) => {
      summarise('s', 3);
      throw new RollbackWith(cache.wholeArchive('s', source, scope));
    });
    expect(inside.map((entry) => entry.seq)).toEqual([7, 6, 5, 4, 3]);
    expect(inDatabase('s')).toEqual(before);
    expect(listed('s')).toEqual(before);

    // The same numbers written again get new ids; the list follows them.
    runInTransaction(database, () => summarise('s', 3));
    expect(listed('s')).toEqual(inDatabase('s'));
    expect(listed('s')[0]?.id).not.toBe(inside[0]?.id);
    expect(reads.whole).toBe(1);
  });

  it('reads the archive whole again when it changed in a way archiving does not (a row deleted from its middle)', async () => {
    const { database, summarise, reads, listed, inDatabase } = await archiveFixture();
    runInTransaction(database, () => summarise('s', 7));
    expect(listed('s').map((entry) => entry.seq)).toEqual([5, 4, 3, 2, 1]);
    database.sqlite.prepare("delete from summaries where session_id = 's' and seq = 3").run();
    expect(listed('s').map((entry) => entry.seq)).toEqual([5, 4, 2, 1]);
    database.sqlite.prepare("delete from summaries where session_id = 's' and seq = 4").run();
    runInTransaction(database, () => summarise('s', 1));
    expect(listed('s')).toEqual(inDatabase('s'));
    expect(reads.whole).toBe(3);
  });

  it('lists an empty archive, and each session its own', async () => {
    const { database, summarise, listed, inDatabase } = await archiveFixture();
    runInTransaction(database, () => {
      summarise('quiet', 2);
      summarise('busy', 9);
    });
    expect(listed('quiet')).toEqual([]);
    expect(listed('busy')).toEqual(inDatabase('busy'));
    expect(listed('busy')).toHaveLength(5);
  });
});
