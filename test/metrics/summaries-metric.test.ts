import { describe, expect, it } from 'vitest';
import { conversation } from '../helpers/context-calls.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// The smallest window and segment, so every turn that leaves the window closes a segment.
const file = daemonPerFile({
  env: { MEMORYD_WINDOW_MIN: '1', MEMORYD_WINDOW_DEFAULT: '1', MEMORYD_WINDOW_MAX: '1', MEMORYD_SEGMENT_SIZE: '1' },
});

function summariesMetric(text: string): number {
  // A counter is listed (HELP, TYPE) before its first sample; no sample yet is 0.
  if (!text.includes('# TYPE memoryd_summaries_total counter')) throw new Error('GET /v1/metrics has no memoryd_summaries_total');
  const line = text.split('\n').find((each) => each.startsWith('memoryd_summaries_total '));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

function storedSummaries(sessionId: string): number {
  const row = file.daemon.daemon.context.database.sqlite.prepare('select count(*) as n from summaries where session_id = ?').get(sessionId) as { n: number };
  return row.n;
}

describe('memoryd_summaries_total', () => {
  it('counts the summaries written by context calls, recorded turns and the end of a session', async () => {
    const before = summariesMetric(await file.client.metrics());
    const chat = conversation(file.client, 'every-route');
    let reported = 0;
    let byTurns = 0;
    for (let i = 0; i < 3; i += 1) {
      const context = await chat.say(`Garden plan ${i}: plant the tomatoes along the south fence.`);
      reported += context.turn.summariesCreated;
      const turn = await file.client.recordTurn('every-route', { role: 'assistant', content: `Garden answer ${i}: water the tomatoes every morning.` });
      reported += turn.turn.summariesCreated;
      byTurns += turn.turn.summariesCreated;
    }
    const ended = await file.client.endSession('every-route');
    reported += ended.summariesCreated;

    // Each route wrote some, so none of them can go uncounted unnoticed.
    expect(byTurns).toBeGreaterThan(0);
    expect(ended.summariesCreated).toBeGreaterThan(0);
    expect(storedSummaries('every-route')).toBe(reported);
    expect(summariesMetric(await file.client.metrics()) - before).toBe(reported);
  });

  it('counts nothing for a dry run', async () => {
    const chat = conversation(file.client, 'dry');
    await chat.say('Bike repair: the rear brake squeaks when it rains.');
    await chat.reply('Clean the rim and the pads, then adjust the brake.');
    const before = summariesMetric(await file.client.metrics());

    const dry = await chat.say('Bike repair: the chain slips on the smallest gear.', { dryRun: true });
    expect(dry.turn.summariesCreated).toBeGreaterThan(0);
    expect(summariesMetric(await file.client.metrics())).toBe(before);
  });
});
