import type { Clock } from '../clock.js';
import type { Config } from '../config/config.js';
import { checkMessageSize } from '../config/message-size.js';
import { declareSideEffectTools } from '../conversation/side-effect-tools.js';
import { assertToolCallIdFree, assertToolNameMatches } from '../conversation/tool-call-ids.js';
import { prepareTurn, recordTurn, type PreparedTurn, type RecorderDeps } from '../conversation/turn-recorder.js';
import { readUsedTools, useTools, writeUsedTools, type UsedTools } from '../conversation/used-tools.js';
import type { WindowOutcome } from '../conversation/window-advance.js';
import { sentAgain, standingTurn } from '../conversation/resend.js';
import { advanceWindow, windowParams } from '../conversation/window-advance.js';
import type { Logger } from '../discardable/logger.js';
import { classifyDomain } from '../domains/classify-domain.js';
import { InvalidRequestError } from '../errors.js';
import { yieldToEventLoop } from '../event-loop.js';
import type { ForgetMiss } from '../facts/fact-record.js';
import type { FactSelection, FactSelectionRequest } from '../facts/fact-selection.js';
import type { SessionRow, TurnRow } from '../storage/conversation-store.js';
import type { Database } from '../storage/database.js';
import { RollbackWith, runInTransaction, type TransactionOptions, type TxScope } from '../storage/transaction.js';
import { baseTotal, compilePrompt, type CompiledPrompt } from './compile-prompt.js';
import type { PromptFrames } from './frames.js';
import { gatherParts } from './gather-parts.js';
import type { Counted } from './prompt-parts.js';
import { FACTS_BASE_MAX } from './sections.js';
import type { SummaryArchiveCache } from './summary-retrieval.js';
import { declarationKeys, type ToolCatalog, type ToolSpec } from './tool-catalog.js';
import { fitToolResults } from './tool-results.js';

/** A fact as a context response reports a change to it. */
export interface FactChangeView {
  id: string;
  fact: string;
  domain: string;
}

/** What one user message changed in the facts tier. */
export interface FactChangeLists {
  added: FactChangeView[];
  reconfirmed: FactChangeView[];
  superseded: FactChangeView[];
  deleted: FactChangeView[];
  /** What a forget request of the message named and forgot nothing for, and why. */
  notForgotten: ForgetMiss[];
}

/** The facts tier as the context call uses it (implemented by the facts service). */
export interface FactsTier<Prepared = unknown> {
  prepareFromMessage(text: string): Promise<Prepared>;
  /** Whether applying `prepared` may add, change or retire a fact (the call's commit is then durable). */
  mayChangeFacts(prepared: Prepared): boolean;
  /** Whether the facts the prompt answers the message with may be re-confirmed (not after a refused statement). */
  /** Of the facts a prompt answered the message with, those it re-confirms as asked about. */
  askedToReconfirm(prepared: Prepared, ids: readonly string[]): string[];
  applyFromUserTurn(prepared: Prepared, provenance: { sessionId: string; turnNumber: number; at?: number }, scope: TxScope): FactChangeLists;
  /** `tokenBudget`: what the selected facts' own text may cost (the section's base less its frame). */
  selectForPrompt(request: FactSelectionRequest, options: { tokenBudget: number }): FactSelection;
  /**
   * Re-confirms, asked at `at`, the facts the prompt answered the message with (spec §6):
   * one this brings back into prompts (dormant) is written in the call's transaction and
   * returned; the others are queued for the batch once it commits.
   */
  reconfirmAsked(ids: readonly string[], at: number, scope: TxScope): FactChangeView[];
}

/** An earlier answer the assistant may return without calling the LLM. */
export interface CachedAnswer {
  response: string;
  disclaimer: string;
  source: 'cache' | 'dedup';
}

/** The response cache and intent dedup, as the context call consults them. */
export interface AnswerCache {
  /**
   * The cached answer for the message, if any; `consulted` is false when the message may
   * never be answered from the cache (time-dependent, emotional…). `after`: only answers
   * cached after this time (epoch ms) may be served.
   */
  consult(message: string, embedding: Float32Array, after: number | null, scope?: TxScope): { answer: CachedAnswer | null; consulted: boolean };
}

export interface ToolResultInput {
  toolCallId: string;
  name: string;
  content: string;
}

export interface ContextRequest {
  sessionId: string;
  message: string;
  tools?: ToolSpec[];
  toolResults?: ToolResultInput[];
  budget?: number;
  dryRun?: boolean;
  at?: number;
}

export interface ContextDeps {
  config: Config;
  clock: Clock;
  database: Database;
  recorder: RecorderDeps;
  frames: PromptFrames;
  /** `source`: 'built-in' or the file it was read from. */
  system: Counted & { version: string; source: string };
  format: Counted;
  facts: FactsTier;
  cache: AnswerCache | null;
  tools: ToolCatalog;
  /** Archived summaries' lists and words, kept between requests for questions about the past. */
  summaryArchive: SummaryArchiveCache;
  logger: Logger;
}

/** Everything one context call produced, before the route shapes it. */
export interface ContextOutcome {
  prompt: CompiledPrompt;
  /** In-process layout and render time, ms. */
  compileMs: number;
  turnNumber: number;
  topicShift: boolean;
  shiftReasons: readonly string[];
  window: WindowOutcome;
  pressure: boolean;
  factChanges: FactChangeLists;
  cached: CachedAnswer | null;
  /** The message could have been answered from the cache, and was not. */
  cacheMiss: boolean;
  dryRun: boolean;
  /** The request was the same as the one that recorded the session's newest turn (see `resentTurns`): nothing was recorded. */
  resent: boolean;
}

const NO_FACT_CHANGES: FactChangeLists = { added: [], reconfirmed: [], superseded: [], deleted: [], notForgotten: [] };

const DURABLE_COMMIT: TransactionOptions = { durable: true };

/**
 * The main call, once per user message, in one transaction: record the tool results it
 * came with and then the message (facts extracted, window and segments moved, summaries
 * written), consult the cache, and compile the prompt under the budget. Anything that
 * fails — an overflow included — rolls everything back; a dry run rolls back on purpose.
 * A message that may add, change or retire a fact commits with an fsync (spec §4); the
 * others commit on NORMAL. Facts the prompt holds because the message asked about them
 * are re-confirmed (spec §6): written in a batch later, or now when that brings them back
 * into prompts (a dormant fact).
 */
export async function runContextCall(deps: ContextDeps, request: ContextRequest): Promise<ContextOutcome> {
  const budget = checkBudget(deps.config, request.budget);
  checkSizes(deps.config, request);
  const userTurn = await prepareTurn(deps.recorder, request.sessionId, { role: 'user', content: request.message, at: request.at ?? null });
  const factsPrepared = await deps.facts.prepareFromMessage(request.message);
  const toolTurns = await prepareToolResults(deps, request.sessionId, request.toolResults ?? [], request.at ?? null);
  const toolSpecs = request.tools ?? [];
  const toolsPrepared = await deps.tools.prepare(toolSpecs);

  const durable = deps.facts.mayChangeFacts(factsPrepared);

  return runInTransaction(deps.database, (scope) => {
    const before = deps.recorder.store.liveTurns(request.sessionId);
    // The same request sent again (the assistant timed out waiting and resent it) records
    // nothing twice: it is answered from the session as the first one left it.
    const resent = request.dryRun === true ? null : resentTurns(before, request, toolTurns, deps.clock.now());
    if (resent === null) {
      (request.toolResults ?? []).forEach((result, index) => {
        assertToolCallIdFree(before, 'tool', result.toolCallId, `body.toolResults.${index}.toolCallId`);
        assertToolNameMatches(before, result.toolCallId, result.name, `body.toolResults.${index}.name`);
      });
    }
    // The turns before this message, read before it moves the window: "mentioned in the last
    // 3 turns" holds even when a flush or pressure has just summarised them.
    const recentTurns = (resent === null ? before : before.slice(0, -1))
      .filter((turn) => turn.content !== null)
      .slice(-3)
      .map((turn) => turn.content as string);
    // The facts the first request wrote are left out of its prompt (`withoutTouched`); a resent
    // one does not know them, and leaves out what its message mentions instead.
    if (resent !== null) recentTurns.push(request.message);
    // The results are recorded before the message, each as if it had come back through
    // /turns (right after its call, which moves up to it when other turns followed it),
    // and the message after them, as the prompt shows them. The calls they answer, the
    // results and the message are one unit of the window in this call (see selectWindow):
    // recording one result must not push out a call whose result comes next.
    const current = new Set<number>(resent ?? []);
    const unit = toolTurns.length === 0 ? null : { answered: new Set(toolTurns.map((result) => result.toolCallId)), fresh: (before.at(-1)?.turnNumber ?? 0) + 1 };
    let live: readonly TurnRow[] = before;
    let resultsWindow: WindowOutcome | null = null;
    for (const toolTurn of resent === null ? toolTurns : []) {
      const tool = recordTurn(deps.recorder, request.sessionId, toolTurn, scope, { keepFrom: unitStart(live, unit) });
      current.add(tool.turn.turnNumber);
      live = tool.window.live;
      resultsWindow = resultsWindow === null ? tool.window : laterWindow(resultsWindow, tool.window);
    }
    const recorded =
      resent === null
        ? recordTurn(deps.recorder, request.sessionId, userTurn, scope, { keepFrom: unitStart(live, unit) })
        : standingTurn(deps.recorder.store.findSession(request.sessionId) as SessionRow, before.at(-1) as TurnRow, before, windowParams(deps.config));
    // Every call this request answers now sits right before its result.
    const keepFrom = unitStart(recorded.window.live, unit);
    current.add(recorded.turn.turnNumber);
    let window = resultsWindow === null ? recorded.window : laterWindow(resultsWindow, recorded.window);
    // A resent message's facts were written by the first request.
    const factChanges =
      resent === null
        ? deps.facts.applyFromUserTurn(factsPrepared, { sessionId: request.sessionId, turnNumber: recorded.turn.turnNumber, at: recorded.turn.createdAt }, scope)
        : NO_FACT_CHANGES;
    const session = markUsedTools(deps, request, recorded.session, declarationKeys(toolsPrepared));
    // An answer cached before a side effect of this session (a tool that changed something,
    // this request's included) may no longer hold: only later ones are served (spec §4).
    const consulted = deps.cache?.consult(request.message, userTurn.embedding, session.sideEffectAt, scope) ?? { answer: null, consulted: false };
    const cached = consulted.answer;

    let facts: FactSelection = { items: [], candidates: [] };
    // "Now" for what the prompt holds is the message's own time: an imported message (`at`)
    // asking about "yesterday" means the day before it, and facts decay up to it.
    const messageAt = recorded.turn.createdAt;
    // The facts section's base is at most FACTS_BASE_MAX tokens, its frame (role and header) included.
    const factsBudget = { tokenBudget: FACTS_BASE_MAX - deps.frames.facts };
    // `mentioned`: the recent turns whose facts are not repeated in the facts section.
    const gather = (mentioned: readonly string[] = recentTurns) => {
      const live = window.live;
      const selection = deps.facts.selectForPrompt({
        message: request.message,
        embedding: userTurn.embedding,
        domain: userTurn.domain ?? classifyDomain(request.message),
        recentTurns: mentioned,
        now: messageAt,
      }, factsBudget);
      facts = withoutTouched(selection, factChanges);
      const tools = deps.tools.items(toolSpecs, toolsPrepared, { message: request.message, embedding: userTurn.embedding, used: session.used });
      return gatherParts(deps.recorder.store, deps.config, deps.summaryArchive, {
        sessionId: request.sessionId,
        live,
        userTurn: recorded.turn,
        currentTurnNumbers: current,
        standInCall: deps.frames.standInCall,
        system: deps.system,
        format: session.lastOutputValid === true ? null : deps.format,
        facts,
        tools,
        now: messageAt,
        scope,
      });
    };
    let parts = gather();
    const pressureAt = Math.min(deps.config.window.pressureTokens, Math.floor(budget * 0.75));
    // The first request relieved the pressure already; a resent one writes nothing.
    const pressure = resent === null && baseTotal(parts, deps.frames) > pressureAt;
    if (pressure) {
      // Summarise aggressively before the layout: close the segment, shrink the window.
      const relieved = advanceWindow(deps.recorder, request.sessionId, window.live, {
        mode: 'pressure',
        shift: false,
        now: deps.clock.now(),
        scope,
        keepFrom: keepFrom ?? recorded.turn.turnNumber,
      });
      window = laterWindow(window, relieved);
      parts = gather();
    }
    const compileStart = performance.now();
    let prompt = compilePrompt(parts, deps.frames, budget, deps.recorder.tokenizer, deps.config.usageThresholds);
    // A fact mentioned in the last turns is left out because the prompt shows it there; a
    // turn the prompt does not show whole (flushed into a summary, dropped under a small
    // budget, shown as its head and tail) shows nothing: the facts it mentions come back.
    const shown = recentTurns.filter((text) => prompt.messages.some((message) => message.content === text));
    if (shown.length < recentTurns.length) {
      parts = gather(shown);
      prompt = compilePrompt(parts, deps.frames, budget, deps.recorder.tokenizer, deps.config.usageThresholds);
    }
    const compileMs = performance.now() - compileStart;
    const asked = resent === null ? deps.facts.askedToReconfirm(factsPrepared, askedFactsInPrompt(facts, prompt)) : [];
    // A fact the question brought back into prompts is written now, as a restatement is,
    // and reported; the others are queued only if this commits (a dry run or an overflow
    // queues nothing).
    const revived = asked.length > 0 ? deps.facts.reconfirmAsked(asked, request.at ?? deps.clock.now(), scope) : [];
    const outcome: ContextOutcome = {
      prompt,
      compileMs,
      turnNumber: recorded.turn.turnNumber,
      topicShift: recorded.turn.topicShift,
      shiftReasons: recorded.shift?.reasons ?? [],
      window,
      pressure,
      factChanges: revived.length === 0 ? factChanges : { ...factChanges, reconfirmed: [...factChanges.reconfirmed, ...revived] },
      cached,
      cacheMiss: consulted.consulted && cached === null,
      dryRun: request.dryRun === true,
      resent: resent !== null,
    };
    if (request.dryRun === true) throw new RollbackWith(outcome);
    return outcome;
  }, durable ? DURABLE_COMMIT : undefined);
}

/**
 * When the request is the one that recorded the session's newest turns, sent again: the
 * newest turn is the user's with this very message, recorded at most two minutes ago
 * (or at this `at`, when the request gives one: `sentAgain`), and each of its tool results is recorded
 * already with the same content as kept. The numbers of those turns, else null. A user who
 * says the same thing twice within two minutes, with no answer between, is heard once; a
 * result with its call id and another content is still refused (409).
 */
function resentTurns(live: readonly TurnRow[], request: ContextRequest, results: readonly PreparedTurn[], now: number): number[] | null {
  const newest = live.at(-1);
  if (newest === undefined || newest.role !== 'user' || newest.content !== request.message) return null;
  if (!sentAgain(newest, request.at, now)) return null;
  const numbers = [newest.turnNumber];
  for (const result of results) {
    // A result by its call id; the marker of results left out (no call id) by its words, the newest such.
    const turn = live.findLast((each) => each.role === 'tool' && each.toolCallId === result.toolCallId && (result.toolCallId !== null || each.content === result.content));
    if (turn === undefined || turn.content !== result.content || turn.toolName !== result.toolName) return null;
    numbers.push(turn.turnNumber);
  }
  return numbers;
}

// The selected facts flagged `asked` that the compiled prompt holds. The facts section
// keeps a prefix of its items followed by its candidates, in that order: growth appends
// the next candidates, compression drops from the end, and a dropped section keeps none.
function askedFactsInPrompt(selection: FactSelection, prompt: CompiledPrompt): string[] {
  const kept = prompt.report.sections.find((section) => section.id === 'facts')?.itemsKept ?? 0;
  return [...selection.items, ...selection.candidates]
    .slice(0, kept)
    .filter((fact) => fact.asked === true)
    .map((fact) => fact.id);
}

// Facts this very message added, re-confirmed, superseded or deleted are left out: the
// message itself states them (and the in-memory index sees the changes only after commit).
function withoutTouched(selection: FactSelection, changes: FactChangeLists): FactSelection {
  const touched = new Set([...changes.added, ...changes.reconfirmed, ...changes.superseded, ...changes.deleted].map((fact) => fact.id));
  if (touched.size === 0) return selection;
  return { items: selection.items.filter((fact) => !touched.has(fact.id)), candidates: selection.candidates.filter((fact) => !touched.has(fact.id)) };
}

// Where the unit of a context call starts as the session stands now (null: it has no
// results, the message alone is its unit): at the first turn it records or moves (every
// one is numbered `fresh` or later), or earlier at a call one of its results answers that
// has not moved — the last turn before them, or one still waiting for its result to be
// recorded, which must not leave the window, nor be summarised, before that.
function unitStart(live: readonly TurnRow[], unit: { answered: ReadonlySet<string | null>; fresh: number } | null): number | null {
  if (unit === null) return null;
  const call = live.find((turn) => turn.toolCallId !== null && unit.answered.has(turn.toolCallId));
  return Math.min(call?.turnNumber ?? unit.fresh, unit.fresh);
}

// The window as a later move left it, with the summaries both moves wrote.
function laterWindow(earlier: WindowOutcome, later: WindowOutcome): WindowOutcome {
  return { ...later, summariesCreated: [...earlier.summariesCreated, ...later.summariesCreated], archived: earlier.archived + later.archived };
}

/** What is wrong with a context call's budget over the configured cap (the API's schema reports it with the body's other issues). */
export function budgetOverCap(tokenCap: number): string {
  return `may lower the configured cap, never raise it: must be at most ${tokenCap}`;
}

function checkBudget(config: Config, requested: number | undefined): number {
  if (requested === undefined) return config.tokenCap;
  if (requested > config.tokenCap) {
    throw new InvalidRequestError(`invalid request: body.budget ${budgetOverCap(config.tokenCap)}`, [{ path: 'body.budget', message: budgetOverCap(config.tokenCap) }]);
  }
  return requested;
}

function checkSizes(config: Config, request: ContextRequest): void {
  const check = (path: string, text: string): void => checkMessageSize({ path }, text, config.maxMessageBytes);
  check('body.message', request.message);
  (request.toolResults ?? []).forEach((result, index) => check(`body.toolResults.${index}.content`, result.content));
  (request.tools ?? []).forEach((tool, index) => check(`body.tools.${index}.description`, tool.description));
}

// Pending tool results are kept as tool turns of at most their share of 300 tokens
// (head and tail around an elision marker): the raw output is discardable, what the
// model saw is what the session remembers.
async function prepareToolResults(deps: ContextDeps, sessionId: string, results: readonly ToolResultInput[], at: number | null): Promise<PreparedTurn[]> {
  // Each result costs up to a few ms to fit: let other requests through between them.
  const fitted = await fitToolResults(deps.recorder.tokenizer, results, yieldToEventLoop);
  const prepared: PreparedTurn[] = [];
  if (fitted.marker !== null) {
    prepared.push(await prepareTurn(deps.recorder, sessionId, { role: 'tool', content: fitted.marker.text, contentTokens: fitted.marker.tokens, at }));
  }
  for (const { result, kept } of fitted.kept) {
    prepared.push(
      await prepareTurn(deps.recorder, sessionId, { role: 'tool', content: kept.text, contentTokens: kept.tokens, toolCallId: result.toolCallId, toolName: result.name, at }),
    );
  }
  return prepared;
}

function markUsedTools(
  deps: ContextDeps,
  request: ContextRequest,
  session: SessionRow,
  declared: ReadonlyMap<string, string>,
): { used: UsedTools; lastOutputValid: boolean | null; sideEffectAt: number | null } {
  const used = readUsedTools(session.usedTools);
  const usedChanged = useTools(used, request.toolResults ?? [], declared);
  // This request's declarations first: a result of a tool it declares side-effecting counts,
  // and so does one declared so in an earlier call of the session.
  const sideEffectTools = declareSideEffectTools(session.sideEffectTools, request.tools ?? []);
  const sideEffect = (request.toolResults ?? []).some((result) => sideEffectTools.names.has(result.name));
  const sideEffectAt = sideEffect ? deps.clock.now() : session.sideEffectAt;
  if (usedChanged || sideEffect || sideEffectTools.changed !== null) {
    deps.recorder.store.updateSession(request.sessionId, {
      ...(usedChanged ? { usedTools: writeUsedTools(used) } : {}),
      ...(sideEffect ? { sideEffectAt } : {}),
      ...(sideEffectTools.changed !== null ? { sideEffectTools: sideEffectTools.changed } : {}),
    });
  }
  return { used, lastOutputValid: session.lastOutputValid, sideEffectAt };
}
