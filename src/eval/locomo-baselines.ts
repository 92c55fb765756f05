import type { Tokenizer } from '../tokens/tokenizer.js';
import type { Bm25Index } from './locomo-bm25.js';
import type { LocomoTurn } from './locomo-data.js';

/** A prompt built without memoryd, for the same question and budget. */
export interface BaselinePrompt {
  /** Turn texts in the prompt (the system prompt and the question aside). */
  contents: string[];
  tokens: number;
}

/** The system prompt and question every baseline prompt carries, and its budget. */
export interface BaselineFrame {
  systemPrompt: string;
  question: string;
  budget: number;
  tokenizer: Tokenizer;
}

/** BM25-retrieved turns fill at most this many tokens (the published reference's setting). */
export const BM25_FILL_TOKENS = 3500;

/**
 * "Most recent turns only": the system prompt, then whole turns from the newest back while
 * they fit the budget, then the question — every message costed with RT-007.
 */
export function recentTurnsPrompt(turns: readonly LocomoTurn[], frame: BaselineFrame): BaselinePrompt {
  const fixed = frameCost(frame);
  const kept: string[] = [];
  let tokens = fixed;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i] as LocomoTurn;
    const cost = frame.tokenizer.messageCost(turn.role, turn.text);
    if (tokens + cost > frame.budget) break;
    kept.unshift(turn.text);
    tokens += cost;
  }
  return { contents: kept, tokens };
}

/**
 * BM25 over all turns with the question as the query: the best-scoring turns (score > 0)
 * while they fit BM25_FILL_TOKENS and the budget, in conversation order.
 */
export function bm25Prompt(turns: readonly LocomoTurn[], index: Bm25Index, frame: BaselineFrame): BaselinePrompt {
  const scores = index.scores(frame.question);
  const ranked = turns.map((turn, i) => ({ turn, i, score: scores[i] ?? 0 })).filter((r) => r.score > 0);
  ranked.sort((a, b) => b.score - a.score || b.i - a.i);
  const room = Math.min(BM25_FILL_TOKENS, frame.budget - frameCost(frame));
  const chosen: Array<{ i: number; text: string }> = [];
  let used = 0;
  for (const { turn, i } of ranked) {
    const cost = frame.tokenizer.messageCost(turn.role, turn.text);
    if (used + cost > room) continue;
    chosen.push({ i, text: turn.text });
    used += cost;
  }
  chosen.sort((a, b) => a.i - b.i);
  return { contents: chosen.map((c) => c.text), tokens: frameCost(frame) + used };
}

function frameCost(frame: BaselineFrame): number {
  return frame.tokenizer.messageCost('system', frame.systemPrompt) + frame.tokenizer.messageCost('user', frame.question);
}
