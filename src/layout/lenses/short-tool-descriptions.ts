import type { LayoutItem, SectionContent } from '../types.js';
import type { Lens, LensBounds } from './lens.js';
import { shrinkItems } from './shrink-items.js';

/**
 * Switches tool descriptions to their pre-counted short alternative, sacrificed end
 * first, until the section is ≤ target. No tokenizer needed: the short form was
 * counted when the tool was registered.
 */
export const shortToolDescriptions: Lens = (content: SectionContent, bounds: LensBounds): SectionContent => {
  if (content.kind !== 'items') return content;
  return shrinkItems(content, bounds, shortForm);
};

function shortForm(item: LayoutItem): LayoutItem | null {
  const short = item.alternatives?.short;
  return short === undefined ? null : { id: item.id, key: item.key, size: short.size, body: short.body };
}
