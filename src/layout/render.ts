import type { LaidOutSection, LayoutItem, RenderedMessage } from './types.js';

/**
 * The prompt: kept sections in declared order, dropped and empty ones omitted. A
 * one-message section is one message, header then chunks (or text); a per-item section
 * is its items' messages in order. Content with declared sizes only renders a
 * placeholder naming it (conformance and tests; not covered by the exact-size rule).
 */
export function renderSections(sections: readonly LaidOutSection[]): RenderedMessage[] {
  const messages: RenderedMessage[] = [];
  for (const section of sections) {
    if (section.dropped || section.size === 0) continue;
    const render = section.render;
    const content = section.content;
    if (render.mode === 'one-message') {
      const body = content.kind === 'items' ? content.items.map(chunkOf).join('') : content.text ?? `[text ${section.id}: ${content.size} tokens]\n`;
      messages.push({ role: render.role, content: `${render.header ?? ''}${body}` });
    } else if (content.kind === 'items') {
      for (const item of content.items) messages.push(...messagesOf(item));
    }
  }
  return messages;
}

function chunkOf(item: LayoutItem): string {
  if (item.body.kind === 'chunk') return item.body.text;
  return `[item ${item.id}: ${item.size} tokens]\n`;
}

function messagesOf(item: LayoutItem): readonly RenderedMessage[] {
  if (item.body.kind === 'messages') return item.body.messages;
  return [{ role: 'system', content: `[item ${item.id}: ${item.size} tokens]` }];
}
