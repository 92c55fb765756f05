import { describe, expect, it } from 'vitest';
import { endSession } from '../../src/conversation/session-view.js';
import { prepareTurn, recordTurn, type RecordedTurn } from '../../src/conversation/turn-recorder.js';
import { advanceWindow } from '../../src/conversation/window-advance.js';
import { runInTransaction } from '../../src/storage/transaction.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';

const defer = cleanupAfterEach();

async function recorderDaemon() {
  const test = await startTestDaemon({ embedder: topicEmbedder() });
  defer(() => test.stop());
  const { services, context } = test.daemon;
  const recorder = services.recorder;
  const record = async (
    sessionId: string,
    role: 'user' | 'assistant' | 'tool',
    content: string,
    extra: { pressure?: boolean; outputValid?: boolean; cacheable?: boolean } = {},
  ): Promise<RecordedTurn> => {
    const { pressure, ...flags } = extra;
    const prepared = await prepareTurn(recorder, sessionId, { role, content, at: null, ...flags, ...(role === 'tool' ? { toolCallId: 'call-1', toolName: 'search' } : {}) });
    return runInTransaction(context.database, (scope) => {
      const recorded = recordTurn(recorder, sessionId, prepared, scope);
      if (pressure !== true) return recorded;
      // What the context call does when its prompt is over the pressure threshold.
      const window = advanceWindow(recorder, sessionId, recorded.window.live, { mode: 'pressure', shift: false, now: test.clock.now(), scope });
      return { ...recorded, window };
    });
  };
  return { recorder, database: context.database, clock: test.clock, record };
}

describe('rows the store returns for what it writes', () => {
  it('a recorded turn is exactly the row a read returns, flags included', async () => {
    const { recorder, record } = await recorderDaemon();
    const first = await record('rows', 'user', '[topic:1] plan the garden beds');
    const second = await record('rows', 'assistant', '[topic:1] raised beds along the fence', { outputValid: false, cacheable: true });
    const read = recorder.store.liveTurns('rows');
    expect(read).toEqual([first.turn, second.turn]);
    // Not reported stays unknown; reported false stays false.
    expect([read[0]?.outputValid, read[0]?.cacheable, read[1]?.outputValid, read[1]?.cacheable]).toEqual([null, null, false, true]);
    expect(second.turn.continuity).toBeCloseTo(1, 6);
  });

  it('a written summary is exactly the row a read returns', async () => {
    const { recorder, record } = await recorderDaemon();
    let written: RecordedTurn['window']['summariesCreated'] = [];
    for (let i = 0; written.length === 0 && i < 12; i += 1) {
      written = (await record('sums', i % 2 === 0 ? 'user' : 'assistant', `[c:0.5] turn ${i} about the garden plan and the fence`)).window.summariesCreated;
    }
    expect(written).toHaveLength(1);
    const summary = written[0];
    expect(recorder.store.findSummary(summary?.id ?? '')).toEqual(summary);
    expect(recorder.store.activeSummaries('sums')).toEqual(written);
  });
});

describe("the window outcome's live turns", () => {
  it('equal what the store reads after every move: adaptive, topic shifts, tool turns, pressure and the end', async () => {
    const { recorder, database, clock, record } = await recorderDaemon();
    const moves: Array<() => Promise<RecordedTurn>> = [];
    for (let i = 0; i < 30; i += 1) {
      const topic = Math.floor(i / 7);
      moves.push(() => record('live', 'user', `[topic:${topic}] question ${i} on topic ${topic}`));
      if (i % 5 === 3) moves.push(() => record('live', 'tool', `[topic:${topic}] tool output ${i}`));
      moves.push(() => record('live', 'assistant', `[topic:${topic}] answer ${i}`, { pressure: i % 9 === 8 }));
    }
    let summaries = 0;
    const states = new Set<string>();
    for (const move of moves) {
      const { window } = await move();
      summaries += window.summariesCreated.length;
      for (const turn of window.live) states.add(turn.state);
      expect(window.live).toEqual(recorder.store.liveTurns('live'));
    }
    expect(summaries).toBeGreaterThan(5);
    expect([...states].sort()).toEqual(['segment', 'window']);
    const ended = runInTransaction(database, (scope) => endSession({ ...recorder, clock }, 'live', scope));
    expect(ended.live).toEqual([]);
    expect(recorder.store.liveTurns('live')).toEqual([]);
  });
});
