import { inSacrificeOrder, sectionSize } from '../content-size.js';
import type { ItemsContent, LayoutItem } from '../types.js';
import type { LensBounds } from './lens.js';
import { replaceItem } from './replace-item.js';

/**
 * What a step may aim at for one item: `desired` would bring the section to the target;
 * the section stays ≥ floor only while the item keeps at least `least`.
 */
export interface ItemGoal {
  readonly desired: number;
  readonly least: number;
}

/**
 * Applies a lens step to one item at a time, sacrificed end first, until the section is
 * ≤ target, so a lens overshoots the target by at most one item. An item the step cannot
 * shrink (null, or no smaller) is passed over. A step that would leave the section below
 * the floor ends the lens there: the steps taken so far are the smaller application.
 */
export function shrinkItems(content: ItemsContent, bounds: LensBounds, step: (item: LayoutItem, goal: ItemGoal) => LayoutItem | null): ItemsContent {
  let current = content;
  let size = sectionSize(content, bounds.frame);
  for (const item of inSacrificeOrder(content.items, content.sacrifice)) {
    if (size <= bounds.target) break;
    const replacement = step(item, { desired: item.size - (size - bounds.target), least: item.size - (size - bounds.floor) });
    if (replacement === null || replacement.size >= item.size) continue;
    const after = size - item.size + replacement.size;
    if (after < bounds.floor) break;
    current = replaceItem(current, item.id, replacement);
    size = after;
  }
  return current;
}
