import type { Config } from '../config/config.js';
import type { FactSelection } from '../facts/fact-selection.js';
import type { LayoutItem, RenderedMessage } from '../layout/index.js';
import type { ConversationStore, TurnRow } from '../storage/conversation-store.js';
import type { TxScope } from '../storage/transaction.js';
import { toChunk } from '../tokens/chunks.js';
import { windowTokens } from '../conversation/window.js';
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
  /** What a stand-in tool call's message costs (PromptFrames.standInCall). */
  standInCall: number;
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
 *
 * A tool call and its result are one item, the result right after the call, so a prompt
 * never shows a `tool` message that does not follow its call (chat APIs refuse one). A
 * result whose call the session no longer holds (summarised before the result came back)
 * or never held (a tool the assistant ran before the prompt) follows a stand-in call:
 * an assistant message with no content, the result's `toolCallId` and tool name.
 */
export function gatherParts(store: ConversationStore, config: Config, summaryArchive: SummaryArchiveCache, input: GatherInput): PromptParts {
  const windowTurns: TurnRow[] = [];
  const segmentTurns: TurnRow[] = [];
  const results: TurnRow[] = [];
  for (const turn of input.live) {
    if (input.currentTurnNumbers.has(turn.turnNumber)) {
      if (turn.role === 'tool') results.push(turn);
    } else if (turn.state === 'window') windowTurns.push(turn);
    else if (turn.content !== null) segmentTurns.push(turn);
  }
  // A result of this call whose call is in the window joins that call's unit there (a
  // call and its result never sit in different sections, and the pending section comes
  // before the window). The others are pending. A call of the open segment is never
  // answered here: recording its result moved it up to the window (moveCallToResult).
  const joined = results.length === 0 ? results : resultsOfCalls(results, windowTurns);
  const pending = joined.length === results.length ? [] : results.filter((result) => !joined.includes(result));
  const windowUnits = groupUnits(joined.length === 0 ? windowTurns : [...windowTurns, ...joined]);
  const windowItems = windowUnits.map((unit) => unitItem(unit, input.standInCall));
  return {
    system: input.system,
    format: input.format,
    facts: {
      items: input.facts.items.map((fact, rank) => factItem(fact.id, fact.fact, fact.tokenCount, rank)),
      candidates: input.facts.candidates.map((fact, rank) => factItem(fact.id, fact.fact, fact.tokenCount, input.facts.items.length + rank)),
    },
    summaries: summaryItems(store, config, summaryArchive, input),
    tools: input.tools,
    toolResults: groupUnits(pending).map((unit) => unitItem(unit, input.standInCall)),
    window: { items: windowItems, candidates: windowCandidates(windowItems, windowTurns.length + joined.length, segmentTurns, input.standInCall, config) },
    user: {
      id: `turn:${input.userTurn.turnNumber}`,
      key: input.userTurn.turnNumber,
      size: input.userTurn.tokenCount,
      body: { kind: 'messages', messages: [{ role: 'user', content: input.userTurn.content ?? '' }] },
    },
  };
}

function resultsOfCalls(results: readonly TurnRow[], turns: readonly TurnRow[]): TurnRow[] {
  const calls = new Set<string>();
  for (const turn of turns) if (turn.role !== 'tool' && turn.toolCallId !== null) calls.add(turn.toolCallId);
  return calls.size === 0 ? [] : results.filter((result) => result.toolCallId !== null && calls.has(result.toolCallId));
}

function factItem(id: string, fact: string, tokenCount: number, rank: number): LayoutItem {
  return { id: `fact:${id}`, key: rank, size: tokenCount, body: { kind: 'chunk', text: toChunk(fact) } };
}

// Turns in units, in order of each unit's first turn: a tool-call unit (an assistant turn
// calling a tool and the tool's results share a toolCallId: its results join it, right
// after it, even when a turn lies between them, as in sessions stored before calls moved
// up to their results) or a plain turn.
function groupUnits(turns: readonly TurnRow[]): TurnRow[][] {
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
  return units;
}

// A unit as a layout item. Sizes are the turns' stored RT-007 costs (and the stand-in
// call's), so the item adds up to its messages exactly: a turn too long to show whole
// renders its clipped form, at that form's cost (see windowForm).
function unitItem(unit: readonly TurnRow[], standInCall: number): LayoutItem {
  const first = unit[0] as TurnRow;
  const messages = unit.map(renderTurn);
  let size = 0;
  for (const turn of unit) size += windowTokens(turn);
  if (first.role === 'tool') {
    messages.unshift({ role: 'assistant', content: '', toolCallId: toolCallIdOf(first), ...(first.toolName === null ? {} : { name: first.toolName }) });
    size += standInCall;
  }
  return { id: `turn:${first.turnNumber}`, key: first.turnNumber, size, body: { kind: 'messages', messages } };
}

function renderTurn(turn: TurnRow): RenderedMessage {
  return {
    role: turn.role,
    content: turn.windowContent ?? turn.content ?? '',
    ...(turn.role === 'tool' ? { toolCallId: toolCallIdOf(turn) } : turn.toolCallId === null ? {} : { toolCallId: turn.toolCallId }),
    ...(turn.toolName === null ? {} : { name: turn.toolName }),
  };
}

// A tool turn recorded without an id (a result sent to /turns without one, the marker that
// counts omitted results) still needs one to follow its stand-in call: `memoryd#<its
// number>`, the same in every prompt (a client's id that happens to read the same shares
// only that label).
function toolCallIdOf(turn: TurnRow): string {
  return turn.toolCallId ?? `memoryd#${turn.turnNumber}`;
}

// Growth may bring back units of the open segment (still unsummarised), newest first,
// while the window stays within its maximum turns and tokens, the current message counted
// as the window counts it (it is the window's newest turn: one of its turns, none of its
// tokens, see selectWindow).
function windowCandidates(
  window: readonly LayoutItem[],
  windowTurns: number,
  segment: readonly TurnRow[],
  standInCall: number,
  config: Config,
): LayoutItem[] {
  if (segment.length === 0) return [];
  let tokens = 0;
  for (const item of window) tokens += item.size;
  let turns = windowTurns + 1;
  const candidates: LayoutItem[] = [];
  for (const unit of groupUnits(segment).reverse()) {
    const item = unitItem(unit, standInCall);
    tokens += item.size;
    turns += unit.length;
    if (tokens > config.window.maxWindowTokens || turns > config.window.windowMax) break;
    candidates.push(item);
  }
  return candidates;
}

// The active summaries, plus archived ones when the message asks about the past: at most
// MEMORYD_MAX_SUMMARIES of them (4) within MEMORYD_TOTAL_SUMMARIES_MAX tokens (200), the
// retrieved ones first (see chooseSummaries). An item's key is its render order and, for
// `drop-oldest-summary`, its sacrifice order (lowest first): the active ones oldest first,
// then the recalled ones, the closest match last, so a tight budget drops what the message
// did not ask about before what it did (the section header says so).
function summaryItems(store: ConversationStore, config: Config, summaryArchive: SummaryArchiveCache, input: GatherInput): LayoutItem[] {
  const active = store.activeSummaries(input.sessionId);
  const places = config.window.maxSummaries;
  const reference = detectPastReference(input.userTurn.content ?? '', input.now);
  const retrieved =
    reference === null || places === 0
      ? []
      : retrieveArchived(store, summaryArchive, input.scope, input.sessionId, input.userTurn.content ?? '', reference, Math.min(ARCHIVED_RETRIEVED, places));
  const chosen = chooseSummaries(retrieved, active, { count: places, tokens: config.window.totalSummariesMax });
  const recalled = new Set(retrieved);
  const chosenActive = chosen.filter((row) => !recalled.has(row)).sort((a, b) => a.seq - b.seq);
  // chooseSummaries keeps the retrieval order, best match first.
  const chosenRecalled = chosen.filter((row) => recalled.has(row)).reverse();
  return [...chosenActive, ...chosenRecalled].map((row, key) => ({
    id: `summary:${row.id}`,
    key,
    size: row.tokenCount,
    body: { kind: 'chunk', text: toChunk(row.body) },
    alternatives: { compact: { size: row.compactTokenCount, body: { kind: 'chunk', text: toChunk(row.compactBody) } } },
  }));
}
