import { fitContent } from '../layout/fit-text.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { headAndTail } from './tool-result-text.js';

/** Where a turn too long for the window is cut: the model reads that a part is missing. */
export const WINDOW_ELISION_MARKER = '\n[… the middle of this long message is left out here …]\n';

/**
 * Characters kept from each end of a long turn per token of room, before fitting it
 * exactly: fitting re-tokenizes what it is given several times, so it is given a bounded
 * text (ordinary text runs 3–5 characters a token, so each end still holds its half).
 */
const END_CHARS_PER_TOKEN = 8;

/** A turn as the window shows it, and that message's RT-007 cost. */
export interface WindowForm {
  text: string;
  tokens: number;
}

/** The turn fields the window's form depends on. */
export interface WindowFormTurn {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  toolCallId: string | null;
  /** The RT-007 cost of the turn's whole message. */
  tokenCount: number;
}

/**
 * The cost above which a turn is shown clipped in the window: half the window's token
 * cap (600 of 1200 by default), so a long answer still leaves room for the question
 * before it and the message after it.
 */
export function windowFormLimit(maxWindowTokens: number): number {
  return Math.floor(maxWindowTokens / 2);
}

/**
 * How the window shows a turn whose message costs more than windowFormLimit: its head and
 * tail around WINDOW_ELISION_MARKER, in a message costing at most that limit. Null when
 * the turn is shown whole: short enough, a tool result or a tool call (a call and its
 * results are one unit, kept whole; a result is already bounded when recorded), or a text
 * of which no head and tail fit. Computed once, when the turn is stored; without it a
 * single answer longer than the window's cap could never be in the window, and the prompt
 * after a long answer would hold nothing of it until its segment closed.
 */
export function windowForm(tokenizer: Tokenizer, turn: WindowFormTurn, maxWindowTokens: number): WindowForm | null {
  const limit = windowFormLimit(maxWindowTokens);
  if (turn.role === 'tool' || turn.toolCallId !== null || turn.tokenCount <= limit) return null;
  const overhead = tokenizer.messageCost(turn.role, '');
  const room = limit - overhead;
  if (room <= 0) return null;
  const endChars = room * END_CHARS_PER_TOKEN;
  const bounded = turn.content.length > 4 * endChars ? headAndTail(turn.content, endChars, WINDOW_ELISION_MARKER) : turn.content;
  const fitted = fitContent(tokenizer, bounded, room, 'head-tail', WINDOW_ELISION_MARKER);
  return fitted === null ? null : { text: fitted.text, tokens: overhead + fitted.size };
}
