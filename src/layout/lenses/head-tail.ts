import type { Tokenizer } from '../../tokens/tokenizer.js';
import { sectionSize } from '../content-size.js';
import { DEFAULT_ELISION_MARKER, fitChunk, fitContent } from '../fit-text.js';
import type { LayoutItem, RenderedMessage, SectionContent, TextContent } from '../types.js';
import type { Lens, LensBounds, LensContext } from './lens.js';
import { shrinkItems } from './shrink-items.js';

/** Tokens of content a cut item keeps besides the marker: less would be noise. */
export const HEAD_TAIL_MIN_KEPT_TOKENS = 16;

/**
 * Long tool results: keeps the first and last parts with an elision marker. A text is
 * cut to the target; items (sacrificed end first) are each cut by what the section
 * still exceeds, but never below a floor (the rest of the item, the marker and
 * HEAD_TAIL_MIN_KEPT_TOKENS); for a message item the last message (the tool's result)
 * is the one cut. The floor is what makes a second pass a no-op: an item the first
 * pass could not bring to the target is already at its floor. A cut that would leave
 * the section under its own floor is made again with a little more room, or not at all.
 */
export const headTail: Lens = (content: SectionContent, bounds: LensBounds, context: LensContext): SectionContent => {
  if (sectionSize(content, bounds.frame) <= bounds.target) return content;
  if (content.kind === 'text') return headTailText(content, bounds, context.tokenizer);
  const tokenizer = context.tokenizer;
  if (tokenizer === undefined) return content;
  const markerCost = tokenizer.count(DEFAULT_ELISION_MARKER);
  return shrinkItems(content, bounds, (item, goal) => {
    const itemFloor = itemFloorOf(item, tokenizer) + markerCost + HEAD_TAIL_MIN_KEPT_TOKENS;
    const desired = Math.max(itemFloor, goal.desired);
    if (desired >= item.size) return null;
    return cutWithin((room) => cutItem(item, room, tokenizer), desired, goal.least);
  });
};

// Extra room tried, a token at a time, when a cut lands under what the section's floor allows.
const MAX_EXTRA_ROOM = 8;

// `cut(room)`, whose size is ≤ room but may land a few tokens under it; when that is
// under `least`, the first cut with a little more room that lands in [least, room]. The
// result stays ≤ room, so the section reaches its target and a second pass changes
// nothing. When none does, the first cut: under `least`, it ends the lens.
function cutWithin<T extends { readonly size: number }>(cut: (room: number) => T | null, room: number, least: number): T | null {
  const first = cut(room);
  if (first === null || first.size >= least) return first;
  for (let extra = 1; extra <= MAX_EXTRA_ROOM; extra++) {
    const result = cut(room + extra);
    if (result === null) continue;
    if (result.size > room) break;
    if (result.size >= least) return result;
  }
  return first;
}

// What an item costs besides the text a cut can shorten (the chunk's newline; the other messages and the role).
function itemFloorOf(item: LayoutItem, tokenizer: Tokenizer): number {
  if (item.body.kind !== 'messages') return 1;
  const last = item.body.messages[item.body.messages.length - 1];
  if (last === undefined) return item.size;
  return item.size - tokenizer.messageCost(last.role, last.content) + tokenizer.messageCost(last.role, '');
}

function headTailText(content: TextContent, bounds: LensBounds, tokenizer: Tokenizer | undefined): TextContent {
  const room = Math.max(0, bounds.target - bounds.frame);
  // Nothing fits: leave the text to truncation, which may drop it; a lens never empties a text.
  if (room <= 0) return content;
  if (content.text === undefined) return { ...content, size: Math.min(content.size, room) };
  if (tokenizer === undefined) return content;
  const text = content.text;
  const marker = content.marker ?? DEFAULT_ELISION_MARKER;
  const fitted = cutWithin((size) => fitChunk(tokenizer, text, size, 'head-tail', marker), room, bounds.floor - bounds.frame);
  if (fitted === null || bounds.frame + fitted.size < bounds.floor) return content;
  return { ...content, text: fitted.text, size: fitted.size };
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
