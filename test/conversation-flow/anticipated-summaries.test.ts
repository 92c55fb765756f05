import { describe, expect, it } from 'vitest';
import { replaySteps } from '../../src/bench/replay.js';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

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
