import { fitContent } from '../layout/fit-text.js';
import { DEFAULT_ELISION_MARKER } from '../layout/index.js';
import { isRecord } from '../records.js';
import type { Tokenizer } from '../tokens/tokenizer.js';

/**
 * Characters kept from each end of a long output before fitting it exactly: 300 tokens
 * of ordinary text fit in far less, and fitting re-tokenizes what it is given many
 * times, so it must be given little (a 250 KB output once blocked the daemon for 3 s).
 */
export const TOOL_RESULT_END_CHARS = 1024;

/** What a session keeps of a tool's output, and count(text), so the turn need not count it again. */
export interface KeptToolResult {
  text: string;
  tokens: number;
}

const OMITTED = '[result omitted: too long]';

/** All the pending tool results of one request share this many tokens, messages and all (spec §3: 0–300). */
export const TOOL_RESULTS_TOKENS = 300;

/** The content of the turn that stands for the results a request left out: it says how many, never which. */
export function omittedResultsText(count: number): string {
  return `[${count} earlier tool result${count === 1 ? '' : 's'} omitted: the tool results of one request share ${TOOL_RESULTS_TOKENS} tokens]`;
}

const OMITTED_RESULTS = /^\[\d+ earlier tool results? omitted: the tool results of one request share \d+ tokens\]$/;

/** Whether a tool turn's content is that note (see omittedResultsText), memoryd's words, not a tool's. */
export function isOmittedResultsText(content: string): boolean {
  return OMITTED_RESULTS.test(content);
}

/**
 * A tool call as a sentence ("Called search_flights with from MAD, to LIS."): its arguments'
 * plain values by name, from the call's JSON (`{"name", "arguments"}` or the arguments
 * alone), or its text as given when it is no JSON object.
 */
const TOOL_KEYS: ReadonlySet<string> = new Set(['tool', 'tool_name', 'toolName', 'function', 'function_name', 'type']);

export function toolCallText(name: string, content: string): string {
  const args = callArguments(content);
  if (args === null) return content.trim() === '' ? `Called ${name}.` : `Called ${name}: ${content}`;
  const pairs = Object.entries(args)
    // The tool's own name under a key that names the tool ({"tool": "search_venues", …}) says nothing the sentence does not.
    .filter(([key, value]) => key !== 'name' && !(TOOL_KEYS.has(key) && value === name) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
    .map(([key, value]) => `${key} ${String(value)}`);
  return pairs.length === 0 ? `Called ${name}.` : `Called ${name} with ${pairs.join(', ')}.`;
}

function callArguments(content: string): Record<string, unknown> | null {
  const call = parsedObject(content);
  if (call === null) return null;
  const args = call.arguments;
  if (args === undefined) return call;
  return typeof args === 'string' ? parsedObject(args) ?? {} : isRecord(args) ? args : {};
}

function parsedObject(text: string): Record<string, unknown> | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A tool's output as a session keeps it: whole when its message costs at most
 * `maxTokens`, else its head and tail around an elision marker. The raw output is
 * discardable; what the model saw is what the session remembers.
 */
export function keepToolResult(tokenizer: Tokenizer, content: string, maxTokens: number): KeptToolResult {
  return fitToolResult(tokenizer, measureToolResult(tokenizer, content), maxTokens);
}

/**
 * A tool's output bounded to its first and last TOOL_RESULT_END_CHARS characters when
 * longer than four times that, and count(text): what keeping it starts from. The
 * message it makes costs `messageCost('tool', '') + tokens`.
 */
export function measureToolResult(tokenizer: Tokenizer, content: string): KeptToolResult {
  const bounded = content.length > 4 * TOOL_RESULT_END_CHARS ? headAndTail(content, TOOL_RESULT_END_CHARS) : content;
  return { text: bounded, tokens: tokenizer.count(bounded) };
}

/** A measured output (see measureToolResult) as kept within a message of `maxTokens`. */
export function fitToolResult(tokenizer: Tokenizer, measured: KeptToolResult, maxTokens: number): KeptToolResult {
  const room = maxTokens - tokenizer.messageCost('tool', '');
  if (measured.tokens <= room) return measured;
  const fitted = fitContent(tokenizer, measured.text, room, 'head-tail', DEFAULT_ELISION_MARKER);
  return fitted === null ? { text: OMITTED, tokens: tokenizer.count(OMITTED) } : { text: fitted.text, tokens: fitted.size };
}

/** The first and last `chars` characters of `text` around `marker`, cut on code-point boundaries. */
export function headAndTail(text: string, chars: number, marker: string = DEFAULT_ELISION_MARKER): string {
  let headEnd = chars;
  if (isLowSurrogate(text.charCodeAt(headEnd))) headEnd -= 1;
  let tailStart = text.length - chars;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  return `${text.slice(0, headEnd)}${marker}${text.slice(tailStart)}`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
