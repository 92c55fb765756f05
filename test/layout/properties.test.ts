import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContextCriticalOverflowError } from '../../src/layout/errors.js';
import { layout } from '../../src/layout/layout.js';
import type { LayoutResult, SectionSpec } from '../../src/layout/types.js';
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
        expect(outcome.total).toBe(outcome.sections.reduce((sum, s) => sum + s.size, 0));
        expect(outcome.report.total).toBe(outcome.total);
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

  it('leaves a compressed section at ≥ effMin or drops it, and reports what it did', () => {
    fc.assert(
      fc.property(sectionsArb, budgetArb, (sections, budget) => {
        const outcome = attempt(sections, budget);
        if (outcome instanceof ContextCriticalOverflowError) return;
        outcome.report.sections.forEach((report, i) => {
          const dropped = report.actions.some((a) => a.kind === 'dropped');
          expect(outcome.sections[i]?.dropped).toBe(dropped);
          if (dropped) expect(report.final).toBe(0);
          else expect(report.final).toBeGreaterThanOrEqual(report.effMin);
          if (report.final < report.base) expect(report.actions.length).toBeGreaterThan(0);
        });
      }),
      { numRuns: 500 },
    );
  });
});
