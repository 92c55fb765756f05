import { sectionSize } from '../content-size.js';
import type { LensName, SacrificedEnd, SectionContent } from '../types.js';
import type { Lens, LensBounds } from './lens.js';

// Removes whole items from one end while the section stays ≥ target, stopping at the
// first item whose removal would go below it (no item is skipped), so it never goes
// below the floor either (target ≥ floor). Truncation (rule 4c) finishes the job if the
// target is not reached exactly.
function dropFromEnd(end: SacrificedEnd): Lens {
  return (content: SectionContent, bounds: LensBounds): SectionContent => {
    if (content.kind !== 'items') return content;
    const items = [...content.items];
    let size = sectionSize(content, bounds.frame);
    while (size > bounds.target && items.length > 0) {
      const next = end === 'first' ? items[0] : items[items.length - 1];
      if (next === undefined) break;
      const after = items.length === 1 ? 0 : size - next.size;
      if (after < bounds.target) break;
      if (end === 'first') items.shift();
      else items.pop();
      size = after;
    }
    return items.length === content.items.length ? content : { ...content, items };
  };
}

/**
 * The end each drop lens removes items from; a section naming one must sacrifice that
 * end (token-box.md §1: the section knows which end goes first).
 */
export const DROP_LENS_ENDS = {
  /** Window: oldest turns go first. */
  'drop-oldest': 'first',
  /** Facts: lowest-ranked go first. */
  'drop-lowest-ranked': 'last',
  /** Summaries: the oldest summary goes first. */
  'drop-oldest-summary': 'first',
} as const satisfies Partial<Record<LensName, SacrificedEnd>>;

export const dropOldest: Lens = dropFromEnd(DROP_LENS_ENDS['drop-oldest']);
export const dropLowestRanked: Lens = dropFromEnd(DROP_LENS_ENDS['drop-lowest-ranked']);
export const dropOldestSummary: Lens = dropFromEnd(DROP_LENS_ENDS['drop-oldest-summary']);
