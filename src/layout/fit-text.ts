import { isChunkable, toChunk } from '../tokens/chunks.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { truncateHeadTail } from '../tokens/truncate-head-tail.js';
import type { TextCut } from './types.js';

/** Put between head and tail when a text is cut head-tail and no marker is declared. */
export const DEFAULT_ELISION_MARKER = '\n[…]\n';

/** A cut text and its exact size. */
export interface FittedText {
  readonly text: string;
  readonly size: number;
}

/**
 * Cuts `text` (a chunk) to a chunk counting ≤ maxTokens, keeping its head or its head
 * and tail; null when nothing fits. Counts the result, so it belongs to the pressure
 * path only.
 */
export function fitChunk(tokenizer: Tokenizer, text: string, maxTokens: number, cut: TextCut, marker: string): FittedText | null {
  return fitWith(tokenizer, text, maxTokens, cut, marker, (piece) => (isChunkable(piece) ? toChunk(piece) : null));
}

/** As fitChunk, for a message's content (kept as is, not made a chunk); null when only whitespace would fit. */
export function fitContent(tokenizer: Tokenizer, text: string, maxTokens: number, cut: TextCut, marker: string): FittedText | null {
  return fitWith(tokenizer, text, maxTokens, cut, marker, (piece) => (piece.trim() === '' ? null : piece));
}

function fitWith(
  tokenizer: Tokenizer,
  text: string,
  maxTokens: number,
  cut: TextCut,
  marker: string,
  finish: (piece: string) => string | null,
): FittedText | null {
  let room = Math.floor(maxTokens);
  while (room > 0) {
    const piece = cut === 'head' ? tokenizer.truncate(text, room) : truncateHeadTail(tokenizer, text, room, marker);
    const finished = finish(piece);
    if (finished === null) return null;
    const size = tokenizer.count(finished);
    if (size <= maxTokens) return { text: finished, size };
    room -= size - maxTokens;
  }
  return null;
}
