import { describe, expect, it } from 'vitest';
import { daemonPerFile } from '../helpers/test-daemon.js';

// The summary of a segment says which day "yesterday" was, counted from each turn's own
// time: summaries are read weeks later, when "yesterday" would mislead.
const file = daemonPerFile();

describe('a summary written by the daemon', () => {
  it('dates the relative days of its turns from when they were said, ahead of time and at closing alike', async () => {
    const client = file.client;
    await client.context('dated', { message: 'Yesterday we decided to move the launch to Friday, right?', at: '2026-03-15T10:00:00Z' });
    await client.recordTurn('dated', { role: 'assistant', content: 'Yes: yesterday you decided to move the launch to Friday.', at: '2026-03-15T10:00:05Z' });
    await client.context('dated', { message: 'Good. Today I will tell the press team about it.', at: '2026-03-20T09:00:00Z' });
    const ended = await client.endSession('dated');
    expect(ended.summariesCreated).toBeGreaterThan(0);
    const text = JSON.stringify((await client.session('dated')).summaries.active.map((summary) => summary.summary));
    expect(text).toContain('2026-03-14');
    expect(text).not.toMatch(/\byesterday\b/i);
  });
});
