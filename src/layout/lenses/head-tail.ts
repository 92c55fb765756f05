import type { Tokenizer } from '../../tokens/tokenizer.js';
import { inSacrificeOrder, sectionSize } from '../content-size.js';
import { DEFAULT_ELISION_MARKER, fitChunk, fitContent } from '../fit-text.js';
import type { LayoutItem, RenderedMessage, SectionContent, TextContent } from '../types.js';
import type { Lens, LensContext } from './lens.js';
import { replaceItem } from './replace-item.js';

/** Tokens of content a cut item keeps besides the marker: less would be noise. */
export const HEAD_TAIL_MIN_KEPT_TOKENS = 16;

/**
 * Long tool results: keeps the first and last parts with an elision marker. A text is
 * cut to the target; items (sacrificed end first) are each cut by what the section
 * still exceeds, but never below a floor (the rest of the item, the marker and
 * HEAD_TAIL_MIN_KEPT_TOKENS); for a message item the last message (the tool's result)
 * is the one cut. The floor is what makes a second pass a no-op: an item the first
 * pass could not bring to the target is already at its floor.
 */
export const headTail: Lens = (content: SectionContent, frame: number, target: number, context: LensContext): SectionContent => {
  if (sectionSize(content, frame) <= target) return content;
  if (content.kind === 'text') return headTailText(content, Math.max(0, target - frame), context.tokenizer);
  const tokenizer = context.tokenizer;
  if (tokenizer === undefined) return content;
  const markerCost = tokenizer.count(DEFAULT_ELISION_MARKER);
  let current = content;
  for (const item of inSacrificeOrder(content.items, content.sacrifice)) {
    const excess = sectionSize(current, frame) - target;
    if (excess <= 0) break;
    const floor = itemFloor(item, tokenizer) + markerCost + HEAD_TAIL_MIN_KEPT_TOKENS;
    const desired = Math.max(floor, item.size - excess);
    if (desired >= item.size) continue;
    const cut = cutItem(item, desired, tokenizer);
    if (cut !== null && cut.size < item.size) current = replaceItem(current, item.id, cut);
  }
  return current;
};

/** What an item costs besides the text a cut can shorten (the chunk's newline; the other messages and the role). */
function itemFloor(item: LayoutItem, tokenizer: Tokenizer): number {
  if (item.body.kind !== 'messages') return 1;
  const last = item.body.messages[item.body.messages.length - 1];
  if (last === undefined) return item.size;
  return item.size - tokenizer.messageCost(last.role, last.content) + tokenizer.messageCost(last.role, '');
}

function headTailText(content: TextContent, room: number, tokenizer: Tokenizer | undefined): TextContent {
  // Nothing fits: leave the text to truncation, which may drop it; a lens never empties a text.
  if (room <= 0) return content;
  if (content.text === undefined) return { ...content, size: Math.min(content.size, room) };
  if (tokenizer === undefined) return content;
  const fitted = fitChunk(tokenizer, content.text, room, 'head-tail', content.marker ?? DEFAULT_ELISION_MARKER);
  return fitted === null ? content : { ...content, text: fitted.text, size: fitted.size };
}

function cutItem(item: LayoutItem, desired: number, tokenizer: Tokenizer): LayoutItem | null {
  const body = item.body;
  if (body.kind === 'chunk') {
    const fitted = fitChunk(tokenizer, body.text, desired, 'head-tail', DEFAULT_ELISION_MARKER);
    return fitted === null ? null : { id: item.id, key: item.key, size: fitted.size, body: { kind: 'chunk', text: fitted.text } };
  }
  if (body.kind !== 'messages') return null;
  const last = body.messages[body.messages.length - 1];
  if (last === undefined) return null;
  const others = item.size - tokenizer.messageCost(last.role, last.content);
  const room = desired - others - tokenizer.messageCost(last.role, '');
  const fitted = fitContent(tokenizer, last.content, room, 'head-tail', DEFAULT_ELISION_MARKER);
  if (fitted === null) return null;
  const messages: RenderedMessage[] = [...body.messages.slice(0, -1), { ...last, content: fitted.text }];
  return { id: item.id, key: item.key, size: others + tokenizer.messageCost(last.role, fitted.text), body: { kind: 'messages', messages } };
}
