import type { Config } from '../config/config.js';
import { checkMessageSize } from '../config/message-size.js';
import { InvalidRequestError } from '../errors.js';
import type { SessionChanges, SessionRow, TurnRow } from '../storage/conversation-store.js';
import type { Database } from '../storage/database.js';
import { runInTransaction, type TxScope } from '../storage/transaction.js';
import { VISIBLE_CHARACTER } from '../visible-text.js';
import { sentAgain, standingTurn } from './resend.js';
import { sideEffectToolNames } from './side-effect-tools.js';
import { assertToolCallIdFree, assertToolNameMatches } from './tool-call-ids.js';
import { keepToolResult } from './tool-result-text.js';
import { prepareTurn, recordTurn, type RecordedTurn, type RecorderDeps } from './turn-recorder.js';
import { readUsedTools, writeUsedTools } from './used-tools.js';
import { newestOutcome, replyAfter, summaryTurns, windowParams } from './window-advance.js';

/** Where the assistant's cacheable answers go (the response cache). */
export interface AnswerStore {
  /**
   * Prepares what needs async work (the question's embedding, unless given: the same
   * embedder's vector of the question), outside the transaction.
   */
  prepare(question: string, embedding: Float32Array | null): Promise<unknown>;
  store(
    input: {
      sessionId: string;
      question: string;
      /** The session's user turn that asked it (a second answer to it is judged by when it was asked). */
      questionTurn?: { turnNumber: number; at: number };
      answer: string;
      prepared: unknown;
      sideEffectSinceQuestion: boolean;
      answeredAt: number;
    },
    scope: TxScope,
  ): { stored: boolean; reason?: string };
}

/** The facts tier, as recording an answer prepares it for the next message. */
export interface RecentTurnNotes {
  noteRecentTurn(text: string): void;
}

export interface ReplyInput {
  role: 'assistant' | 'tool';
  content: string;
  toolCallId?: string;
  toolName?: string;
  outputValid?: boolean;
  cacheable?: boolean;
  sideEffects?: boolean;
  at?: number;
}

export interface ReplyOutcome {
  recorded: RecordedTurn;
  cache: { stored: boolean; reason?: string } | null;
  /** The same turn as the session's newest, sent again: nothing was recorded (see `resentTurn`). */
  resent: boolean;
}

/** A tool result kept in a session: its head and tail within this many tokens (what a prompt would show). */
export const STORED_TOOL_RESULT_TOKENS = 300;

/**
 * Records a turn that is not the user's current message: the assistant's answer (its
 * structural validity decides whether the format instructions come back, and an answer
 * recorded without it brings them back as an invalid one does; a cacheable
 * answer is offered to the response cache) or a tool's result (kept head-tail within
 * 300 tokens; the raw output is discardable).
 */
export async function recordReply(
  deps: { recorder: RecorderDeps; database: Database; config: Config; answers: AnswerStore | null; facts: RecentTurnNotes | null },
  sessionId: string,
  input: ReplyInput,
): Promise<ReplyOutcome> {
  checkMessageSize({ path: 'body.content' }, input.content, deps.config.maxMessageBytes);
  refuseFieldProblems(input);
  const kept = input.role === 'tool' ? keepToolResult(deps.recorder.tokenizer, input.content, STORED_TOOL_RESULT_TOKENS) : null;
  const prepared = await prepareTurn(deps.recorder, sessionId, {
    ...input,
    ...(kept === null ? {} : { content: kept.text, contentTokens: kept.tokens }),
    at: input.at ?? null,
  });
  const question = input.cacheable === true && deps.answers !== null ? lastUserQuestion(deps.recorder, sessionId) : null;
  // The question is usually the session's latest user turn, whose vector is held.
  const questionPrepared =
    question === null || deps.answers === null ? null : await deps.answers.prepare(question.text, deps.recorder.vectors.held(sessionId, question.text));
  const outcome = runInTransaction(deps.database, (scope): ReplyOutcome => {
    const store = deps.recorder.store;
    const live = store.liveTurns(sessionId);
    const resent = resentTurn(live, input, kept?.text ?? input.content, deps.recorder.clock.now());
    if (resent !== undefined) {
      // The first request recorded it (and offered it to the cache): answered as it left the session.
      const recorded = standingTurn(store.findSession(sessionId) as SessionRow, resent, live, windowParams(deps.config));
      return { recorded, cache: input.cacheable === true ? { stored: false, reason: 'resent' } : null, resent: true };
    }
    assertToolCallIdFree(live, input.role, input.toolCallId, 'body.toolCallId');
    if (input.role === 'tool') assertToolNameMatches(live, input.toolCallId, input.toolName, 'body.toolName');
    const recorded = recordTurn(deps.recorder, sessionId, prepared, scope);
    const { session } = recorded;
    const changes: SessionChanges = {};
    // An answer recorded without `outputValid` is not known to be valid: only an answer that
    // says it passed validation lets the next prompt leave the format instructions out (spec §3).
    const validity = input.outputValid ?? null;
    if (input.role === 'assistant' && session.lastOutputValid !== validity) changes.lastOutputValid = validity;
    const toolName = input.toolName;
    if (toolName !== undefined) {
      // Used under the declaration of the session's next context call (this path declares none).
      const used = readUsedTools(session.usedTools);
      if (used.get(toolName) !== null) changes.usedTools = writeUsedTools(used.set(toolName, null));
    }
    // A result of a tool the session's context calls declared side-effecting is a side
    // effect even when the turn does not say so.
    const sideEffect = input.sideEffects === true || (input.role === 'tool' && toolName !== undefined && sideEffectToolNames(session.sideEffectTools).has(toolName));
    if (sideEffect) changes.sideEffectAt = recorded.turn.createdAt;
    if (Object.keys(changes).length > 0) store.updateSession(sessionId, changes);
    let cache: ReplyOutcome['cache'] = null;
    if (input.cacheable === true && deps.answers !== null) {
      cache =
        question === null
          ? { stored: false, reason: 'no user question in the window to answer' }
          : deps.answers.store(
              {
                sessionId,
                question: question.text,
                questionTurn: { turnNumber: question.turnNumber, at: question.at },
                answer: input.content,
                prepared: questionPrepared,
                // This very answer's side effect counts too (`session` is the row before it).
                sideEffectSinceQuestion: sideEffect || (session.sideEffectAt !== null && session.sideEffectAt >= question.at),
                // An imported answer (`at`) is as old as it is: it lives 24 h from then.
                answeredAt: recorded.turn.createdAt,
              },
              scope,
            );
    }
    return { recorded, cache, resent: false };
  });
  // The user reads this answer before writing the next message: summarise now the segments
  // that message will most likely close, so the context call only has to store them, and
  // stem the turn for the next prompt's fact selection. Within a plan each after the one
  // before, as they will close: a summary does not repeat the outcome of the summary before
  // it; every plan starts after the session's newest summary.
  const { window, turn } = outcome.recorded;
  let newest: string | null = null;
  for (const plan of window.likelyNext()) {
    newest ??= newestOutcome(deps.recorder.store, sessionId);
    let saidBefore = newest;
    for (const segment of plan) {
      saidBefore = deps.recorder.summarizer.anticipate(summaryTurns(segment), replyAfter(window.live, segment), saidBefore) ?? saidBefore;
    }
  }
  if (turn.content !== null) deps.facts?.noteRecentTurn(turn.content);
  return outcome;
}

// This turn was recorded already, and is sent again: the session's newest turn is the same
// answer (role, content, call id and tool name, `sentAgain`), or, for a tool's result, which moves up to sit right after its call,
// a live turn is.
function resentTurn(live: readonly TurnRow[], input: ReplyInput, content: string, now: number): TurnRow | undefined {
  const same = (turn: TurnRow): boolean =>
    turn.role === input.role &&
    turn.content === content &&
    turn.toolCallId === (input.toolCallId ?? null) &&
    turn.toolName === (input.toolName ?? null) &&
    sentAgain(turn, input.at, now);
  if (input.role === 'tool' && input.toolCallId !== undefined) return live.findLast(same);
  const newest = live.at(-1);
  return newest !== undefined && same(newest) ? newest : undefined;
}

function lastUserQuestion(recorder: RecorderDeps, sessionId: string): { text: string; turnNumber: number; at: number } | null {
  const turn = recorder.store.liveTurns(sessionId).findLast((each) => each.role === 'user' && each.content !== null);
  return turn?.content ? { text: turn.content, turnNumber: turn.turnNumber, at: turn.createdAt } : null;
}

/** Why a field of an assistant's answer is refused on a tool's result. */
export const ONLY_FOR_ANSWERS = 'only for role "assistant"';

/** Why `cacheable: true` is refused on an assistant's tool call: the call is not the answer. */
export const NOT_ON_A_TOOL_CALL = 'not on a tool call (an assistant turn with toolCallId or toolName): only the answer that follows its result can be cached';

/** Why `cacheable: true` is refused on an answer that failed its validation. */
export const NOT_ON_AN_INVALID_ANSWER = 'not on an answer that failed validation (outputValid: false): it would be served to every session for 24 h';

/** Why an assistant's answer with nothing to show is refused. */
export const ANSWER_NEEDS_VISIBLE_TEXT = 'an answer must contain a visible character (a tool call or a tool result may be empty)';

/** A problem of a recorded turn's field that only its other fields reveal. */
export interface ReplyFieldProblem {
  field: 'cacheable' | 'outputValid' | 'content';
  message: string;
}

/**
 * The rules between a recorded turn's fields. On a tool's result, the fields that say
 * something about an assistant's answer would be accepted and do nothing there (an
 * `outputValid: false` would not bring the format instructions back), so each is refused
 * by its name; `cacheable: false` asks for nothing and passes. On an assistant's turn,
 * `cacheable: true` would make the response cache serve the turn to every session as the
 * answer to the question: refused on a tool call and on an answer that failed validation.
 * An answer (not a call) must show something: an empty assistant message is no answer,
 * and some providers refuse one in a prompt. Reads its input as unknown: the API's schema
 * calls it on a body whose other fields may be wrong, to report these with their problems.
 */
export function replyFieldProblems(input: {
  role?: unknown;
  content?: unknown;
  toolCallId?: unknown;
  toolName?: unknown;
  cacheable?: unknown;
  outputValid?: unknown;
}): ReplyFieldProblem[] {
  if (input.role === 'tool') {
    return [
      ...(input.cacheable === true ? [{ field: 'cacheable' as const, message: ONLY_FOR_ANSWERS }] : []),
      ...(typeof input.outputValid === 'boolean' ? [{ field: 'outputValid' as const, message: ONLY_FOR_ANSWERS }] : []),
    ];
  }
  if (input.role !== 'assistant') return [];
  const toolCall = input.toolCallId !== undefined || input.toolName !== undefined;
  const problems: ReplyFieldProblem[] = [];
  if (!toolCall && typeof input.content === 'string' && !VISIBLE_CHARACTER.test(input.content)) {
    problems.push({ field: 'content', message: ANSWER_NEEDS_VISIBLE_TEXT });
  }
  if (input.cacheable === true && toolCall) problems.push({ field: 'cacheable', message: NOT_ON_A_TOOL_CALL });
  else if (input.cacheable === true && input.outputValid === false) problems.push({ field: 'cacheable', message: NOT_ON_AN_INVALID_ANSWER });
  return problems;
}

function refuseFieldProblems(input: ReplyInput): void {
  const issues = replyFieldProblems(input).map((problem) => ({ path: `body.${problem.field}`, message: problem.message }));
  if (issues.length > 0) throw new InvalidRequestError(`invalid request: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, issues);
}
