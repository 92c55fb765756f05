import { describe, expect, it } from 'vitest';
import { replaySteps } from '../../src/bench/replay.js';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';

const defer = cleanupAfterEach();

async function daemon(anticipated: number): Promise<TestDaemon> {
  const started = await startTestDaemon({ env: { MEMORYD_ANTICIPATED_SUMMARIES: String(anticipated) } });
  defer(() => started.stop());
  return started;
}

function summaryWork(metrics: string, work: string): number {
  const match = new RegExp(`^memoryd_summary_work_total\\{work="${work}"\\} (\\d+)$`, 'm').exec(metrics);
  return Number(match?.[1] ?? 0);
}

// The session's active summaries, without their ids (random per daemon).
async function activeSummaries(chat: ReturnType<typeof conversation>): Promise<unknown[]> {
  const view = await chat.view();
  return (view.summaries.active as Array<Record<string, unknown>>).map(({ id: _id, ...rest }) => rest);
}

describe('summaries prepared while the user reads an answer', () => {
  it('give the same prompts as summaries computed when the segment closes, and most closings find theirs ready', async () => {
    const ahead = await daemon(8);
    const atClosing = await daemon(0);
    const chats = [conversation(ahead.client, 'replay'), conversation(atClosing.client, 'replay')] as const;
    let userTurns = 0;
    let summariesWritten = 0;
    for (const step of replaySteps([], 7)) {
      if (step.kind === 'assistant') {
        for (const chat of chats) await chat.reply(step.text);
        continue;
      }
      if (++userTurns > 60) break;
      const request = step.toolResult === null ? {} : { toolResults: [step.toolResult] };
      const [withAhead, without] = (await Promise.all(chats.map((chat) => chat.say(step.text, request)))) as [ContextResponse, ContextResponse];
      expect(withAhead.hash).toBe(without.hash);
      expect(withAhead.messages).toEqual(without.messages);
      summariesWritten += withAhead.turn.summariesCreated;
    }
    const active = await activeSummaries(chats[0]);
    expect(active).toHaveLength(4);
    expect(active).toEqual(await activeSummaries(chats[1]));

    const aheadMetrics = (await ahead.client.raw('GET', '/v1/metrics')).body;
    const closingMetrics = (await atClosing.client.raw('GET', '/v1/metrics')).body;
    expect(summariesWritten).toBeGreaterThan(10);
    // Context calls close most segments, and most of those were summarised after the previous answer.
    expect(summaryWork(aheadMetrics, 'anticipated')).toBeGreaterThan(summariesWritten / 2);
    expect(summaryWork(closingMetrics, 'anticipated')).toBe(0);
    expect(summaryWork(closingMetrics, 'prepared')).toBe(0);
    expect(summaryWork(closingMetrics, 'computed')).toBe(summaryWork(aheadMetrics, 'anticipated') + summaryWork(aheadMetrics, 'computed'));
  });
});

describe('the summaries prepared for each way the next message may move the window', () => {
  // High continuity has grown the window to 8 turns, 13–20, none open: a message of
  // continuity 1 keeps 8 (turn 13 leaves, and closes only on a topic shift), one of
  // continuity 0 brings it down to 6 (13–15 leave and close). Two alternatives, not one
  // segment after the other: each is prepared as it would close, after the session's
  // newest summary (turns 10–12), never after the other's outcome.
  it('prepares each alternative closing after the session\'s newest summary, and an explicit shift finds its summary ready', async () => {
    const daemon = await startTestDaemon({ embedder: topicEmbedder() });
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'plans');
    const subjects = ['garden', 'tomatoes', 'peppers', 'compost', 'watering', 'mulch', 'seedlings', 'trellis', 'harvest', 'pests'];
    for (const [i, subject] of subjects.entries()) {
      await chat.say(`[c:0.9] We should plan the ${subject} for the vegetable beds this spring, step ${i}.`);
      if (i < subjects.length - 1) await chat.reply(`[c:0.9] Agreed: the ${subject} goes in the raised bed by the fence, step ${i}.`);
    }
    const summarizer = daemon.daemon.services.contextDeps.recorder.summarizer;
    const prepared: Array<{ turns: number[]; saidBefore: string }> = [];
    const anticipate = summarizer.anticipate.bind(summarizer);
    summarizer.anticipate = (turns, reply, saidBefore = '') => {
      prepared.push({ turns: turns.map((turn) => turn.turnNumber), saidBefore });
      return anticipate(turns, reply, saidBefore);
    };
    await chat.reply('[c:0.9] Agreed: the pests are kept off with a net over the raised bed, step 9.');
    const newest = (await chat.view()).summaries.active.at(-1) as { turns: number[]; summary: { outcome: string } };
    expect(newest.turns).toEqual([10, 11, 12]);
    const newestOutcome = newest.summary.outcome;
    expect(newestOutcome).not.toBe('');
    // Both alternatives open with turn 13, and both are prepared after turns 10–12's summary.
    const opening = prepared.filter((each) => each.turns[0] === 13);
    expect(opening.map((each) => each.turns)).toEqual([[13, 14, 15], [13]]);
    expect(opening.map((each) => each.saidBefore)).toEqual([newestOutcome, newestOutcome]);

    const before = (await daemon.client.raw('GET', '/v1/metrics')).body;
    const shifted = await chat.say('[c:0.9] Changing the subject: what time is the dentist appointment tomorrow?');
    const after = (await daemon.client.raw('GET', '/v1/metrics')).body;
    expect(shifted.turn.summariesCreated).toBe(1);
    expect(summaryWork(after, 'computed') - summaryWork(before, 'computed')).toBe(0);
    expect(summaryWork(after, 'anticipated') - summaryWork(before, 'anticipated')).toBe(1);
  });
});

describe('a call the assistant announced', () => {
  // A coding agent's loop: most answers call a tool, and the next context call brings the
  // result with the message. The result is recorded first and moves the window once more:
  // the segments it and the message close were prepared when the call was recorded.
  it('finds the summaries ready that its result and message close', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'agent');
    const work = async (kind: string) => summaryWork((await daemon.client.raw('GET', '/v1/metrics')).body, kind);
    let called: string | null = null;
    let written = 0;
    for (let step = 1; step <= 24; step += 1) {
      const result = called === null ? {} : { toolResults: [{ toolCallId: called, name: 'run_tests', content: `${step} tests passed, 0 failed in src/module${step}.ts` }] };
      const computed = await work('computed');
      const shown = await chat.say(`Now fix the failing check in module ${step} and run the tests again.`, result);
      if (called !== null) {
        written += shown.turn.summariesCreated;
        expect(await work('computed'), `step ${step}`).toBe(computed);
      }
      called = step % 3 === 0 ? null : `call_${step}`;
      await chat.reply(`Running the tests for module ${step}.`, called === null ? {} : { toolCallId: called, toolName: 'run_tests' });
    }
    expect(written).toBeGreaterThan(3);
  });
});
