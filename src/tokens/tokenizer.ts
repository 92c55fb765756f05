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
 * - `count` runs in time linear in the text's length, whatever the text (no pre-token
 *   piece is fed to BPE whole when it is long), and treats special-token strings such
 *   as `<|endoftext|>` as ordinary text.
 * - `truncate` never splits a UTF-8 character and its result counts ≤ maxTokens.
 * - `messageCost(role, content)` = count(role) + count(content) + 4 (seed RT-007).
 */
export interface Tokenizer {
  readonly encoding: EncodingName;
  count(text: string): number;
  /** The longest head of `text` that counts ≤ maxTokens, cut at a token boundary. */
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
