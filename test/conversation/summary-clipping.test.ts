import { beforeAll, describe, expect, it } from 'vitest';
import { fitSummary } from '../../src/conversation/summary-budget.js';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let cl100k: Tokenizer;
beforeAll(async () => {
  cl100k = await createTokenizer('cl100k_base');
});

function segment(...turns: [SummaryTurn['role'], string][]): SummaryTurn[] {
  return turns.map(([role, content], i) => ({ role, content, turnNumber: i + 1 }));
}

const outcomeOf = (turns: SummaryTurn[], maxTokens = 50): string => summarizeSegment(turns, cl100k, { maxTokens }).summary.outcome;

// What a cut must never leave: a function word or a number without what it counts at the end.
const DANGLING = /(?:^|\s)(?:\d+(?:[.,]\d+)?|the|a|an|of|to|for|with|by|de|la|el|y|para|entre|around)$/iu;

describe('an outcome cut to fit', () => {
  const wedding = segment(
    ['user', '¿Cuántos invitados confirmaron para la boda de Lucía y Martín en la finca de Valencia?'],
    ['assistant', 'Entre 250 y 300 invitados confirmaron para la boda de Lucía y Martín.'],
  );

  it('is never "Entre 250": at every budget it keeps a statement that ends at a phrase boundary, or goes whole', () => {
    for (let maxTokens = 50; maxTokens >= 24; maxTokens -= 1) {
      const outcome = outcomeOf(wedding, maxTokens);
      expect(outcome, `at ${maxTokens} tokens`).not.toMatch(DANGLING);
      if (outcome !== '') expect(outcome, `at ${maxTokens} tokens`).toMatch(/^Entre 250 y 300 invitados confirmaron\b/u);
    }
    // When the statement does not fit, the rest is fitted without it, not around it.
    const tight = summarizeSegment(wedding, cl100k, { maxTokens: 30 }).summary;
    expect(tight).toMatchObject({ outcome: '', topic: 'Lucía, Martín, Valencia' });
  });

  it('ends a statement longer than an outcome holds at a phrase boundary, not after a number ("a little girl around 8")', () => {
    const shelter = segment(
      ['user', 'What got you into volunteering at the shelter?'],
      ['assistant', 'For me it was when I noticed a little girl around 8 sitting alone at the shelter every single night.'],
    );
    expect(outcomeOf(shelter)).toBe('For me it was when I noticed a little girl');
  });

  it('leaves out a clause it cannot keep whole rather than half of it ("because the Globex vendor")', () => {
    const launch = segment(
      ['user', 'Where are we on the Atlas launch and the vendor contract with Globex?'],
      ['assistant', 'We moved the Atlas launch to Friday because the Globex vendor slipped their delivery by two weeks.'],
    );
    for (const maxTokens of [50, 45, 40]) expect(outcomeOf(launch, maxTokens)).toMatch(/^We moved the Atlas launch( to Friday)?$/u);
    expect(outcomeOf(launch, 45)).toBe('We moved the Atlas launch to Friday');
  });

  it('takes a shorter whole sentence of the same turn when the topical one has no boundary to end at', () => {
    const store = segment(
      ['user', 'How did the vintage leather jacket collection do in the store?'],
      ['assistant', 'Honestly the stunning handmade vintage leather jacket collection impressed every single customer visiting the store. The jackets sold out by noon.'],
    );
    expect(outcomeOf(store)).toBe('The jackets sold out by noon');
  });

  it('steps through the shorter forms it is given and never cuts the last one by words', () => {
    const draft = {
      topic: ['Atlas launch', 'Globex', 'vendor contract'],
      discussed: [['Globex', 'vendor', 'slipped']],
      outcome: 'We moved the Atlas launch to Friday because the Globex vendor slipped'.split(' '),
      decisions: [],
      open_questions: [],
      outcomeForms: ['We moved the Atlas launch to Friday'.split(' '), 'We moved the Atlas launch'.split(' ')],
    };
    const seen = new Set<string>();
    for (let maxTokens = 50; maxTokens >= 20; maxTokens -= 1) seen.add(fitSummary(draft, cl100k, maxTokens).summary.outcome);
    expect([...seen]).toEqual(['We moved the Atlas launch to Friday because the Globex vendor slipped', 'We moved the Atlas launch to Friday', 'We moved the Atlas launch', '']);
    // The draft given is left as it was.
    expect(draft.outcomeForms).toHaveLength(2);
  });
});
