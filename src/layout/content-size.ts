import type { LayoutItem, SectionContent } from './types.js';

/** Σ item sizes. */
export function itemsTotal(items: readonly LayoutItem[]): number {
  let total = 0;
  for (const item of items) total += item.size;
  return total;
}

/** Whether the content renders anything (and so costs its section's frame). */
export function rendersSomething(content: SectionContent): boolean {
  return content.kind === 'items' ? content.items.length > 0 : content.size > 0;
}

/** A section's size: its frame plus its content, or 0 when it renders nothing. */
export function sectionSize(content: SectionContent, frame: number): number {
  if (!rendersSomething(content)) return 0;
  return frame + (content.kind === 'items' ? itemsTotal(content.items) : content.size);
}

/** Items in the order the sacrificed end gives them up (first one goes first). */
export function inSacrificeOrder(items: readonly LayoutItem[], end: 'first' | 'last'): readonly LayoutItem[] {
  return end === 'first' ? items : [...items].reverse();
}
