/** Encodings memoryd can count with; each is one js-tiktoken rank file. */
export const ENCODINGS = ['cl100k_base', 'o200k_base'] as const;
export type EncodingName = (typeof ENCODINGS)[number];

/** Roles of the messages memoryd renders; `messageCost` is defined on them. */
export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';

/**
 * The one way memoryd measures text. Built once per process (loading ranks costs
 * 200–500 ms) and handed down from the composition root.
 *
 * Invariants every implementation keeps:
 * - `count` runs in time O(n log n) in the text's length, whatever the text (each
 *   pre-token piece is merged with a heap, never rescanned per merge), and treats
 *   special-token strings such as `<|endoftext|>` as ordinary text.
 * - `truncate` never splits a character and its result counts ≤ maxTokens.
 * - `messageCost(role, content)` = count(role) + count(content) + 4 (seed RT-007).
 */
export interface Tokenizer {
  readonly encoding: EncodingName;
  count(text: string): number;
  /**
   * A head of `text` that counts ≤ maxTokens and that one more code point would take
   * over it (in practice cut at a token boundary); never ends inside a surrogate pair.
   */
  truncate(text: string, maxTokens: number): string;
  messageCost(role: MessageRole, content: string): number;
  /**
   * count(text), yielding to the event loop every few milliseconds of work: what large
   * texts (a long message, a tool's output) go through on the request path, so one
   * request never stalls the others.
   */
  countAsync(text: string): Promise<number>;
  /** messageCost through countAsync. */
  messageCostAsync(role: MessageRole, content: string): Promise<number>;
}
