import type { LocomoConversation } from '../eval/locomo-data.js';
import { syntheticConversation, type SyntheticToolResult } from './synthetic-conversation.js';

/** One request of the replay: a user message (a context call) or an assistant answer (a turn). */
export type ReplayStep =
  | { kind: 'user'; text: string; toolResult: SyntheticToolResult | null; source: 'locomo' | 'synthetic' }
  | { kind: 'assistant'; text: string; source: 'locomo' | 'synthetic' };

/**
 * The benchmark conversation: the LoCoMo conversations' turns first, one conversation
 * after another (speaker_a as the user, in their order), then the seeded synthetic chat,
 * endlessly (the caller stops).
 */
export function* replaySteps(locomo: readonly LocomoConversation[], seed: number): Generator<ReplayStep, void, undefined> {
  for (const turn of locomo.flatMap((conversation) => conversation.turns)) {
    if (turn.role === 'user') yield { kind: 'user', text: turn.text, toolResult: null, source: 'locomo' };
    else yield { kind: 'assistant', text: turn.text, source: 'locomo' };
  }
  for (const exchange of syntheticConversation({ seed })) {
    yield { kind: 'user', text: exchange.user, toolResult: exchange.toolResult, source: 'synthetic' };
    yield { kind: 'assistant', text: exchange.assistant, source: 'synthetic' };
  }
}

/** The names of the conversations whose turns the replay reached, given how many LoCoMo user turns it sent. */
export function reachedConversations(locomo: readonly LocomoConversation[], userTurns: number): string[] {
  const reached: string[] = [];
  let before = 0;
  for (const conversation of locomo) {
    if (before >= userTurns) break;
    reached.push(conversation.name);
    before += conversation.turns.filter((turn) => turn.role === 'user').length;
  }
  return reached;
}
