import type { Config } from '../config/config.js';
import type { FactSelection } from '../facts/fact-selection.js';
import type { LayoutItem, RenderedMessage } from '../layout/index.js';
import type { ConversationStore, TurnRow } from '../storage/conversation-store.js';
import type { TxScope } from '../storage/transaction.js';
import { toChunk } from '../tokens/chunks.js';
import { detectPastReference } from './past-reference.js';
import type { Counted, PromptParts } from './prompt-parts.js';
import { chooseSummaries } from './prompt-summaries.js';
import { retrieveArchived, type SummaryArchiveCache } from './summary-retrieval.js';

/** What the tiers hand the compiler for one request, besides the database. */
export interface GatherInput {
  sessionId: string;
  /** The session's stored turns, oldest first (read once per request). */
  live: readonly TurnRow[];
  /** The current user turn (already recorded) and the tool results recorded with it. */
  userTurn: TurnRow;
  currentTurnNumbers: ReadonlySet<number>;
  system: Counted;
  format: Counted | null;
  facts: FactSelection;
  tools: LayoutItem[];
  now: number;
  /** The request's transaction: what retrieval reads is kept once it commits. */
  scope: TxScope;
}

// Archived summaries a question about the past may bring back (they share the prompt's 4 places and 200 tokens).
const ARCHIVED_RETRIEVED = 4;

/**
 * Turns the tiers' state into pre-counted prompt parts. Nothing here counts tokens:
 * every size was stored with its item (turn, summary, fact) or computed once per tool.
 */
export function gatherParts(store: ConversationStore, config: Config, summaryArchive: SummaryArchiveCache, input: GatherInput): PromptParts {
  const current = input.live.filter((turn) => input.currentTurnNumbers.has(turn.turnNumber));
  const live = input.live.filter((turn) => !input.currentTurnNumbers.has(turn.turnNumber));
  const windowTurns = live.filter((turn) => turn.state === 'window');
  const segmentTurns = live.filter((turn) => turn.state === 'segment' && turn.content !== null);
  // A result that answers a call of the window (or of the open segment) joins that call's
  // unit, right after it: a tool call and its result are one unit (spec §2), and a result
  // in the pending section would come before its call. Only results of calls that are not
  // there (a tool the assistant ran before the prompt) are pending.
  const results = current.filter((turn) => turn.role === 'tool');
  const answers = (turns: readonly TurnRow[]): TurnRow[] => {
    const calls = new Set(turns.flatMap((turn) => (turn.role !== 'tool' && turn.toolCallId !== null ? [turn.toolCallId] : [])));
    return results.filter((result) => result.toolCallId !== null && calls.has(result.toolCallId));
  };
  const windowAnswers = answers(windowTurns);
  const segmentAnswers = answers(segmentTurns).filter((result) => !windowAnswers.includes(result));
  const answered = new Set([...windowAnswers, ...segmentAnswers]);
  const windowUnits = toUnits([...windowTurns, ...windowAnswers]);
  const segmentUnits = toUnits([...segmentTurns, ...segmentAnswers]);
  return {
    system: input.system,
    format: input.format,
    facts: {
      items: input.facts.items.map((fact, rank) => factItem(fact.id, fact.fact, fact.tokenCount, rank)),
      candidates: input.facts.candidates.map((fact, rank) => factItem(fact.id, fact.fact, fact.tokenCount, input.facts.items.length + rank)),
    },
    summaries: summaryItems(store, config, summaryArchive, input),
    tools: input.tools,
    toolResults: toUnits(results.filter((result) => !answered.has(result))),
    window: { items: windowUnits, candidates: windowCandidates(windowUnits, segmentUnits, config) },
    user: {
      id: `turn:${input.userTurn.turnNumber}`,
      key: input.userTurn.turnNumber,
      size: input.userTurn.tokenCount,
      body: { kind: 'messages', messages: [{ role: 'user', content: input.userTurn.content ?? '' }] },
    },
  };
}

function factItem(id: string, fact: string, tokenCount: number, rank: number): LayoutItem {
  return { id: `fact:${id}`, key: rank, size: tokenCount, body: { kind: 'chunk', text: toChunk(fact) } };
}

// Window turns as layout items: one item per tool-call unit (an assistant turn calling
// a tool and the tool's results share a toolCallId) or per plain turn. Sizes are the
// turns' stored RT-007 costs, so the item adds up to its messages exactly.
function toUnits(turns: readonly TurnRow[]): LayoutItem[] {
  const units: TurnRow[][] = [];
  const byCall = new Map<string, TurnRow[]>();
  for (const turn of turns) {
    const open = turn.toolCallId === null ? undefined : byCall.get(turn.toolCallId);
    if (open) {
      open.push(turn);
      continue;
    }
    const unit = [turn];
    units.push(unit);
    if (turn.toolCallId !== null) byCall.set(turn.toolCallId, unit);
  }
  return units.map((unit) => {
    const first = unit[0] as TurnRow;
    return {
      id: `turn:${first.turnNumber}`,
      key: first.turnNumber,
      size: unit.reduce((sum, turn) => sum + turn.tokenCount, 0),
      body: { kind: 'messages', messages: unit.map(renderTurn) },
    };
  });
}

function renderTurn(turn: TurnRow): RenderedMessage {
  return {
    role: turn.role,
    content: turn.content ?? '',
    ...(turn.toolCallId === null ? {} : { toolCallId: turn.toolCallId }),
    ...(turn.toolName === null ? {} : { name: turn.toolName }),
  };
}

// Growth may bring back turns of the open segment (still unsummarised), newest first,
// while the window stays within its maximum turns and tokens.
function windowCandidates(window: readonly LayoutItem[], segment: readonly LayoutItem[], config: Config): LayoutItem[] {
  let tokens = window.reduce((sum, item) => sum + item.size, 0);
  let turns = window.reduce((sum, item) => sum + messageCount(item), 0);
  const candidates: LayoutItem[] = [];
  for (const item of [...segment].reverse()) {
    tokens += item.size;
    turns += messageCount(item);
    if (tokens > config.window.maxWindowTokens || turns > config.window.windowMax) break;
    candidates.push(item);
  }
  return candidates;
}

function messageCount(item: LayoutItem): number {
  return item.body.kind === 'messages' ? item.body.messages.length : 1;
}

// The active summaries, plus archived ones when the message asks about the past: at most
// MEMORYD_MAX_SUMMARIES of them (4) within MEMORYD_TOTAL_SUMMARIES_MAX tokens (200), the
// retrieved ones first (see chooseSummaries). Rendered oldest first (their key is their number).
function summaryItems(store: ConversationStore, config: Config, summaryArchive: SummaryArchiveCache, input: GatherInput): LayoutItem[] {
  const active = store.activeSummaries(input.sessionId);
  const places = config.window.maxSummaries;
  const reference = detectPastReference(input.userTurn.content ?? '', input.now);
  const retrieved =
    reference === null || places === 0
      ? []
      : retrieveArchived(store, summaryArchive, input.scope, input.sessionId, input.userTurn.content ?? '', reference, Math.min(ARCHIVED_RETRIEVED, places));
  const chosen = chooseSummaries(retrieved, active, { count: places, tokens: config.window.totalSummariesMax });
  return chosen.map((row) => ({
    id: `summary:${row.id}`,
    key: row.seq,
    size: row.tokenCount,
    body: { kind: 'chunk', text: toChunk(row.body) },
    alternatives: { compact: { size: row.compactTokenCount, body: { kind: 'chunk', text: toChunk(row.compactBody) } } },
  }));
}
