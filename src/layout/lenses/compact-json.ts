import { toChunk } from '../../tokens/chunks.js';
import type { Tokenizer } from '../../tokens/tokenizer.js';
import { sectionSize } from '../content-size.js';
import type { ItemBody, LayoutItem, SectionContent, TextContent } from '../types.js';
import type { Lens, LensBounds, LensContext } from './lens.js';
import { minifyJson } from './minify-json.js';
import { shrinkItems } from './shrink-items.js';

/**
 * Re-renders JSON items (or a JSON text) minified, sacrificed end first, until the
 * section is ≤ target: an item's pre-counted `compact` alternative when it has one,
 * then whitespace stripped and recounted (needs the tokenizer). Lossless, so one item
 * may take the section below target; never below the floor, where it stops instead.
 */
export const compactJson: Lens = (content: SectionContent, bounds: LensBounds, context: LensContext): SectionContent => {
  if (sectionSize(content, bounds.frame) <= bounds.target) return content;
  if (content.kind === 'text') return compactText(content, bounds, context.tokenizer);
  return shrinkItems(content, bounds, (item) => compactItem(item, context.tokenizer));
};

function compactItem(item: LayoutItem, tokenizer: Tokenizer | undefined): LayoutItem {
  const compact = item.alternatives?.compact;
  const short = item.alternatives?.short;
  // Once compacted the item keeps no `compact` alternative: a second pass finds nothing to do.
  const start: LayoutItem =
    compact !== undefined && compact.size < item.size
      ? { id: item.id, key: item.key, size: compact.size, body: compact.body, ...(short === undefined ? {} : { alternatives: { short } }) }
      : item;
  if (tokenizer === undefined) return start;
  const minified = minifyBody(start.body, tokenizer);
  return minified !== null && minified.size < start.size ? { ...start, ...minified } : start;
}

function minifyBody(body: ItemBody, tokenizer: Tokenizer): { size: number; body: ItemBody } | null {
  if (body.kind === 'chunk') {
    const json = minifyJson(body.text);
    if (json === null) return null;
    const text = toChunk(json);
    // Already minified (stored summaries are): nothing to gain, nothing to count.
    if (text === body.text) return null;
    return { size: tokenizer.count(text), body: { kind: 'chunk', text } };
  }
  if (body.kind === 'messages') {
    const messages = body.messages.map((message) => ({ ...message, content: minifyJson(message.content) ?? message.content }));
    if (messages.every((message, i) => message.content === body.messages[i]?.content)) return null;
    let size = 0;
    for (const message of messages) size += tokenizer.messageCost(message.role, message.content);
    return { size, body: { kind: 'messages', messages } };
  }
  return null;
}

function compactText(content: TextContent, bounds: LensBounds, tokenizer: Tokenizer | undefined): TextContent {
  if (content.text === undefined || tokenizer === undefined) return content;
  const json = minifyJson(content.text);
  if (json === null) return content;
  const text = toChunk(json);
  if (text === content.text) return content;
  const size = tokenizer.count(text);
  return size < content.size && bounds.frame + size >= bounds.floor ? { ...content, text, size } : content;
}
