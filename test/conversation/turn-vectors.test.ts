import { describe, expect, it } from 'vitest';
import { TurnVectors } from '../../src/conversation/turn-vectors.js';
import type { Embedder } from '../../src/embeddings/embedder.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import type { TxScope } from '../../src/storage/transaction.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

const CHAT: ReadonlyArray<[string, string]> = [
  ['Can you help me plan the vegetable garden this spring?', 'Sure: raised beds along the south fence get the most sun.'],
  ['Tomatoes need how much water in July?', 'About 3 cm a week, more in a heat wave.'],
  ['And what about the compost for the beds?', 'Mix it in two weeks before planting.'],
  ['Switching topics: the Kubernetes deploy failed last night.', 'The helm chart pinned an image tag that no longer exists.'],
  ['How do I roll back the release?', 'helm rollback with the previous revision number.'],
  ['Which revision was the last good one?', 'Revision 41, deployed on Monday.'],
  ['Back to the garden: when do I plant the peppers?', 'After the last frost, in mid May.'],
  ['Should the peppers go next to the tomatoes?', 'Yes, they share the same needs.'],
];

function freshDir(): string {
  const temp = makeTempDir();
  defer(temp.remove);
  return temp.dir;
}

// A daemon on `dir` (kept for a restart), stopped after the test unless stopped before.
async function daemonOn(dir: string): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ dir, keepDir: true });
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await daemon.stop();
  };
  defer(stop);
  return { ...daemon, stop };
}

// The session's stored turns as the comparisons wrote them.
function storedTurns(test: TestDaemon, sessionId: string): Array<{ turnNumber: number; continuity: number | null; topicShift: boolean }> {
  return test.daemon.services.recorder.store.liveTurns(sessionId).map(({ turnNumber, continuity, topicShift }) => ({ turnNumber, continuity, topicShift }));
}

async function play(test: TestDaemon, pairs: ReadonlyArray<[string, string]>, hashes: string[]): Promise<void> {
  for (const [message, answer] of pairs) {
    hashes.push((await test.client.context('chat', { message })).hash);
    await test.client.recordTurn('chat', { role: 'assistant', content: answer });
  }
}

describe("the latest turns' vectors", () => {
  it('compare a turn after a restart exactly as without one: same continuity, shifts and prompts', async () => {
    const straight = await daemonOn(freshDir());
    const straightHashes: string[] = [];
    await play(straight, CHAT, straightHashes);

    const dir = freshDir();
    const before = await daemonOn(dir);
    const restartedHashes: string[] = [];
    await play(before, CHAT.slice(0, 4), restartedHashes);
    await before.stop();
    const after = await daemonOn(dir);
    expect(after.daemon.services.recorder.vectors.size).toBe(0);
    await play(after, CHAT.slice(4), restartedHashes);

    expect(restartedHashes).toEqual(straightHashes);
    const turns = storedTurns(after, 'chat');
    expect(turns).toEqual(storedTurns(straight, 'chat'));
    expect(turns.filter((turn) => turn.continuity !== null).length).toBeGreaterThan(2);
  });

  it('are left as they were by a rolled-back request (a dry run)', async () => {
    const plain = await daemonOn(freshDir());
    const withDryRun = await daemonOn(freshDir());
    const hashes: string[][] = [[], []];
    await play(plain, CHAT.slice(0, 2), hashes[0] as string[]);
    await play(withDryRun, CHAT.slice(0, 2), hashes[1] as string[]);
    await withDryRun.client.context('chat', { message: 'Completely unrelated: what is the capital of Peru?', dryRun: true });
    await play(plain, CHAT.slice(2), hashes[0] as string[]);
    await play(withDryRun, CHAT.slice(2), hashes[1] as string[]);
    expect(hashes[1]).toEqual(hashes[0]);
    expect(storedTurns(withDryRun, 'chat')).toEqual(storedTurns(plain, 'chat'));
  });

  it("compare the user's message with the tool result it came with (recorded just before it)", async () => {
    const test = await daemonOn(freshDir());
    await test.client.context('chat', {
      message: 'Search flights from Lisbon to Porto for Friday',
      toolResults: [{ toolCallId: 'call-1', name: 'search_flights', content: 'Flights from Lisbon to Porto on Friday: TP 1940 at 07:10, FR 8123 at 18:45.' }],
    });
    const [tool, user] = test.daemon.services.recorder.store.liveTurns('chat');
    expect([tool?.role, user?.role]).toEqual(['tool', 'user']);
    expect(user?.continuity).toBeGreaterThan(0);
  });
});

describe("the question's vector for the response cache", () => {
  it('is the one held for the latest user turn: a cacheable answer embeds nothing again, and a rephrasing still finds it', async () => {
    const embedded: string[] = [];
    const hashing = createHashingEmbedder();
    const counting: Embedder = { ...hashing, embed: async (text) => (embedded.push(text), hashing.embed(text)) };
    const test = await startTestDaemon({ dir: freshDir(), keepDir: true, embedder: counting });
    defer(() => test.stop());
    const question = 'Which editor do I use for work?';
    await test.client.context('chat', { message: question });
    expect((await test.client.recordTurn('chat', { role: 'assistant', content: 'You use Helix at work.', cacheable: true })).cache).toEqual({ stored: true });
    expect(embedded.filter((text) => text === question)).toHaveLength(1);
    const rephrased = await test.client.context('other', { message: 'For work, which editor do I use?' });
    expect(rephrased.cached?.response).toBe('You use Helix at work.');
  });
});

describe('TurnVectors', () => {
  const scope = (): TxScope & { commit(): void } => {
    const callbacks: Array<() => void> = [];
    return { afterCommit: (callback) => callbacks.push(callback), commit: () => callbacks.splice(0).forEach((callback) => callback()) };
  };
  const vectorOf = (text: string) => Float32Array.from([text.length, 1]);

  it('keeps a newer committed turn when a warm-up of the same session finishes after it', async () => {
    let release: () => void = () => undefined;
    const slow = { embed: (text: string) => new Promise<Float32Array>((resolve) => (release = () => resolve(vectorOf(text)))) };
    const vectors = new TurnVectors();
    const warming = vectors.warm('s', { latestTurnTexts: () => ({ last: 'old answer', lastUser: null }) }, slow);
    const tx = scope();
    vectors.record('s', 'user', 'newer question', vectorOf('newer question'), tx);
    tx.commit();
    release();
    await warming;
    expect(vectors.find('s', 'newer question', scope())).toEqual(vectorOf('newer question'));
    expect(vectors.find('s', 'old answer', scope())).toBeNull();
  });

  it("shows a transaction's turns to that transaction only, and keeps the latest user turn apart from the latest turn", () => {
    const vectors = new TurnVectors();
    const first = scope();
    vectors.record('s', 'user', 'question', vectorOf('question'), first);
    vectors.record('s', 'tool', 'tool output', vectorOf('tool output'), first);
    expect(vectors.find('s', 'question', first)).toEqual(vectorOf('question'));
    expect(vectors.find('s', 'question', scope())).toBeNull();
    first.commit();
    const later = scope();
    expect(vectors.find('s', 'tool output', later)).toEqual(vectorOf('tool output'));
    expect(vectors.find('s', 'question', later)).toEqual(vectorOf('question'));
    expect(vectors.find('other', 'question', later)).toBeNull();
  });

  it('holds a bounded number of sessions, letting the least recently recorded go', () => {
    const vectors = new TurnVectors(2);
    for (const session of ['a', 'b', 'a', 'c']) {
      const tx = scope();
      vectors.record(session, 'user', `${session} says hi`, vectorOf(`${session} says hi`), tx);
      tx.commit();
    }
    expect(vectors.size).toBe(2);
    expect(vectors.find('b', 'b says hi', scope())).toBeNull();
    expect(vectors.find('a', 'a says hi', scope())).not.toBeNull();
  });
});
