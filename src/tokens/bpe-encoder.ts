import { heapBytePairEncode } from './heap-bpe.js';
import type { RankTable } from './rank-table.js';
import { utf8Key } from './rank-table.js';

/** Byte-level BPE with tiktoken's exact results; special-token strings are plain text. */
export interface BpeEncoder {
  encode(text: string): number[];
  /** Decodes token ids; a byte sequence cut inside a character decodes to U+FFFD. */
  decode(tokens: readonly number[]): string;
}

/**
 * Pre-tokenizes with the encoding's own pattern (as js-tiktoken does, flags `gu`) and
 * merges each piece with an O(m log m) BPE, so the whole text costs O(n log n) whatever
 * it holds: no piece is ever rescanned quadratically.
 */
export function createBpeEncoder(table: RankTable, patStr: string): BpeEncoder {
  const pattern = new RegExp(patStr, 'gu');
  return {
    encode(text: string): number[] {
      const tokens: number[] = [];
      pattern.lastIndex = 0;
      for (const match of text.matchAll(pattern)) {
        const key = utf8Key(match[0]);
        const whole = table.rankOf.get(key);
        if (whole !== undefined) tokens.push(whole);
        else for (const token of heapBytePairEncode(key, table.rankOf)) tokens.push(token);
      }
      return tokens;
    },
    decode(tokens: readonly number[]): string {
      let bytes = '';
      for (const token of tokens) bytes += table.bytesOf[token] ?? '';
      return Buffer.from(bytes, 'latin1').toString('utf8');
    },
  };
}
