import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { Config } from '../config/config.js';
import { classifyDomain, topicDomain, type DomainGuess } from '../domains/classify-domain.js';
import type { Embedder } from '../embeddings/embedder.js';
import { cosine } from '../embeddings/vector.js';
import { InvalidRequestError } from '../errors.js';
import type { ConversationStore, SessionRow, TurnRow } from '../storage/conversation-store.js';
import type { TxScope } from '../storage/transaction.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import type { SegmentSummarizer } from './segment-summarizer.js';
import { detectExplicitShift, type ExplicitShift } from './shift-phrases.js';
import { detectTopicShift, type ShiftDecision } from './topic-shift.js';
import { moveCallToResult } from './tool-units.js';
import type { TurnVectors } from './turn-vectors.js';
import { advanceWindow, type WindowOutcome } from './window-advance.js';
import { windowForm, type WindowForm } from './window-form.js';

export type TurnRole = 'user' | 'assistant' | 'tool';

/** A turn with everything that needs async work or tokenizing done before the transaction. */
export interface PreparedTurn {
  role: TurnRole;
  content: string;
  tokenCount: number;
  /** How the window shows the turn when it is too long to show whole (see windowForm), else null. */
  windowForm: WindowForm | null;
  embedding: Float32Array;
  domain: DomainGuess | null;
  explicit: ExplicitShift | null;
  toolCallId: string | null;
  toolName: string | null;
  outputValid: boolean | null;
  cacheable: boolean | null;
  /** The turn's time when the caller gave one (imports); otherwise now. */
  at: number | null;
}

export interface TurnInput {
  role: TurnRole;
  content: string;
  /** count(content), when the caller has just counted it. */
  contentTokens?: number;
  toolCallId?: string | null;
  toolName?: string | null;
  outputValid?: boolean | null;
  cacheable?: boolean | null;
  at?: number | null;
}

export interface RecorderDeps {
  store: ConversationStore;
  clock: Clock;
  ids: IdGenerator;
  tokenizer: Tokenizer;
  embedder: Embedder;
  summarizer: SegmentSummarizer;
  /** The vectors of each session's latest turn and latest user turn. */
  vectors: TurnVectors;
  config: Config;
}

export interface RecordedTurn {
  /** The session as it was before this turn (its tools, output validity and side effects are unchanged by it). */
  session: SessionRow;
  turn: TurnRow;
  shift: ShiftDecision | null;
  window: WindowOutcome;
}

/**
 * Counts and embeds a turn once, outside any transaction (embedding may be async), and
 * makes sure the vectors it will be compared with are held.
 */
export async function prepareTurn(
  deps: Pick<RecorderDeps, 'tokenizer' | 'embedder' | 'vectors' | 'store' | 'config'>,
  sessionId: string,
  input: TurnInput,
): Promise<PreparedTurn> {
  const isUser = input.role === 'user';
  await deps.vectors.warm(sessionId, deps.store, deps.embedder);
  // Counted once, here; a long text is counted in slices so other requests keep flowing.
  const tokenCount =
    input.contentTokens === undefined
      ? await deps.tokenizer.messageCostAsync(input.role, input.content)
      : deps.tokenizer.messageCost(input.role, '') + input.contentTokens;
  const toolCallId = input.toolCallId ?? null;
  return {
    role: input.role,
    content: input.content,
    tokenCount,
    windowForm: windowForm(deps.tokenizer, { role: input.role, content: input.content, toolCallId, tokenCount }, deps.config.window.maxWindowTokens),
    embedding: await deps.embedder.embed(input.content),
    domain: isUser ? classifyDomain(input.content) : null,
    explicit: isUser ? detectExplicitShift(input.content) : null,
    toolCallId,
    toolName: input.toolName ?? null,
    outputValid: input.outputValid ?? null,
    cacheable: input.cacheable ?? null,
    at: input.at ?? null,
  };
}

/**
 * Records one turn of a session and moves the window: turns leaving it join the open
 * segment, closed segments become summaries, and their raw turns are purged. A tool
 * result whose call other turns followed moves the call up to it first (moveCallToResult),
 * so no edge ever falls between them. Synchronous:
 * the caller runs it inside a transaction (with the facts extraction of the same turn),
 * so a rejected request leaves nothing behind.
 */
export function recordTurn(
  deps: RecorderDeps,
  sessionId: string,
  prepared: PreparedTurn,
  scope: TxScope,
  options: { keepFrom?: number | null } = {},
): RecordedTurn {
  const now = deps.clock.now();
  // An imported conversation (`at`) started when its first turn was said, not when it was imported.
  const session = deps.store.ensureSession(sessionId, now, Math.min(prepared.at ?? now, now));
  const at = resolveTurnTime(prepared.at, now, session.lastTurnAt);
  const stored = deps.store.liveTurns(sessionId);
  const { live, next: turnNumber } =
    prepared.role === 'tool' && prepared.toolCallId !== null
      ? moveCallToResult(deps.store, sessionId, stored, prepared.toolCallId, session.lastTurnNumber + 1)
      : { live: stored, next: session.lastTurnNumber + 1 };
  const previous = live.at(-1);
  const vectorOf = (turn: TurnRow | undefined): Float32Array | null =>
    turn?.content === undefined || turn.content === null ? null : deps.vectors.find(sessionId, turn.content, scope);
  const shift = prepared.role === 'user' ? decideShift(prepared, live, vectorOf) : null;
  const turn = deps.store.insertTurn({
    sessionId,
    turnNumber,
    role: prepared.role,
    content: prepared.content,
    toolCallId: prepared.toolCallId,
    toolName: prepared.toolName,
    tokenCount: prepared.tokenCount,
    windowContent: prepared.windowForm?.text ?? null,
    windowTokenCount: prepared.windowForm?.tokens ?? null,
    continuity: previous ? similarityTo(prepared.embedding, vectorOf(previous)) : null,
    domain: prepared.domain ? topicDomain(prepared.domain) : null,
    topicShift: shift?.shift ?? false,
    state: 'window',
    outputValid: prepared.outputValid,
    cacheable: prepared.cacheable,
    createdAt: at,
  });
  deps.vectors.record(sessionId, prepared.role, prepared.content, prepared.embedding, scope);
  const mode = shift?.flush ? 'flush' : 'adaptive';
  const window = advanceWindow(deps, sessionId, [...live, turn], {
    mode,
    shift: shift?.shift ?? false,
    now,
    scope,
    recordedTurn: { turnNumber, at, now },
    keepFrom: options.keepFrom ?? null,
  });
  return { session, turn, shift, window };
}

function resolveTurnTime(given: number | null, now: number, lastTurnAt: number | null): number {
  if (given === null) return Math.max(now, lastTurnAt ?? now);
  if (given > now) {
    throw new InvalidRequestError('invalid request: body.at is in the future', [{ path: 'body.at', message: 'must not be in the future' }]);
  }
  if (lastTurnAt !== null && given < lastTurnAt) {
    throw new InvalidRequestError('invalid request: body.at is earlier than the session\'s last turn', [
      { path: 'body.at', message: `must not be earlier than the session's last turn (${new Date(lastTurnAt).toISOString()})` },
    ]);
  }
  return given;
}

function decideShift(prepared: PreparedTurn, live: readonly TurnRow[], vectorOf: (turn: TurnRow | undefined) => Float32Array | null): ShiftDecision {
  const previousUser = live.findLast((turn) => turn.role === 'user' && turn.content !== null);
  return detectTopicShift({
    text: prepared.content,
    similarity: previousUser ? similarityTo(prepared.embedding, vectorOf(previousUser)) : null,
    previousTurnText: live.at(-1)?.content ?? null,
    // Stored as topicDomain(classifyDomain(content)) when the turn was recorded.
    previousDomain: previousUser?.domain ?? null,
    currentDomain: prepared.domain,
    explicit: prepared.explicit,
  });
}

// Cosine with an earlier turn's vector, or null when there is none to compare with.
function similarityTo(vector: Float32Array, earlier: Float32Array | null): number | null {
  if (earlier === null || earlier.length !== vector.length) return null;
  // Stored continuity is 0–1 (spec §1.2): opposite directions mean "unrelated", not less.
  return Math.max(0, cosine(vector, earlier));
}
