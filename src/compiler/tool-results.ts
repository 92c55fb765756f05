import { fitToolResult, measureToolResult, omittedResultsText, TOOL_RESULTS_TOKENS, type KeptToolResult } from '../conversation/tool-result-text.js';
import { AppError } from '../errors.js';
import type { Tokenizer } from '../tokens/tokenizer.js';

/**
 * The least a kept result is given: its messages' overhead (10 tokens: its own and its
 * call's, see fitToolResults) and a head and tail worth reading. Below it a sliver of
 * every result would show nothing of any of them.
 */
export const MIN_TOOL_RESULT_TOKENS = 40;

/** Which of a request's tool results keep a turn, and the marker that counts the others. */
export interface ToolResultsPlan {
  /** How many of the oldest results (the first ones of the request) are left out. */
  omitted: number;
  /** What stands for them, as the content of one tool turn; null when none is left out. */
  marker: KeptToolResult | null;
  /** Tokens the kept results' messages share: the budget less the marker's message. */
  room: number;
}

/** A tool result as a request hands it in, kept within its share. */
export interface FittedToolResult<T> {
  result: T;
  kept: KeptToolResult;
}

/** The turns a request's tool results become, in the order they are recorded. */
export interface FittedToolResults<T> {
  /** Recorded first: it stands for the oldest results, so it renders before the kept ones. */
  marker: KeptToolResult | null;
  kept: Array<FittedToolResult<T>>;
}

/**
 * Which results fit in TOOL_RESULTS_TOKENS. Every one when each can have at least
 * MIN_TOOL_RESULT_TOKENS; else the newest that can, and one marker turn counting the
 * oldest ones, so no result leaves the prompt unseen (token-box.md §4). The newest are
 * kept because the section's own lens (`drop-oldest`) sacrifices the oldest too, and the
 * assistant's latest step is what the user's message follows. A sliver of each (an even
 * floor(300/n) share) was not chosen: past 7 results it is under 40 tokens a message,
 * and at 50 results (what a request may carry) 6 tokens, the message overhead alone.
 */
export function planToolResults(tokenizer: Tokenizer, count: number): ToolResultsPlan {
  if (count * MIN_TOOL_RESULT_TOKENS <= TOOL_RESULTS_TOKENS) return { omitted: 0, marker: null, room: TOOL_RESULTS_TOKENS };
  for (let kept = Math.floor(TOOL_RESULTS_TOKENS / MIN_TOOL_RESULT_TOKENS); kept >= 0; kept -= 1) {
    const text = omittedResultsText(count - kept);
    // The marker is a tool message too: it follows a stand-in call (gatherParts), paid for here.
    const markerCost = tokenizer.messageCost('assistant', '') + tokenizer.messageCost('tool', text);
    if (kept * MIN_TOOL_RESULT_TOKENS + markerCost <= TOOL_RESULTS_TOKENS) {
      // RT-007: a message costs its content's count plus the overhead of an empty one.
      const tokens = tokenizer.messageCost('tool', text) - tokenizer.messageCost('tool', '');
      return { omitted: count - kept, marker: { text, tokens }, room: TOOL_RESULTS_TOKENS - markerCost };
    }
  }
  // The marker alone costs ~25 tokens of the 300: unreachable unless the constants change.
  throw new AppError('INTERNAL', `the omitted-results marker does not fit in ${TOOL_RESULTS_TOKENS} tokens`);
}

/**
 * Shares `room` tokens among messages that would cost `costs` whole, each its whole cost
 * when that is at most an even share of what is left, else an even share (floor) of it:
 * cheaper messages go first (ties in input order), so what a short result leaves goes to
 * the longer ones. Σ shares ≤ room; share ≤ cost; and, when room ≥ n × m, every share
 * below its cost is ≥ m.
 */
export function shareToolResultTokens(costs: readonly number[], room: number): number[] {
  const order = costs.map((cost, index) => ({ cost, index })).sort((a, b) => a.cost - b.cost || a.index - b.index);
  const shares = costs.map(() => 0);
  let left = room;
  order.forEach(({ cost, index }, position) => {
    const share = Math.min(cost, Math.floor(left / (order.length - position)));
    shares[index] = share;
    left -= share;
  });
  return shares;
}

/**
 * A request's tool results as the session keeps them: all their messages (the marker's
 * included) cost at most TOOL_RESULTS_TOKENS together, whatever their number (see
 * planToolResults and shareToolResultTokens); each is head-tail fitted into its share.
 * A share pays for the result's call too, an empty assistant message: a result whose call
 * the prompt does not hold is shown after a stand-in of it (gatherParts), and which ones
 * those are is only known when they are recorded.
 * `pause` runs before each result's measuring and fitting (a few ms each), so the caller
 * can let other requests through; it changes nothing of the result.
 */
export async function fitToolResults<T extends { content: string }>(
  tokenizer: Tokenizer,
  results: readonly T[],
  pause: () => Promise<void> = async () => {},
): Promise<FittedToolResults<T>> {
  const plan = planToolResults(tokenizer, results.length);
  const kept = results.slice(plan.omitted);
  const call = tokenizer.messageCost('assistant', '');
  const overhead = call + tokenizer.messageCost('tool', '');
  const measured: KeptToolResult[] = [];
  for (const result of kept) {
    await pause();
    measured.push(measureToolResult(tokenizer, result.content));
  }
  const shares = shareToolResultTokens(measured.map((each) => overhead + each.tokens), plan.room);
  const fitted: Array<FittedToolResult<T>> = [];
  for (const [index, result] of kept.entries()) {
    const whole = measured[index] as KeptToolResult;
    const share = shares[index] as number;
    if (overhead + whole.tokens > share) await pause();
    fitted.push({ result, kept: fitToolResult(tokenizer, whole, share - call) });
  }
  return { marker: plan.marker, kept: fitted };
}
