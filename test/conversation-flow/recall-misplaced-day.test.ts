import { describe, expect, it } from 'vitest';
import { promptText } from '../helpers/context-calls.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// A question about "yesterday" searches yesterday's summaries first; when none of them
// holds its words, the whole archive: a user may misplace the day, not the subject.
const file = daemonPerFile();
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 2, day, hour)).toISOString();

describe('a question about a day and a subject', () => {
  it("recalls the subject's summary from another day when that day's summaries never name it", async () => {
    const client = file.client;
    const exchange = async (message: string, answer: string, day: number, hour: number) => {
      await client.context('misplaced', { message, at: at(day, hour) });
      await client.recordTurn('misplaced', { role: 'assistant', content: answer, outputValid: true, at: at(day, hour) });
    };
    await exchange('Should we move the product launch to Friday?', 'Yes: we decided to move the product launch to Friday.', 10, 9);
    const topics = ['sourdough starter', 'bread oven', 'rye flour', 'proofing basket', 'baking stone', 'oven steam'];
    for (const [index, topic] of topics.entries()) {
      await exchange(`Let's change the subject. How do I use a ${topic}?`, `Use the ${topic} gently and keep it clean.`, 11, 9 + index);
    }
    const view = await client.session('misplaced');
    expect(JSON.stringify(view.summaries.active)).not.toContain('launch');
    const asked = await client.context('misplaced', { message: 'What did we decide yesterday about the product launch?', at: at(12, 9), dryRun: true });
    expect(promptText(asked)).toMatch(/launch to Friday/);
    // A day whose summaries hold the words is searched alone, as before.
    const baking = await client.context('misplaced', { message: 'What did we say yesterday about the rye flour?', at: at(12, 9), dryRun: true });
    expect(promptText(baking)).not.toMatch(/launch to Friday/);
  });
});
