import type { TiktokenBPE } from 'js-tiktoken/lite';
import { ConfigError } from '../errors.js';
import { yieldToEventLoop } from '../event-loop.js';
import { createBpeEncoder } from './bpe-encoder.js';
import type { BpeEncoder } from './bpe-encoder.js';
import { parseRankTable } from './rank-table.js';
import type { EncodingName, MessageRole, Tokenizer } from './tokenizer.js';
import { ENCODINGS } from './tokenizer.js';
import { truncateHead } from './truncate-head.js';

// Texts up to this long are counted in one go (a few ms at worst); longer ones pause between slices.
const SYNC_COUNT_CHARS = 4096;
// Work between two pauses of an async count.
const SLICE_MS = 4;

/** RT-007: every message costs this many tokens on top of its role and content. */
export const MESSAGE_OVERHEAD = 4;

/**
 * Builds the process's tokenizer: loads exactly one js-tiktoken rank file and returns a
 * counter with tiktoken's exact counts, in time O(n log n) on any text, that treats
 * special-token strings as text. Call once, from the composition root.
 */
export async function createTokenizer(encoding: EncodingName): Promise<Tokenizer> {
  const ranks = await loadRanks(encoding);
  return tokenizerFromEncoder(encoding, createBpeEncoder(parseRankTable(ranks.bpe_ranks), ranks.pat_str));
}

/** The rank file of `encoding` (pattern, special tokens, ranks), loaded on demand. */
export async function loadRanks(encoding: EncodingName): Promise<TiktokenBPE> {
  switch (encoding) {
    case 'cl100k_base':
      return (await import('js-tiktoken/ranks/cl100k_base')).default;
    case 'o200k_base':
      return (await import('js-tiktoken/ranks/o200k_base')).default;
    default:
      throw new ConfigError(`unknown token encoding ${JSON.stringify(encoding)}`, [
        { path: 'encoding', message: `expected one of ${ENCODINGS.join(', ')}` },
      ]);
  }
}

function tokenizerFromEncoder(encoding: EncodingName, encoder: BpeEncoder): Tokenizer {
  const count = (text: string): number => encoder.count(text);
  const roleCost: Record<MessageRole, number> = {
    system: count('system'),
    user: count('user'),
    assistant: count('assistant'),
    tool: count('tool'),
  };
  const countAsync = (text: string): Promise<number> =>
    text.length <= SYNC_COUNT_CHARS ? Promise.resolve(count(text)) : encoder.countWithPauses(text, SLICE_MS, yieldToEventLoop);
  return {
    encoding,
    count,
    truncate: (text: string, maxTokens: number): string => truncateHead(encoder, text, maxTokens),
    messageCost: (role: MessageRole, content: string): number => roleCost[role] + count(content) + MESSAGE_OVERHEAD,
    countAsync,
    messageCostAsync: async (role: MessageRole, content: string): Promise<number> => roleCost[role] + (await countAsync(content)) + MESSAGE_OVERHEAD,
  };
}
