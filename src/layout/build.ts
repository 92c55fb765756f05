import { toChunk } from '../tokens/chunks.js';
import type { MessageRole, Tokenizer } from '../tokens/tokenizer.js';
import type { ItemVariant, LayoutItem, RenderedMessage, TextContent, TextCut } from './types.js';

// Helpers that count once, when content is stored or registered, so that laying out
// never has to. Each returns exactly what the layout adds up.

/** Frame of a one-message section: count(role) + 4, plus its header chunk if any. */
export function oneMessageFrame(tokenizer: Tokenizer, role: MessageRole, header?: string): number {
  return tokenizer.messageCost(role, '') + (header === undefined ? 0 : tokenizer.count(header));
}

/** A chunk variant of `text` (for alternatives), counted. */
export function chunkVariant(tokenizer: Tokenizer, text: string): ItemVariant {
  const chunk = toChunk(text);
  return { size: tokenizer.count(chunk), body: { kind: 'chunk', text: chunk } };
}

/**
 * An item of a one-message section (a fact, a summary, a tool description): `text`
 * becomes a chunk; `short` / `compact` become pre-counted alternatives for lenses.
 */
export function chunkItem(tokenizer: Tokenizer, input: { id: string; key: number; text: string; short?: string; compact?: string }): LayoutItem {
  const main = chunkVariant(tokenizer, input.text);
  const short = input.short === undefined ? undefined : chunkVariant(tokenizer, input.short);
  const compact = input.compact === undefined ? undefined : chunkVariant(tokenizer, input.compact);
  const alternatives = { ...(short === undefined ? {} : { short }), ...(compact === undefined ? {} : { compact }) };
  return { id: input.id, key: input.key, ...main, ...(short === undefined && compact === undefined ? {} : { alternatives }) };
}

/** An item of a per-item section (a turn, a tool call and its result): size = Σ messageCost. */
export function messagesItem(tokenizer: Tokenizer, input: { id: string; key: number; messages: readonly RenderedMessage[] }): LayoutItem {
  let size = 0;
  for (const message of input.messages) size += tokenizer.messageCost(message.role, message.content);
  return { id: input.id, key: input.key, size, body: { kind: 'messages', messages: input.messages } };
}

/** Text content (a tool result, a user message): `text` becomes a chunk, counted. */
export function textContent(tokenizer: Tokenizer, text: string, options: { cut?: TextCut; marker?: string } = {}): TextContent {
  const chunk = toChunk(text);
  return { kind: 'text', text: chunk, size: tokenizer.count(chunk), cut: options.cut ?? 'head', ...(options.marker === undefined ? {} : { marker: options.marker }) };
}
