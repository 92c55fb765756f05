import { inSacrificeOrder, sectionSize } from '../content-size.js';
import type { LayoutItem, SectionContent } from '../types.js';
import type { Lens } from './lens.js';
import { replaceItem } from './replace-item.js';

/**
 * Switches tool descriptions to their pre-counted short alternative, sacrificed end
 * first, until the section is ≤ target. No tokenizer needed: the short form was
 * counted when the tool was registered.
 */
export const shortToolDescriptions: Lens = (content: SectionContent, frame: number, target: number): SectionContent => {
  if (content.kind !== 'items') return content;
  let current = content;
  for (const item of inSacrificeOrder(content.items, content.sacrifice)) {
    if (sectionSize(current, frame) <= target) break;
    const short = item.alternatives?.short;
    if (short === undefined || short.size >= item.size) continue;
    const switched: LayoutItem = { id: item.id, key: item.key, size: short.size, body: short.body };
    current = replaceItem(current, item.id, switched);
  }
  return current;
};
