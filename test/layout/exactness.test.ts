import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneMessageFrame, textContent } from '../../src/layout/build.js';
import { ContextCriticalOverflowError } from '../../src/layout/errors.js';
import { hashMessages } from '../../src/layout/hash.js';
import { layout } from '../../src/layout/layout.js';
import type { LayoutResult, RenderedMessage } from '../../src/layout/types.js';
import type { EncodingName, Tokenizer } from '../../src/tokens/tokenizer.js';
import { ENCODINGS } from '../../src/tokens/tokenizer.js';
import { loadTokenizers } from '../tokens/tokenizers.js';
import { promptDraftArb, realisticSections } from './realistic.js';

let tokenizers: Record<EncodingName, Tokenizer>;
beforeAll(async () => {
  tokenizers = await loadTokenizers();
});

function promptCost(tokenizer: Tokenizer, messages: readonly RenderedMessage[]): number {
  return messages.reduce((sum, message) => sum + tokenizer.messageCost(message.role, message.content), 0);
}

describe.each(ENCODINGS)('rendered prompts with %s', (encoding) => {
  it('cost exactly the total the layout computed, with or without pressure', () => {
    fc.assert(
      fc.property(promptDraftArb, fc.double({ min: 0.2, max: 1.3, noNaN: true }), (draft, fraction) => {
        const tokenizer = tokenizers[encoding];
        const sections = realisticSections(tokenizer, draft);
        const natural = sections.reduce((sum, section) => sum + (section.content.kind === 'text' ? section.frame + section.content.size : 0), 0);
        const budget = Math.round((natural + 400) * fraction);
        let result: LayoutResult;
        try {
          result = layout(sections, budget, { tokenizer });
        } catch (error) {
          if (error instanceof ContextCriticalOverflowError) return;
          throw error;
        }
        expect(result.total).toBeLessThanOrEqual(budget);
        expect(promptCost(tokenizer, result.messages)).toBe(result.total);
        expect(result.report.hash).toBe(hashMessages(result.messages));
      }),
      { numRuns: 150 },
    );
  });

  it('exercise lenses and cuts under pressure and still add up', () => {
    const tokenizer = tokenizers[encoding];
    const pressured = fc.sample(promptDraftArb, { numRuns: 40, seed: 42 }).map((draft) => {
      const sections = realisticSections(tokenizer, draft);
      const critical = sections.filter((s) => s.shrink === 0).reduce((sum, s) => sum + (s.content.kind === 'text' ? s.frame + s.content.size : 0), 0);
      const result = layout(sections, critical + 60, { tokenizer });
      expect(promptCost(tokenizer, result.messages)).toBe(result.total);
      return result.report.sections.flatMap((s) => s.actions.map((a) => (a.kind === 'compressed' ? a.lenses.join('+') : a.kind)));
    });
    const seen = new Set(pressured.flat());
    expect([...seen]).toEqual(expect.arrayContaining(['truncated', 'dropped']));
    expect([...seen].some((action) => action !== 'truncated' && action !== 'dropped' && action !== 'grown')).toBe(true);
  });
});

describe('text cuts with real text', () => {
  it('keep the head and tail of a head-tail text section and still add up', () => {
    const tokenizer = tokenizers.o200k_base;
    const log = Array.from({ length: 300 }, (_, i) => `step ${i}: fetched page ${i * 3}, 200 OK`).join('\n');
    const result = layout(
      [
        { id: 'system', priority: 100, min: 0, grow: 0, shrink: 0, strategy: [], render: { mode: 'one-message', role: 'system' }, frame: oneMessageFrame(tokenizer, 'system'), content: textContent(tokenizer, 'You are helpful.') },
        { id: 'result', priority: 30, min: 0, grow: 0, shrink: 1, strategy: [], render: { mode: 'one-message', role: 'tool', header: 'Tool result:\n' }, frame: oneMessageFrame(tokenizer, 'tool', 'Tool result:\n'), content: textContent(tokenizer, log, { cut: 'head-tail', marker: '\n[… cut …]\n' }) },
      ],
      150,
      { tokenizer },
    );
    const content = result.messages[1]?.content ?? '';
    expect(content.startsWith('Tool result:\nstep 0: fetched page 0')).toBe(true);
    expect(content).toContain('[… cut …]');
    expect(content.endsWith('step 299: fetched page 897, 200 OK\n')).toBe(true);
    expect(promptCost(tokenizer, result.messages)).toBe(result.total);
    expect(result.total).toBeLessThanOrEqual(150);
    expect(result.report.sections[1]?.actions).toEqual([{ kind: 'truncated' }]);
  });
});
