import { bytePairSteps, heapBytePairEncode } from './heap-bpe.js';
import type { RankTable } from './rank-table.js';
import { utf8Key } from './rank-table.js';

const MAX_REMEMBERED_PIECE = 64;
const MAX_REMEMBERED_PIECES = 50_000;
// Pieces whose counts are kept as counted, keyed by the text itself (see `count`).
const MAX_COUNTED_PIECES = 4096;

/** Byte-level BPE with tiktoken's exact results; special-token strings are plain text. */
export interface BpeEncoder {
  encode(text: string): number[];
  /** The number of tokens of `text`: exactly encode(text).length. */
  count(text: string): number;
  /**
   * The number of UTF-8 bytes `tokens` stand for. Tokens cover the text's UTF-8 bytes in
   * order (a lone surrogate as the 3 bytes of U+FFFD), so the first k tokens of
   * encode(text) end at this byte offset of the text.
   */
  byteLength(tokens: readonly number[]): number;
  /**
   * The number of tokens of `text` (exactly encode(text).length), pausing with
   * `pause()` whenever about `sliceMs` of work has been done: for large texts counted
   * on the event loop.
   */
  countWithPauses(text: string, sliceMs: number, pause: () => Promise<void>): Promise<number>;
}

/**
 * Pre-tokenizes with the encoding's own pattern (as js-tiktoken does, flags `gu`) and
 * merges each piece with an O(m log m) BPE, so the whole text costs O(n log n) whatever
 * it holds: no piece is ever rescanned quadratically.
 */
export function createBpeEncoder(table: RankTable, patStr: string): BpeEncoder {
  const pattern = new RegExp(patStr, 'gu');
  // Pieces repeat (words, JSON punctuation): their merges are remembered. A piece's
  // tokens depend on the piece alone, so this changes no count. Bounded, and only short
  // pieces, so hostile text cannot grow it.
  const remembered = new Map<string, readonly number[]>();
  const merged = (key: string): readonly number[] => {
    const known = remembered.get(key);
    if (known !== undefined) return known;
    const tokens = heapBytePairEncode(key, table.rankOf);
    if (key.length <= MAX_REMEMBERED_PIECE) {
      if (remembered.size >= MAX_REMEMBERED_PIECES) remembered.clear();
      remembered.set(key, tokens);
    }
    return tokens;
  };
  // The next pre-token piece of `text` from the shared pattern's lastIndex (callers set it
  // to 0 first and back to 0 after), stepping past an empty match as matchAll does.
  const nextPiece = (text: string): string | null => {
    const match = pattern.exec(text);
    if (match === null) return null;
    if (match[0].length === 0) pattern.lastIndex = afterEmptyMatch(text, match.index);
    return match[0];
  };
  // Counting asks the 100,000-entry rank table for nearly every piece of every message,
  // and that table is cold by the time a request comes: a few thousand recent pieces'
  // counts, keyed by the piece as matched (no UTF-8 key to build), stay in cache.
  // Only short pieces, and cleared when full: hostile text cannot grow it.
  const counted = new Map<string, number>();
  const countOf = (piece: string): number => {
    const key = utf8Key(piece);
    const tokens = table.rankOf.has(key) ? 1 : merged(key).length;
    if (piece.length <= MAX_REMEMBERED_PIECE) {
      if (counted.size >= MAX_COUNTED_PIECES) counted.clear();
      counted.set(piece, tokens);
    }
    return tokens;
  };
  return {
    count(text: string): number {
      let count = 0;
      pattern.lastIndex = 0;
      try {
        for (let piece = nextPiece(text); piece !== null; piece = nextPiece(text)) count += counted.get(piece) ?? countOf(piece);
      } finally {
        pattern.lastIndex = 0;
      }
      return count;
    },
    encode(text: string): number[] {
      const tokens: number[] = [];
      // exec on the shared pattern, not matchAll, which copies the long pattern on every
      // call; the same pieces in the same order. lastIndex is 0 again on every exit, so
      // countWithPauses (whose matchAll copy starts at it) always starts at the beginning.
      pattern.lastIndex = 0;
      try {
        for (let piece = nextPiece(text); piece !== null; piece = nextPiece(text)) {
          const key = utf8Key(piece);
          const whole = table.rankOf.get(key);
          if (whole !== undefined) tokens.push(whole);
          else for (const token of merged(key)) tokens.push(token);
        }
      } finally {
        pattern.lastIndex = 0;
      }
      return tokens;
    },
    async countWithPauses(text: string, sliceMs: number, pause: () => Promise<void>): Promise<number> {
      let count = 0;
      let since = performance.now();
      const due = (): boolean => performance.now() - since >= sliceMs;
      // matchAll iterates its own copy of the pattern: pausing mid-text is safe.
      for (const match of text.matchAll(pattern)) {
        const key = utf8Key(match[0]);
        const known = table.rankOf.has(key) ? 1 : (remembered.get(key)?.length ?? 0);
        if (known > 0) {
          count += known;
        } else {
          const steps = bytePairSteps(key, table.rankOf);
          for (let step = steps.next(); ; step = steps.next()) {
            if (step.done === true) {
              count += step.value.length;
              break;
            }
            if (due()) {
              await pause();
              since = performance.now();
            }
          }
        }
        if (due()) {
          await pause();
          since = performance.now();
        }
      }
      return count;
    },
    byteLength(tokens: readonly number[]): number {
      let bytes = 0;
      for (const token of tokens) bytes += table.bytesOf[token]?.length ?? 0;
      return bytes;
    },
  };
}

// Where a `u` pattern resumes after an empty match at `index`, as matchAll does: the next code point.
function afterEmptyMatch(text: string, index: number): number {
  const code = text.codePointAt(index);
  return index + (code !== undefined && code > 0xffff ? 2 : 1);
}
