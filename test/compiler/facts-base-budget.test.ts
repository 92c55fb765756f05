import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_HEADERS } from '../../src/compiler/frames.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

let daemon: TestDaemon;

beforeAll(async () => {
  daemon = await startTestDaemon();
});
afterAll(() => daemon.stop());

// Short and long words, ASCII and not, so that facts cost from a few tokens to over 100.
const WORDS = ['I', 'like', 'tea', 'with', 'oat', 'milk', 'Reykjavík', 'photosynthesis', 'on', 'Sundays', 'cañón', 'jazz', 'and', 'quietly', 'Saccharomyces', '42', 'blue', 'trains'];
const statement = fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 90 }).map((words) => words.join(' '));
// Every fact is of the message's primary domain: all of them are relevant, so the base is as full as the selection makes it.
const QUESTION = 'What do I like and prefer? Remind me of my preferences and favourite things.';

async function clearFacts(): Promise<void> {
  for (const fact of (await daemon.client.listFacts({ status: 'all', limit: 10_000 })).facts) {
    if (fact.status === 'active') await daemon.client.deleteFact(fact.id);
  }
}

describe("the facts section's base", () => {
  it('never exceeds 150 tokens, header and frame included, as the layout report shows it', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(statement, { minLength: 1, maxLength: 12 }), async (facts) => {
        await clearFacts();
        for (const fact of facts) await daemon.client.addFact({ fact, domain: 'preferences' });
        const response = await conversation(daemon.client, `base-${run++}`).say(QUESTION);
        const section = response.layout.sections.find((candidate) => candidate.id === 'facts');
        expect(section).toBeDefined();
        expect(section?.base).toBeLessThanOrEqual(150);
        // Nothing is lost: under a roomy budget growth brings back what the base had no room for
        // (12 facts at most: all of them are items or candidates, and all fit in 4000 tokens).
        const shown = response.messages.find((message) => message.content.startsWith(SECTION_HEADERS.facts))?.content ?? '';
        const live = (await daemon.client.listFacts({ domain: 'preferences', limit: 10_000 })).facts;
        for (const fact of live) expect(shown).toContain(fact.fact);
      }),
      { numRuns: 40, seed: 150, endOnFailure: true },
    );
  });
});
