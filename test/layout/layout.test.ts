import { describe, expect, it } from 'vitest';
import { ContextCriticalOverflowError, LayoutInputError } from '../../src/layout/errors.js';
import { layout } from '../../src/layout/layout.js';
import type { LensName, SectionSpec } from '../../src/layout/types.js';
import { declaredItem, declaredItems, declaredText, thrown } from './fixtures.js';

describe('layout report', () => {
  it('reports every section, untouched, when everything fits', () => {
    const result = layout([declaredText('system', 40, { shrink: 0 }), declaredItems('window', [10, 20], { min: 15 })], 100);
    expect(result.report).toMatchObject({
      budget: 100,
      total: 70,
      usage: 0.7,
      sections: [
        { id: 'system', base: 40, final: 40, effMin: 0, critical: true, actions: [], itemsKept: null, itemsRemoved: null },
        { id: 'window', base: 30, final: 30, effMin: 15, critical: false, actions: [], itemsKept: 2, itemsRemoved: 0 },
      ],
    });
    expect(result.report.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reports growth, truncation and drops with item counts', () => {
    const grown = layout([declaredItems('facts', [5], { grow: 1, sacrifice: 'last', candidates: [5, 5, 50] })], 20);
    expect(grown.report.sections[0]).toMatchObject({ final: 15, actions: [{ kind: 'grown', items: 2 }], itemsKept: 3, itemsRemoved: 0 });

    const squeezed = layout([declaredText('system', 10, { shrink: 0 }), declaredItems('summaries', [10, 10], { priority: 1 }), declaredItems('window', [10, 10, 10], { priority: 2 })], 35);
    expect(squeezed.report.sections.map((s) => [s.id, s.final, s.actions, s.itemsKept, s.itemsRemoved])).toEqual([
      ['system', 10, [], null, null],
      ['summaries', 0, [{ kind: 'truncated' }, { kind: 'dropped' }], 0, 2],
      ['window', 20, [{ kind: 'truncated' }], 2, 1],
    ]);
  });

  it('drops an empty flexible section the deficit reaches (rule 4d), and leaves alone one it does not reach', () => {
    const result = layout(
      [declaredText('system', 10, { shrink: 0 }), declaredItems('summaries', [], { priority: 1 }), declaredItems('window', [10, 10, 10], { priority: 2 }), declaredItems('tools', [], { priority: 3 })],
      35,
    );
    expect(result.report.sections.map((s) => [s.id, s.final, s.actions, s.itemsKept, s.itemsRemoved])).toEqual([
      ['system', 10, [], null, null],
      ['summaries', 0, [{ kind: 'dropped' }], 0, 0],
      ['window', 20, [{ kind: 'truncated' }], 2, 1],
      ['tools', 0, [], 0, 0],
    ]);
    expect(result.sections.map((s) => s.dropped)).toEqual([false, true, false, false]);
  });

  it('keeps the declared order in the output, whatever the priorities', () => {
    const result = layout([declaredText('user', 5, { priority: 200, shrink: 0 }), declaredText('a', 5, { priority: 1 }), declaredText('b', 5, { priority: 300 })], 100);
    expect(result.sections.map((s) => s.id)).toEqual(['user', 'a', 'b']);
    expect(result.messages.map((m) => m.content)).toEqual(['[text user: 5 tokens]\n', '[text a: 5 tokens]\n', '[text b: 5 tokens]\n']);
  });
});

describe('frames', () => {
  const framed = (sizes: number[], extra: Partial<Parameters<typeof declaredItems>[2]> = {}): SectionSpec => declaredItems('facts', sizes, { frame: 7, sacrifice: 'last', ...extra });

  it('count only when the section renders something', () => {
    expect(layout([framed([3, 4])], 100).total).toBe(14);
    expect(layout([framed([])], 100).total).toBe(0);
  });

  it('are paid by the first candidate growth adds to an empty section', () => {
    expect(layout([framed([], { grow: 1, candidates: [5, 5] })], 12).total).toBe(12);
    expect(layout([framed([], { grow: 1, candidates: [5, 5] })], 11).total).toBe(0);
  });

  it('are freed when truncation removes the last item', () => {
    const result = layout([declaredText('system', 10, { shrink: 0 }), framed([5])], 15);
    expect(result.total).toBe(10);
    expect(result.report.sections[1]?.actions).toEqual([{ kind: 'truncated' }, { kind: 'dropped' }]);
  });
});

describe('errors', () => {
  it('throws ContextCriticalOverflowError with the critical sections and their sizes', () => {
    const error = thrown(() => layout([declaredText('system', 60, { shrink: 0 }), declaredText('flex', 10), declaredItems('user', [30], { shrink: 0 })], 80));
    expect(error).toBeInstanceOf(ContextCriticalOverflowError);
    expect(error).toMatchObject({ code: 'CONTEXT_CRITICAL_OVERFLOW', details: { budget: 80, required: 90, sections: [{ id: 'system', size: 60 }, { id: 'user', size: 30 }] } });
  });

  it('rejects malformed input with every problem listed', () => {
    const bad: SectionSpec[] = [
      declaredText('a', -1),
      declaredText('a', 5, { strategy: ['no-such-lens' as LensName], grow: Number.NaN }),
      { ...declaredItems('b', []), content: { kind: 'items', sacrifice: 'first', items: [declaredItem('x', 0, 1), declaredItem('x', 1, 1.5)] } },
      { ...declaredItems('c', []), content: { kind: 'items', sacrifice: 'first', items: [{ id: 'm', key: 0, size: 1, body: { kind: 'messages', messages: [] } }] } },
    ];
    const error = thrown(() => layout(bad, -3));
    expect(error).toBeInstanceOf(LayoutInputError);
    const paths = (error as LayoutInputError).details?.['issues'] as { path: string }[];
    expect(paths.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([
        'budget',
        'sections[0].content.size',
        'sections[1].id',
        'sections[1].grow',
        'sections[1].strategy[0]',
        'sections[2].content.items[1].id',
        'sections[2].content.items[1].size',
        'sections[3].content.items[0].body',
      ]),
    );
  });

  it('rejects a priority that is not an integer, naming the section', () => {
    for (const priority of [1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = thrown(() => layout([declaredText('system', 5, { shrink: 0 }), declaredText('facts', 5, { priority })], 100));
      expect(error).toBeInstanceOf(LayoutInputError);
      expect((error as LayoutInputError).details?.['issues']).toEqual([{ path: 'sections[1].priority', message: expect.stringContaining('"facts"') }]);
      expect((error as LayoutInputError).message).toContain('integer');
    }
    expect(layout([declaredText('facts', 5, { priority: -3 })], 100).total).toBe(5);
  });

  it('rejects a drop lens that removes items from the other end than the section sacrifices', () => {
    const mismatched: [LensName, 'first' | 'last'][] = [['drop-oldest', 'last'], ['drop-oldest-summary', 'last'], ['drop-lowest-ranked', 'first']];
    for (const [lens, sacrifice] of mismatched) {
      const error = thrown(() => layout([declaredItems('window', [5, 5], { sacrifice, strategy: ['compact-json', lens] })], 100));
      expect(error).toBeInstanceOf(LayoutInputError);
      expect((error as LayoutInputError).details?.['issues']).toEqual([{ path: 'sections[0].strategy[1]', message: expect.stringMatching(new RegExp(`${lens}.*"window".*${sacrifice}`)) }]);
    }
    for (const [lens, sacrifice] of [['drop-oldest', 'first'], ['drop-oldest-summary', 'first'], ['drop-lowest-ranked', 'last']] as const) {
      expect(layout([declaredItems('window', [5, 5], { sacrifice, strategy: [lens] })], 7).total).toBe(5);
    }
  });

  it('needs the tokenizer to cut a text section that carries text', () => {
    const section: SectionSpec = { ...declaredText('tool', 50), content: { kind: 'text', size: 50, text: 'some result\n', cut: 'head' } };
    expect(thrown(() => layout([section], 10))).toBeInstanceOf(LayoutInputError);
  });
});

describe('canonical order', () => {
  it('renders items by key whatever order they were loaded in, and candidates nearest first', () => {
    const window: SectionSpec = {
      ...declaredItems('window', []),
      grow: 1,
      content: {
        kind: 'items',
        sacrifice: 'first',
        items: [declaredItem('turn-9', 9, 5), declaredItem('turn-7', 7, 5), declaredItem('turn-8', 8, 5)],
        candidates: [declaredItem('turn-3', 3, 5), declaredItem('turn-6', 6, 5), declaredItem('turn-5', 5, 5)],
      },
    };
    const result = layout([window], 25);
    const content = result.sections[0]?.content;
    expect(content?.kind === 'items' && content.items.map((item) => item.id)).toEqual(['turn-5', 'turn-6', 'turn-7', 'turn-8', 'turn-9']);
  });

  it('breaks equal keys by id, not by load order', () => {
    const a = declaredItems('facts', [], { sacrifice: 'last' });
    const items = [declaredItem('b', 1, 4), declaredItem('a', 1, 6), declaredItem('c', 0, 2)];
    const one = layout([{ ...a, content: { kind: 'items', sacrifice: 'last', items } }], 8);
    const two = layout([{ ...a, content: { kind: 'items', sacrifice: 'last', items: [...items].reverse() } }], 8);
    expect(one.report).toEqual(two.report);
    const kept = one.sections[0]?.content;
    expect(kept?.kind === 'items' && kept.items.map((item) => item.id)).toEqual(['c', 'a']);
  });
});
