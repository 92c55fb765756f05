import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContextCriticalOverflowError } from '../../src/layout/errors.js';
import { layout } from '../../src/layout/layout.js';
import type { LayoutResult, RenderedMessage, SectionSpec } from '../../src/layout/types.js';
import { reloaded, sectionsArb } from './fixtures.js';

const budgetArb = fc.integer({ min: 0, max: 500 });

function baseSize(section: SectionSpec): number {
  const content = section.content;
  if (content.kind === 'text') return content.size > 0 ? section.frame + content.size : 0;
  return content.items.length > 0 ? section.frame + content.items.reduce((sum, item) => sum + item.size, 0) : 0;
}

function attempt(sections: SectionSpec[], budget: number): LayoutResult | ContextCriticalOverflowError {
  try {
    return layout(sections, budget);
  } catch (error) {
    if (error instanceof ContextCriticalOverflowError) return error;
    throw error;
  }
}

const PLACEHOLDER = /\[(item|text) ([^:\]]+): (\d+) tokens\]\n/g;

// What each kept section costs, read back from the rendered prompt alone: the sizes its
// placeholders declare plus its frame. Also checks that every message is one section's,
// in declared order, and that every item renders with the size it was given.
function renderedCosts(sections: readonly SectionSpec[], messages: readonly RenderedMessage[]): Map<string, number> {
  const owners = new Map<string, { section: SectionSpec; index: number; size: number }>();
  sections.forEach((section, index) => {
    const content = section.content;
    if (content.kind === 'text') owners.set(section.id, { section, index, size: content.size });
    else for (const item of [...content.items, ...(content.candidates ?? [])]) owners.set(item.id, { section, index, size: item.size });
  });
  const costs = new Map<string, number>();
  let lastIndex = -1;
  for (const message of messages) {
    let owner: { section: SectionSpec; index: number } | undefined;
    let declared = 0;
    let rendered = '';
    for (const [placeholder, kind, id, size] of message.content.matchAll(PLACEHOLDER)) {
      const from = owners.get(id ?? '');
      if (from === undefined) throw new Error(`rendered ${id} is in no section`);
      if (owner !== undefined) expect(from.section.id).toBe(owner.section.id);
      owner = from;
      if (kind === 'item') expect(Number(size)).toBe(from.size);
      else expect(Number(size)).toBeLessThanOrEqual(from.size);
      declared += Number(size);
      rendered += placeholder;
    }
    expect(rendered).toBe(message.content);
    if (owner === undefined) throw new Error(`an empty message: ${JSON.stringify(message)}`);
    expect(owner.index).toBeGreaterThan(lastIndex);
    lastIndex = owner.index;
    costs.set(owner.section.id, owner.section.frame + declared);
  }
  return costs;
}

// Flexible sections' indices in the spec's sacrifice order (priority ASC, shrink DESC, input order ASC).
function sacrificeOrder(sections: readonly SectionSpec[]): number[] {
  return sections
    .map((section, index) => ({ section, index }))
    .filter(({ section }) => section.shrink > 0)
    .sort((a, b) => a.section.priority - b.section.priority || b.section.shrink - a.section.shrink || a.index - b.index)
    .map(({ index }) => index);
}

describe('layout properties (declared sizes)', () => {
  it('fits the budget, or fails with ContextCriticalOverflow exactly when the critical load exceeds it', () => {
    fc.assert(
      fc.property(sectionsArb, budgetArb, (sections, budget) => {
        const fixedLoad = sections.filter((s) => s.shrink === 0).reduce((sum, s) => sum + baseSize(s), 0);
        const outcome = attempt(sections, budget);
        if (outcome instanceof ContextCriticalOverflowError) {
          expect(fixedLoad).toBeGreaterThan(budget);
          expect(outcome.required).toBe(fixedLoad);
          return;
        }
        expect(fixedLoad).toBeLessThanOrEqual(budget);
        expect(outcome.total).toBeLessThanOrEqual(budget);
        // Spec §5 "sizes are exact": what the rendered prompt costs is what the layout summed.
        const costs = renderedCosts(sections, outcome.messages);
        let rendered = 0;
        for (const cost of costs.values()) rendered += cost;
        expect(outcome.total).toBe(rendered);
        expect(outcome.report.total).toBe(rendered);
        for (const report of outcome.report.sections) expect(report.final).toBe(costs.get(report.id) ?? 0);
      }),
      { numRuns: 1000 },
    );
  });

  it('never compresses, truncates or drops a critical section', () => {
    fc.assert(
      fc.property(sectionsArb, budgetArb, (sections, budget) => {
        const outcome = attempt(sections, budget);
        if (outcome instanceof ContextCriticalOverflowError) return;
        for (const report of outcome.report.sections) {
          if (!report.critical) continue;
          expect(report.actions.filter((action) => action.kind !== 'grown')).toEqual([]);
          expect(report.final).toBeGreaterThanOrEqual(report.base);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps items whole and removes them only from the sacrificed end', () => {
    fc.assert(
      fc.property(sectionsArb, budgetArb, (sections, budget) => {
        const outcome = attempt(sections, budget);
        if (outcome instanceof ContextCriticalOverflowError) return;
        sections.forEach((section, i) => {
          const given = section.content;
          const laid = outcome.sections[i];
          if (given.kind !== 'items' || laid === undefined || laid.content.kind !== 'items' || laid.dropped) return;
          const known = new Map([...given.items, ...(given.candidates ?? [])].map((item) => [item.id, item]));
          for (const item of laid.content.items) expect(item).toEqual(known.get(item.id));
          const keptIds = laid.content.items.map((item) => item.id);
          const givenIds = [...given.items].sort((a, b) => a.key - b.key).map((item) => item.id);
          const keptGiven = keptIds.filter((id) => givenIds.includes(id));
          const expected = given.sacrifice === 'first' ? givenIds.slice(givenIds.length - keptGiven.length) : givenIds.slice(0, keptGiven.length);
          expect(keptGiven).toEqual(expected);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic, and loading items in another order changes nothing', () => {
    fc.assert(
      fc.property(sectionsArb, budgetArb, fc.integer({ min: 1, max: 1_000_000 }), (sections, budget, seed) => {
        const first = attempt(sections, budget);
        const again = attempt(structuredClone(sections), budget);
        const shuffled = attempt(reloaded(sections, seed), budget);
        if (first instanceof ContextCriticalOverflowError) {
          expect(again).toBeInstanceOf(ContextCriticalOverflowError);
          expect(shuffled).toBeInstanceOf(ContextCriticalOverflowError);
          return;
        }
        expect(JSON.stringify(again)).toBe(JSON.stringify(first));
        expect(JSON.stringify(shuffled)).toBe(JSON.stringify(first));
      }),
      { numRuns: 500 },
    );
  });

  it('grows only when everything fits, never past the budget, and never shrinks anything then', () => {
    fc.assert(
      fc.property(sectionsArb, budgetArb, (sections, budget) => {
        const outcome = attempt(sections, budget);
        if (outcome instanceof ContextCriticalOverflowError) return;
        const baseTotal = sections.reduce((sum, s) => sum + baseSize(s), 0);
        const grew = outcome.report.sections.some((s) => s.actions.some((a) => a.kind === 'grown'));
        if (baseTotal <= budget) {
          expect(outcome.report.sections.every((s) => s.final >= s.base && s.actions.every((a) => a.kind === 'grown'))).toBe(true);
        } else expect(grew).toBe(false);
        expect(outcome.total).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 500 },
    );
  });

  it('drops exactly the sections that render nothing while a deficit remains, keeps the others ≥ effMin, and leaves later ones untouched', () => {
    fc.assert(
      fc.property(sectionsArb, budgetArb, (sections, budget) => {
        const outcome = attempt(sections, budget);
        if (outcome instanceof ContextCriticalOverflowError) return;
        const costs = renderedCosts(sections, outcome.messages);
        const final = (index: number): number => costs.get(sections[index]?.id ?? '') ?? 0;
        const isDropped = (index: number): boolean => outcome.report.sections[index]?.actions.some((a) => a.kind === 'dropped') === true;
        // Rule 4 visits each flexible section once, in sacrifice order: the total when a
        // section's turn comes is the finals before it plus the bases from it on.
        let running = sections.reduce((sum, section) => sum + baseSize(section), 0);
        const compressing = running > budget;
        for (const index of sacrificeOrder(sections)) {
          const section = sections[index] as SectionSpec;
          const base = baseSize(section);
          const deficit = running - budget;
          expect(isDropped(index)).toBe(compressing && deficit > 0 && final(index) === 0);
          expect(outcome.sections[index]?.dropped).toBe(isDropped(index));
          if (!compressing) expect(final(index)).toBeGreaterThanOrEqual(base);
          else if (deficit <= 0) expect(final(index)).toBe(base);
          else if (!isDropped(index)) expect(final(index)).toBeGreaterThanOrEqual(Math.min(section.min, base));
          const report = outcome.report.sections[index];
          if (final(index) < base) expect(report?.actions.length).toBeGreaterThan(0);
          running += final(index) - base;
        }
        sections.forEach((section, index) => {
          if (section.shrink === 0) expect(isDropped(index)).toBe(false);
        });
      }),
      { numRuns: 1000 },
    );
  });
});
