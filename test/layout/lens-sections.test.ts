import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkItem, messagesItem, oneMessageFrame } from '../../src/layout/build.js';
import { ContextCriticalOverflowError } from '../../src/layout/errors.js';
import { layout } from '../../src/layout/layout.js';
import type { LayoutItem, LensName, RenderedMessage, SectionSpec } from '../../src/layout/types.js';
import type { EncodingName, Tokenizer } from '../../src/tokens/tokenizer.js';
import { ENCODINGS } from '../../src/tokens/tokenizer.js';
import { loadTokenizers } from '../tokens/tokenizers.js';
import { promptDraftArb, realisticSections } from './realistic.js';

// Sections with lenses and min > 0, laid out with a real tokenizer: a lens may shrink an
// item by more than the deficit, but a section still ends at ≥ effMin or is dropped.

let tokenizers: Record<EncodingName, Tokenizer>;
beforeAll(async () => {
  tokenizers = await loadTokenizers();
});

function promptCost(tokenizer: Tokenizer, messages: readonly RenderedMessage[]): number {
  return messages.reduce((sum, message) => sum + tokenizer.messageCost(message.role, message.content), 0);
}

function baseOf(section: SectionSpec): number {
  const content = section.content;
  if (content.kind === 'text') return content.size > 0 ? section.frame + content.size : 0;
  return content.items.length > 0 ? section.frame + content.items.reduce((sum, item) => sum + item.size, 0) : 0;
}

const DROP_LENS: Record<'first' | 'last', LensName> = { first: 'drop-oldest', last: 'drop-lowest-ranked' };

// memoryd-like sections whose flexible item sections get random lenses and a min of 0–100 % of their base.
const lensSectionsArb = fc.record({
  draft: promptDraftArb,
  mins: fc.array(fc.constantFrom(0, 0.3, 0.6, 0.9, 1), { minLength: 8, maxLength: 8 }),
  strategies: fc.array(fc.shuffledSubarray<LensName>(['compact-json', 'head-tail', 'short-tool-descriptions', 'drop-oldest']), { minLength: 8, maxLength: 8 }),
  fraction: fc.double({ min: 0.2, max: 1.1, noNaN: true }),
});

function withLensesAndMins(sections: SectionSpec[], mins: number[], strategies: LensName[][]): SectionSpec[] {
  return sections.map((section, i) => {
    if (section.shrink === 0 || section.content.kind !== 'items') return section;
    const sacrifice = section.content.sacrifice;
    const strategy = (strategies[i] ?? []).map((lens) => (lens === 'drop-oldest' ? DROP_LENS[sacrifice] : lens));
    return { ...section, strategy, min: Math.round((mins[i] ?? 0) * baseOf(section)) };
  });
}

function layOut(sections: SectionSpec[], budget: number, tokenizer: Tokenizer): ReturnType<typeof layout> | null {
  try {
    return layout(sections, budget, { tokenizer });
  } catch (error) {
    if (error instanceof ContextCriticalOverflowError) return null;
    throw error;
  }
}

describe.each(ENCODINGS)('sections with lenses and a min, with %s', (encoding) => {
  it('end at ≥ effMin or dropped, and the prompt costs what the layout summed', () => {
    fc.assert(
      fc.property(lensSectionsArb, ({ draft, mins, strategies, fraction }) => {
        const tokenizer = tokenizers[encoding];
        const sections = withLensesAndMins(realisticSections(tokenizer, draft), mins, strategies);
        const budget = Math.round(sections.reduce((sum, section) => sum + baseOf(section), 0) * fraction);
        const result = layOut(sections, budget, tokenizer);
        if (result === null) return;
        expect(result.total).toBeLessThanOrEqual(budget);
        expect(promptCost(tokenizer, result.messages)).toBe(result.total);
        result.report.sections.forEach((report, i) => {
          if (sections[i]?.content.kind !== 'items') return;
          if (report.actions.some((action) => action.kind === 'dropped')) expect(report.final).toBe(0);
          else expect(report.final).toBeGreaterThanOrEqual(report.effMin);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('a lens and the section min', () => {
  const system = (size: number): SectionSpec => ({ id: 'system', priority: 100, min: 0, grow: 0, shrink: 0, strategy: [], render: { mode: 'one-message', role: 'system' }, frame: 0, content: { kind: 'text', size, cut: 'head' } });

  it('compact-json does not take a summary below its min: the section is dropped instead (rule 4d)', () => {
    const tokenizer = tokenizers.cl100k_base;
    const text = JSON.stringify({ topic: 'trip to Lisbon', decisions: ['book the train', 'stay three nights'], open_questions: [] }, null, 2);
    const item = chunkItem(tokenizer, { id: 'summary', key: 0, text });
    const frame = oneMessageFrame(tokenizer, 'system', 'Summaries:\n');
    const base = frame + item.size;
    const summaries: SectionSpec = { id: 'summaries', priority: 10, min: base - 2, grow: 0, shrink: 1, strategy: ['compact-json'], render: { mode: 'one-message', role: 'system', header: 'Summaries:\n' }, frame, content: { kind: 'items', sacrifice: 'first', items: [item] } };
    const result = layout([system(20), summaries], 20 + base - 5, { tokenizer });
    expect(result.report.sections[1]).toMatchObject({ base, effMin: base - 2, final: 0, actions: [{ kind: 'dropped' }] });
    // With room for the compact form at its min, it is compacted and kept.
    const kept = layout([system(20), { ...summaries, min: 10 }], 20 + base - 5, { tokenizer });
    expect(kept.report.sections[1]?.actions).toEqual([{ kind: 'compressed', lenses: ['compact-json'] }]);
    expect(kept.report.sections[1]?.final).toBeGreaterThanOrEqual(10);
  });

  it('head-tail never cuts a tool result below the section min', () => {
    const tokenizer = tokenizers.cl100k_base;
    const lines = Array.from({ length: 60 }, (_, i) => `row ${i}: value=${i * 7}`).join('\n');
    const run: LayoutItem = messagesItem(tokenizer, { id: 'run', key: 0, messages: [{ role: 'assistant', content: 'run query' }, { role: 'tool', content: lines }] });
    let cut = 0;
    for (let short = 1; short < 40; short++) {
      const results: SectionSpec = { id: 'tool-results', priority: 10, min: run.size - short, grow: 0, shrink: 1, strategy: ['head-tail'], render: { mode: 'per-item' }, frame: 0, content: { kind: 'items', sacrifice: 'first', items: [run] } };
      const report = layout([system(20), results], 20 + run.size - short, { tokenizer }).report.sections[1];
      if (report?.actions.some((action) => action.kind === 'dropped')) continue;
      cut += 1;
      expect(report?.final).toBeGreaterThanOrEqual(run.size - short);
    }
    expect(cut).toBeGreaterThan(20);
  });
});
