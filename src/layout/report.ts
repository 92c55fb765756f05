import { hashMessages } from './hash.js';
import type { SectionState } from './section-state.js';
import type { LayoutReport, RenderedMessage, SectionAction, SectionReport } from './types.js';

/** The report of a finished layout (token-box.md §4). */
export function buildReport(states: readonly SectionState[], budget: number, total: number, messages: readonly RenderedMessage[]): LayoutReport {
  return {
    budget,
    total,
    usage: budget === 0 ? 0 : total / budget,
    sections: states.map(sectionReport),
    hash: hashMessages(messages),
  };
}

function sectionReport(state: SectionState): SectionReport {
  const kept = state.content.kind === 'items' && !state.dropped ? state.content.items.length : 0;
  return {
    id: state.spec.id,
    base: state.base,
    final: state.size,
    effMin: state.effMin,
    critical: state.critical,
    actions: actionsOf(state),
    itemsKept: state.baseItems === null ? null : kept,
    itemsRemoved: state.baseItems === null ? null : Math.max(0, state.baseItems + state.added - kept),
  };
}

function actionsOf(state: SectionState): SectionAction[] {
  const actions: SectionAction[] = [];
  if (state.added > 0) actions.push({ kind: 'grown', items: state.added });
  if (state.lenses.length > 0) actions.push({ kind: 'compressed', lenses: [...state.lenses] });
  if (state.truncated) actions.push({ kind: 'truncated' });
  if (state.dropped) actions.push({ kind: 'dropped' });
  return actions;
}
