import type { MessageRole, Tokenizer } from './tokenizer.js';

/** A tokenizer that counts how often it is asked to tokenize (benchmarks, tests). */
export interface CountingTokenizer extends Tokenizer {
  /** Calls to count, truncate and messageCost (sync or async) since creation or the last reset. */
  calls(): number;
  reset(): void;
}

/** Wraps `inner`, counting its calls; answers are unchanged. */
export function countingTokenizer(inner: Tokenizer): CountingTokenizer {
  let calls = 0;
  return {
    encoding: inner.encoding,
    count(text: string): number {
      calls += 1;
      return inner.count(text);
    },
    truncate(text: string, maxTokens: number): string {
      calls += 1;
      return inner.truncate(text, maxTokens);
    },
    messageCost(role: MessageRole, content: string): number {
      calls += 1;
      return inner.messageCost(role, content);
    },
    countAsync(text: string): Promise<number> {
      calls += 1;
      return inner.countAsync(text);
    },
    messageCostAsync(role: MessageRole, content: string): Promise<number> {
      calls += 1;
      return inner.messageCostAsync(role, content);
    },
    calls: () => calls,
    reset(): void {
      calls = 0;
    },
  };
}
