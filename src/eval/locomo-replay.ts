import type { ContextResponse } from '../api/schemas/sessions.js';
import { sessionPath, type MemorydClient } from '../client/memoryd-client.js';
import type { LocomoConversation } from './locomo-data.js';

/** What replaying a conversation into a session produced. */
export interface ReplayOutcome {
  contextCalls: number;
  assistantTurns: number;
  factsAdded: number;
  /** The static system prompt memoryd put first in its prompts (the baselines reuse it). */
  systemPrompt: string;
  ms: number;
}

/** The daemon's clock, as the replay moves it. */
export interface ReplayClock {
  set(to: number): void;
}

/**
 * Replays a LoCoMo conversation into `sessionId`: speaker_a's turns as user messages
 * through the context call, speaker_b's as assistant turns, each at its LoCoMo time: the
 * daemon's clock is set to it and the turn carries it as `at`. The clock stays at the last
 * turn's time, when the questions are asked.
 */
export async function replayLocomo(client: MemorydClient, clock: ReplayClock, sessionId: string, conversation: LocomoConversation): Promise<ReplayOutcome> {
  const started = performance.now();
  let contextCalls = 0;
  let assistantTurns = 0;
  let factsAdded = 0;
  let systemPrompt: string | null = null;
  for (const turn of conversation.turns) {
    clock.set(turn.at);
    const at = new Date(turn.at).toISOString();
    if (turn.role === 'user') {
      const response = await client.json<ContextResponse>('POST', sessionPath(sessionId, '/context'), { message: turn.text, at });
      systemPrompt ??= firstSystemMessage(response);
      factsAdded += response.facts.added.length;
      contextCalls++;
    } else {
      await client.json('POST', sessionPath(sessionId, '/turns'), { role: 'assistant', content: turn.text, at });
      assistantTurns++;
    }
  }
  return { contextCalls, assistantTurns, factsAdded, systemPrompt: systemPrompt ?? '', ms: performance.now() - started };
}

/** The prompt memoryd compiles for `question` at the end of the session, without recording it. */
export function askDryRun(client: MemorydClient, sessionId: string, question: string): Promise<ContextResponse> {
  return client.json<ContextResponse>('POST', sessionPath(sessionId, '/context'), { message: question, dryRun: true });
}

/**
 * The parts of a memoryd prompt that come from memory: every message but the leading
 * static system prompt and the trailing user message (the question itself), split into
 * memory notes (facts, summaries, format: system messages) and verbatim turns.
 */
export function memoryContents(response: ContextResponse): { notes: string[]; turns: string[] } {
  const messages = response.messages.slice(response.messages[0]?.role === 'system' ? 1 : 0);
  if (messages.at(-1)?.role === 'user') messages.pop();
  return {
    notes: messages.filter((m) => m.role === 'system').map((m) => m.content),
    turns: messages.filter((m) => m.role !== 'system').map((m) => m.content),
  };
}

function firstSystemMessage(response: ContextResponse): string | null {
  const first = response.messages[0];
  return first?.role === 'system' ? first.content : null;
}
