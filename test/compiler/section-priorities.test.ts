import { describe, expect, it } from 'vitest';
import { promptText } from '../helpers/context-calls.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// Tool descriptions give way before the user's facts: a fact is a few tokens of what the
// user said, a description can be thousands.
const file = daemonPerFile();

function longTool(name: string): { name: string; description: string } {
  const words = Array.from({ length: 700 }, (_, i) => `${name} option ${i} changes the query.`).join(' ');
  return { name, description: `Looks things up in the ${name} index. ${words}`.slice(0, 8000) };
}

describe('under a budget that long tool descriptions overrun', () => {
  it('shortens and drops tool descriptions before it drops a fact the message asks for', async () => {
    const { fact } = await file.client.addFact({ fact: 'I am allergic to penicillin', domain: 'personal' });
    const tools = ['drugs', 'clinics', 'doctors', 'pharmacies'].map(longTool);
    const response = await file.client.context('heavy-tools', { message: 'Which antibiotic can I take for an ear infection, given my allergies?', tools, dryRun: true });
    const section = (id: string) => response.layout.sections.find((each) => each.id === id);
    expect(section('tools')?.base).toBeGreaterThan(response.budget);
    expect(section('tools')?.final).toBeLessThan(section('tools')?.base ?? 0);
    expect(section('facts')?.itemsKept).toBeGreaterThan(0);
    expect(promptText(response)).toContain(fact.fact);
    expect(response.tokens).toBeLessThanOrEqual(response.budget);
  });
});
