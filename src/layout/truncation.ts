import type { Tokenizer } from '../tokens/tokenizer.js';
import { sectionSize } from './content-size.js';
import { LayoutInputError } from './errors.js';
import { DEFAULT_ELISION_MARKER, fitChunk } from './fit-text.js';
import type { ItemsContent, SectionContent, TextContent } from './types.js';

/**
 * Rule 4c: brings content down toward `target`. Items: whole items leave from the
 * sacrificed end until the section is ≤ target, stopping before a removal that would
 * leave less than effMin (no item is skipped). Text: cut at a token boundary to target,
 * keeping the head or head and tail as declared.
 */
export function truncate(content: SectionContent, frame: number, target: number, effMin: number, tokenizer: Tokenizer | undefined): SectionContent {
  if (sectionSize(content, frame) <= target) return content;
  return content.kind === 'items' ? truncateItems(content, frame, target, effMin) : truncateText(content, Math.max(0, target - frame), tokenizer);
}

function truncateItems(content: ItemsContent, frame: number, target: number, effMin: number): ItemsContent {
  const items = [...content.items];
  let size = sectionSize(content, frame);
  while (size > target) {
    const next = content.sacrifice === 'first' ? items[0] : items[items.length - 1];
    if (next === undefined) break;
    const after = items.length === 1 ? 0 : size - next.size;
    if (after < effMin) break;
    if (content.sacrifice === 'first') items.shift();
    else items.pop();
    size = after;
  }
  return { ...content, items };
}

function truncateText(content: TextContent, room: number, tokenizer: Tokenizer | undefined): TextContent {
  if (content.text === undefined) return { ...content, size: Math.max(0, room) };
  if (room <= 0) return { ...content, text: '', size: 0 };
  if (tokenizer === undefined) {
    throw new LayoutInputError('cutting a text section needs the tokenizer', [{ path: 'options.tokenizer', message: 'required when a text section with text must be cut' }]);
  }
  const fitted = fitChunk(tokenizer, content.text, room, content.cut, content.marker ?? DEFAULT_ELISION_MARKER);
  if (fitted === null) return { ...content, text: '', size: 0 };
  return { ...content, text: fitted.text, size: fitted.size };
}
