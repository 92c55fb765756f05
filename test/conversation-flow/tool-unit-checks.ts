import { expect } from 'vitest';
import type { ContextResponse, SessionResponse } from '../../src/api/schemas/sessions.js';
import type { RunningDaemon } from '../../src/daemon.js';
import { ConversationStore } from '../../src/storage/conversation-store.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

type Message = ContextResponse['messages'][number];

/** A prompt's messages in short: `user`, `assistant:w1`, `tool:w1`… (system messages left out). */
export function roles(messages: readonly Message[]): string[] {
  return messages.filter((message) => message.role !== 'system').map((message) => `${message.role}${message.toolCallId === undefined ? '' : `:${message.toolCallId}`}`);
}

/**
 * What a chat API in OpenAI's format asks of a prompt: every tool message right after the
 * assistant message calling it, and every call whose result was recorded (`answered`)
 * right before that result. Also: the prompt's tokens are its messages' RT-007 count.
 */
export function expectCallsRightBeforeResults(response: ContextResponse, answered: ReadonlySet<string>, tokenizer: Tokenizer): void {
  const { messages } = response;
  const broken: string[] = [];
  messages.forEach((message, i) => {
    const id = message.toolCallId;
    const before = messages[i - 1];
    const after = messages[i + 1];
    if (message.role === 'tool' && (id === undefined || before?.role !== 'assistant' || before.toolCallId !== id)) broken.push(`tool message ${i} (${id}) does not follow its call`);
    if (message.role === 'assistant' && id !== undefined && answered.has(id) && (after?.role !== 'tool' || after.toolCallId !== id)) broken.push(`call ${i} (${id}) is not followed by its result`);
  });
  expect(broken, roles(messages).join(' ')).toEqual([]);
  expect(response.tokens).toBe(messages.reduce((sum, message) => sum + tokenizer.messageCost(message.role, message.content), 0));
}

/** A session as GET /v1/sessions/{id} shows it. */
export type ViewLike = SessionResponse;

/** The number of the live turn with `toolCallId` in `role` (`assistant` for the call, `tool` for the result). */
export function liveTurnOf(view: ViewLike, toolCallId: string, role: 'assistant' | 'tool'): number {
  const turn = [...view.window.turns, ...view.openSegment.turns].find((each) => each.toolCallId === toolCallId && each.role === role);
  if (turn === undefined) throw new Error(`no live ${role} turn with ${toolCallId}`);
  return turn.turnNumber;
}

/** Where each turn of a session is: `window`, `segment` or `summary:<id>`; a turn not in the map is gone (archived, or purged). */
export function placesOf(view: ViewLike): Map<number, string> {
  const places = new Map<number, string>();
  for (const turn of view.window.turns) places.set(turn.turnNumber, 'window');
  for (const turn of view.openSegment.turns) places.set(turn.turnNumber, 'segment');
  for (const summary of view.summaries.active) for (const turn of summary.turns) places.set(turn, `summary:${summary.id}`);
  return places;
}

/** A call and its result are in one place: both in the window, both in the open segment, or in one summary. */
export function expectTogether(view: ViewLike, call: number, result: number): void {
  const places = placesOf(view);
  expect({ call, result, place: places.get(result) ?? 'gone' }).toEqual({ call, result, place: places.get(call) ?? 'gone' });
}

/** The daemon's in-memory mirror of a session reads what its database holds. */
export function expectMirrorMatchesDisk(daemon: RunningDaemon, sessionId: string): void {
  const reads = (store: ConversationStore) => ({
    session: store.findSession(sessionId) ?? null,
    live: store.liveTurns(sessionId),
    active: store.activeSummaries(sessionId),
    nextSeq: store.nextSummarySeq(sessionId),
  });
  expect(reads(daemon.services.recorder.store)).toEqual(reads(new ConversationStore(daemon.context.database)));
}
