import { oneMessageFrame } from '../layout/index.js';
import { toChunk } from '../tokens/chunks.js';
import type { Tokenizer } from '../tokens/tokenizer.js';

/** Headers of the one-message sections; each is one chunk before the section's items. */
export const SECTION_HEADERS = {
  facts: 'Facts the user asked you to remember (most relevant first):',
  summaries: 'Summaries of earlier parts of this conversation, as JSON (oldest first; any recalled for this message last):',
  tools: 'Tools you can call:',
} as const;

/** Token costs of the section frames (role overhead plus header), counted once per process. */
export interface PromptFrames {
  system: number;
  format: number;
  facts: number;
  summaries: number;
  tools: number;
  /** A stand-in tool call: an assistant message with no content, shown before a result whose call the prompt does not hold. */
  standInCall: number;
  headers: { facts: string; summaries: string; tools: string };
}

export function countFrames(tokenizer: Tokenizer): PromptFrames {
  const headers = {
    facts: toChunk(SECTION_HEADERS.facts),
    summaries: toChunk(SECTION_HEADERS.summaries),
    tools: toChunk(SECTION_HEADERS.tools),
  };
  return {
    system: oneMessageFrame(tokenizer, 'system'),
    format: oneMessageFrame(tokenizer, 'system'),
    facts: oneMessageFrame(tokenizer, 'system', headers.facts),
    summaries: oneMessageFrame(tokenizer, 'system', headers.summaries),
    tools: oneMessageFrame(tokenizer, 'system', headers.tools),
    standInCall: tokenizer.messageCost('assistant', ''),
    headers,
  };
}
