export { isChunkable, joinChunks, toChunk } from './chunks.js';
export { createTokenizer, MESSAGE_OVERHEAD } from './create-tokenizer.js';
export { countingTokenizer } from './counting-tokenizer.js';
export type { CountingTokenizer } from './counting-tokenizer.js';
export type { EncodingName, MessageRole, Tokenizer } from './tokenizer.js';
export { ENCODINGS } from './tokenizer.js';
export { truncateHeadTail } from './truncate-head-tail.js';
export { truncateTail } from './truncate-tail.js';
