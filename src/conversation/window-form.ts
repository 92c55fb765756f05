import type { Tokenizer } from '../tokens/tokenizer.js';
import { truncateTail } from '../tokens/truncate-tail.js';

/** Where a turn too long for the window is cut: the model reads that a part is missing. */
export const WINDOW_ELISION_MARKER = '\n[… the middle of this long message is left out here …]\n';

/**
 * Characters of each end of a long turn read per token of room: cutting tokenizes what it
 * is given, so it is given two bounded ends, never the whole text (ordinary text runs 3–5
 * characters a token, so each end still holds its half; runs of one symbol hold less).
 * Not more: a run of whitespace is one piece to the tokenizer, whose cost grows with the
 * square of its length (16 characters a token made a 64 KB message of newlines take 240 ms
 * to cut, all on the event loop; 8 take 30 ms).
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
  const text = clipped(tokenizer, turn.content, room);
  return text === null ? null : { text, tokens: overhead + tokenizer.count(text) };
}

// The head and the tail of `content` around the marker, counting ≤ room; null when nothing
// but whitespace would be kept. Head and tail are cut from two separate ends of at most
// END_CHARS_PER_TOKEN × room characters each, so neither reaches into the other or holds
// the marker, and the marker appears once.
function clipped(tokenizer: Tokenizer, content: string, room: number): string | null {
  const endChars = room * END_CHARS_PER_TOKEN;
  const bounded = content.length > 2 * endChars;
  const headEnd = bounded ? codePointEdge(content, endChars) : content.length;
  const headEnds = content.slice(0, headEnd);
  let share = room - tokenizer.count(WINDOW_ELISION_MARKER);
  while (share >= 2) {
    const head = tokenizer.truncate(headEnds, Math.ceil(share / 2));
    const tailEnds = bounded ? content.slice(codePointEdge(content, content.length - endChars)) : content.slice(head.length);
    const tail = truncateTail(tokenizer, tailEnds, Math.floor(share / 2));
    if (head.trim() === '' && tail.trim() === '') return null;
    const joined = `${head}${WINDOW_ELISION_MARKER}${tail}`;
    const size = tokenizer.count(joined);
    if (size <= room) return joined;
    share -= size - room;
  }
  return null;
}

// `at`, moved back one place if it would split a surrogate pair.
function codePointEdge(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}
