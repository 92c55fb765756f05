import { sectionSize } from '../content-size.js';
import type { SacrificedEnd, SectionContent } from '../types.js';
import type { Lens } from './lens.js';

/**
 * Removes whole items from one end while the section stays ≥ target, stopping at the
 * first item whose removal would go below it (no item is skipped). Truncation (rule 4c)
 * finishes the job if the target is not reached exactly.
 */
export function dropFromEnd(end: SacrificedEnd): Lens {
  return (content: SectionContent, frame: number, target: number): SectionContent => {
    if (content.kind !== 'items') return content;
    const items = [...content.items];
    let size = sectionSize(content, frame);
    while (size > target && items.length > 0) {
      const next = end === 'first' ? items[0] : items[items.length - 1];
      if (next === undefined) break;
      const after = items.length === 1 ? 0 : size - next.size;
      if (after < target) break;
      if (end === 'first') items.shift();
      else items.pop();
      size = after;
    }
    return items.length === content.items.length ? content : { ...content, items };
  };
}

/** Window: oldest turns go first. */
export const dropOldest: Lens = dropFromEnd('first');
/** Facts: lowest-ranked go first. */
export const dropLowestRanked: Lens = dropFromEnd('last');
/** Summaries: the oldest summary goes first. */
export const dropOldestSummary: Lens = dropFromEnd('first');
