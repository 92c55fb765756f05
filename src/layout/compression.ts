import type { Tokenizer } from '../tokens/tokenizer.js';
import { totalOf } from './growth.js';
import { LENSES } from './lenses/index.js';
import { setContent } from './section-state.js';
import type { SectionState } from './section-state.js';
import { truncate } from './truncation.js';

/**
 * Rule 4: flexible sections, by (priority ASC, shrink DESC, input order ASC), give up
 * tokens while the total exceeds B: lenses in order, then truncation toward
 * target = max(effMin, size − deficit), then a drop if the deficit remains. The deficit
 * is recomputed after every step; space freed beyond it stays free.
 */
export function compress(states: readonly SectionState[], budget: number, tokenizer: Tokenizer | undefined): void {
  for (const state of compressionOrder(states)) {
    if (totalOf(states) - budget <= 0) return;
    // An empty section is visited too: at effMin already (0) with the deficit open, rule 4d drops it.
    const target = Math.max(state.effMin, state.size - (totalOf(states) - budget));
    applyLenses(state, target, tokenizer);
    if (state.size > target) {
      const before = state.size;
      setContent(state, truncate(state.content, state.spec.frame, target, state.effMin, tokenizer));
      state.truncated = state.size < before;
    }
    // Rule 4d: still over at effMin (or unable to shrink), or emptied by truncation.
    if (totalOf(states) - budget > 0 || state.size === 0) {
      state.dropped = true;
      state.size = 0;
    }
  }
}

// Lenses in strategy order while the section is above target, none below effMin; a lens that does not shrink is discarded.
function applyLenses(state: SectionState, target: number, tokenizer: Tokenizer | undefined): void {
  const context = tokenizer === undefined ? {} : { tokenizer };
  for (const name of state.spec.strategy) {
    if (state.size <= target) return;
    const before = state.size;
    const output = LENSES[name](state.content, { frame: state.spec.frame, target, floor: state.effMin }, context);
    const previous = state.content;
    setContent(state, output);
    if (state.size < before) state.lenses.push(name);
    else setContent(state, previous);
  }
}

/** Flexible sections (shrink > 0) in sacrifice order: a stable, total order. */
export function compressionOrder(states: readonly SectionState[]): SectionState[] {
  return states
    .filter((state) => !state.critical)
    .sort((a, b) => {
      if (a.spec.priority !== b.spec.priority) return a.spec.priority - b.spec.priority;
      if (a.spec.shrink !== b.spec.shrink) return b.spec.shrink - a.spec.shrink;
      return a.index - b.index;
    });
}
