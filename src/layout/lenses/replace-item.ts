import type { ItemsContent, LayoutItem } from '../types.js';

/** `content` with the item of id `id` replaced, order kept. */
export function replaceItem(content: ItemsContent, id: string, replacement: LayoutItem): ItemsContent {
  return { ...content, items: content.items.map((item) => (item.id === id ? replacement : item)) };
}
