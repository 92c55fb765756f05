import { Agent } from 'node:http';
import { fuzzCase, type FuzzCase, type FuzzContext } from './fuzz-cases.js';
import { exchange, NoResponseError, rawBody, rawExchange } from './http-exchange.js';
import { derivedRandom } from './seed.js';

export interface FuzzOutcome {
  /** The case's number in the seeded sequence (fuzzCaseAt replays it). */
  index: number;
  category: string;
  label: string;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** Why the answer breaks the rules (null when it is a proper 4xx error). */
  problem: string | null;
  start: number;
  end: number;
}

export interface FuzzOptions {
  socketPath: string;
  seed: number;
  count: number;
  concurrency: number;
  context: FuzzContext;
}

/** Sends `count` seeded fuzz cases over `concurrency` connections and checks every answer. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome[]> {
  const outcomes: FuzzOutcome[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let index = next++; index < options.count; index = next++) {
        outcomes.push(await sendCase(options.socketPath, agent, index, fuzzCaseAt(options.seed, index, options.context)));
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return outcomes;
}

/** Case `index` of the sequence a seed gives (the same case every time). */
export function fuzzCaseAt(seed: number, index: number, context: FuzzContext): FuzzCase {
  return fuzzCase(derivedRandom(seed, 100_000 + index), context);
}

/** Sends one case and checks its answer against the error rules. */
export async function sendCase(socketPath: string, agent: Agent | false, index: number, fuzz: FuzzCase): Promise<FuzzOutcome> {
  const start = Date.now();
  const outcome = (status: number | null, problem: string | null): FuzzOutcome => ({ index, category: fuzz.category, label: fuzz.label, status, problem, start, end: Date.now() });
  if (fuzz.raw) {
    const answer = await rawExchange(socketPath, fuzz.raw.bytes, { endAfterWrite: fuzz.raw.endAfterWrite, idleMs: 10_000 });
    if (answer.status === null) return outcome(null, `no HTTP answer (${answer.closedByServer ? 'closed' : 'silent for 10 s'}): ${JSON.stringify(answer.text.slice(0, 100))}`);
    const type = /\r\ncontent-type:\s*([^\r\n]*)/i.exec(answer.text)?.[1] ?? '';
    return outcome(answer.status, errorFormatProblem(answer.status, type, rawBody(answer.text)));
  }
  if (!fuzz.request) throw new Error(`fuzz case ${fuzz.label} has nothing to send`);
  try {
    const answer = await exchange(socketPath, fuzz.ownConnection ? false : agent, fuzz.request, 30_000);
    return outcome(answer.status, errorFormatProblem(answer.status, String(answer.headers['content-type'] ?? ''), answer.body));
  } catch (error) {
    if (!(error instanceof NoResponseError)) throw error;
    return outcome(null, `no answer: ${error.errorCode ?? ''} ${error.message}`);
  }
}

/**
 * api.md's error rules for a refused request: a 4xx, JSON, `{"error": {code, message,
 * details}}`, and nothing of the daemon's insides (no stack trace, no file path).
 */
export function errorFormatProblem(status: number, contentType: string, body: string): string | null {
  if (status < 400 || status >= 500) return `status ${status}: ${body.slice(0, 200)}`;
  if (!contentType.includes('application/json')) return `content-type ${JSON.stringify(contentType)}: ${body.slice(0, 200)}`;
  if (/\n\s+at |node_modules|file:\/\/|\/work\/|\.ts:\d+/.test(body)) return `a stack trace or path leaked: ${body.slice(0, 300)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown; details?: unknown } }).error;
  const wellFormed =
    error !== undefined &&
    typeof error.code === 'string' &&
    /^[A-Z_]+$/.test(error.code) &&
    typeof error.message === 'string' &&
    typeof error.details === 'object' &&
    error.details !== null &&
    !Array.isArray(error.details);
  return wellFormed ? null : `not the api.md error format: ${body.slice(0, 200)}`;
}
