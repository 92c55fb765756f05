import { InvalidRequestError } from '../errors.js';

/**
 * Normalises one piece of section content (a fact, a summary, a tool description, a
 * header line) into a chunk whose token count adds up exactly when chunks are joined:
 * NFC, leading and trailing whitespace removed, a leading '/' prefixed with one space,
 * then a single "\n" appended.
 *
 * Why counts add up: a chunk ends in "X\n" and the next starts with a non-whitespace
 * character Y. In cl100k_base and o200k_base no pre-token piece holds "\n" followed by
 * non-whitespace, except o200k's punctuation piece ` ?[^\s\p{L}\p{N}]+[\r\n/]*`, which
 * after a punctuation X swallows "\n/" — hence the space before a leading '/'
 * (" /…" stops that piece at the space). So every piece lies inside one chunk and
 * count(a + b) === count(a) + count(b).
 *
 * Text that is empty after trimming is rejected: an empty chunk "\n" would merge with
 * the previous chunk's "\n" into one piece and break the sum.
 */
export function toChunk(text: string): string {
  const trimmed = text.normalize('NFC').trim();
  if (trimmed === '') {
    throw new InvalidRequestError('text is empty after trimming whitespace', [
      { path: 'text', message: 'must contain at least one non-whitespace character' },
    ]);
  }
  return `${trimmed.startsWith('/') ? ' ' : ''}${trimmed}\n`;
}

/** Whether `text` can become a chunk (is non-empty after trimming). */
export function isChunkable(text: string): boolean {
  return text.trim() !== '';
}

/** The content of a message made of chunks, in order. */
export function joinChunks(chunks: readonly string[]): string {
  return chunks.join('');
}
