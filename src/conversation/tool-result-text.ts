import { fitContent } from '../layout/fit-text.js';
import { DEFAULT_ELISION_MARKER } from '../layout/index.js';
import type { Tokenizer } from '../tokens/tokenizer.js';

/**
 * A tool's output as a session keeps it: whole when its message costs at most
 * `maxTokens`, else its head and tail around an elision marker. The raw output is
 * discardable; what the model saw is what the session remembers.
 */
export function keepToolResult(tokenizer: Tokenizer, content: string, maxTokens: number): string {
  const room = maxTokens - tokenizer.messageCost('tool', '');
  if (tokenizer.count(content) <= room) return content;
  return fitContent(tokenizer, content, room, 'head-tail', DEFAULT_ELISION_MARKER)?.text ?? '[result omitted: too long]';
}
