import type { Tokenizer } from '../tokens/tokenizer.js';
import { compress } from './compression.js';
import { ContextCriticalOverflowError, ContextOverflowError } from './errors.js';
import { grow, totalOf } from './growth.js';
import { renderSections } from './render.js';
import { buildReport } from './report.js';
import { initialState } from './section-state.js';
import type { SectionState } from './section-state.js';
import type { LaidOutSection, LayoutResult, SectionSpec } from './types.js';
import { validateLayoutInput } from './validate.js';

export interface LayoutOptions {
  /**
   * Needed only under pressure, by lenses that rewrite text (compact-json, head-tail)
   * and by cutting a text section that carries text. The normal path never counts.
   */
  readonly tokenizer?: Tokenizer;
}

/**
 * Lays the sections out inside `budget` tokens (token-box.md §2), purely and
 * deterministically: the same sections and budget give byte-identical results,
 * whatever order items were loaded in. Throws ContextCriticalOverflowError when the
 * critical sections alone exceed the budget; never returns a total over budget.
 */
export function layout(sections: readonly SectionSpec[], budget: number, options: LayoutOptions = {}): LayoutResult {
  validateLayoutInput(sections, budget);
  const states = sections.map(initialState);
  const critical = states.filter((state) => state.critical);
  const fixedLoad = totalOf(critical);
  if (fixedLoad > budget) {
    throw new ContextCriticalOverflowError(budget, fixedLoad, critical.map((state) => ({ id: state.spec.id, size: state.size })));
  }
  if (totalOf(states) <= budget) grow(states, budget);
  else compress(states, budget, options.tokenizer);
  const total = totalOf(states);
  if (total > budget) throw new ContextOverflowError(budget, total);
  const laidOut = states.map(laidOutSection);
  const messages = renderSections(laidOut);
  return { budget, total, sections: laidOut, messages, report: buildReport(states, budget, total, messages) };
}

function laidOutSection(state: SectionState): LaidOutSection {
  return { id: state.spec.id, render: state.spec.render, frame: state.spec.frame, size: state.size, dropped: state.dropped, content: state.content };
}
