import type { z } from 'zod';
import type { ToolCachePutBody, toolCacheGetResponseSchema, toolCachePutResponseSchema } from '../api/schemas/cache.js';
import type { DiscardBody, DiscardResponse } from '../api/schemas/discard.js';
import type {
  FactAddResponse,
  FactChainResponse,
  FactEditResponse,
  FactListQuery,
  FactListResponse,
  FactPatchBody,
  FactResponse,
  NewFactBody,
} from '../api/schemas/facts.js';
import type { HealthResponse } from '../api/schemas/health.js';
import type {
  ContextRequestBody,
  ContextResponse,
  EndSessionResponse,
  SessionResponse,
  TurnRequestBody,
  TurnResponse,
} from '../api/schemas/sessions.js';
import { SocketHttp, type RawResponse } from './http-over-socket.js';

export { MemorydTimeoutError, type WaitingFor } from './call-deadline.js';

/** A tool-cache lookup: `hit` with the result and its times, or a miss (still a 200). */
export type ToolCacheLookup = z.infer<typeof toolCacheGetResponseSchema>;
export type ToolCacheStored = z.infer<typeof toolCachePutResponseSchema>;

/**
 * An error answered by the daemon, with the fields of api.md's error format; `body` is the
 * whole answer (a degraded health check's 503 also carries the health fields). An answer
 * without the error format has the code `HTTP_<status>` and its text as the message.
 */
export class MemorydApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown>,
    readonly body: unknown = undefined,
    options: { cause?: unknown } = {},
  ) {
    super(`${status} ${code}: ${message}`, options);
    this.name = 'MemorydApiError';
  }
}

// Requests beyond this many at once wait for a connection.
const MAX_CONNECTIONS = 16;
const DEFAULT_TIMEOUT_MS = 30_000;
// Node's timers fire after 1 ms for a delay past this (or one that is not a number): "no limit" would fail every call.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function checkedTimeout(timeoutMs: number): number {
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(`timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got ${timeoutMs}`);
  }
  return timeoutMs;
}

export interface ClientOptions {
  socketPath: string;
  /**
   * How long a call may take, from the call to the answer: waiting for a free connection,
   * connecting, a resend and reading the answer all count. Default 30 s; a whole number
   * of ms up to 2^31 − 1 (a RangeError otherwise).
   */
  timeoutMs?: number;
}

/**
 * A small typed client for memoryd's socket API.
 *
 * ```ts
 * const memoryd = new MemorydClient({ socketPath: 'data/memoryd.sock' });
 * const { messages } = await memoryd.context('chat-1', { message: 'What did we decide?' });
 * ```
 */
export class MemorydClient {
  private readonly http: SocketHttp;
  private readonly timeoutMs: number;

  constructor(options: ClientOptions) {
    this.http = new SocketHttp(options.socketPath, MAX_CONNECTIONS);
    this.timeoutMs = checkedTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  health(): Promise<HealthResponse> {
    return this.json('GET', '/v1/health');
  }

  openapi(): Promise<Record<string, unknown>> {
    return this.json('GET', '/v1/openapi.json');
  }

  /**
   * The main call, once per user message: records it and returns the prompt to send to
   * the LLM (or, in `cached`, an earlier answer that makes the call unnecessary).
   */
  context(sessionId: string, body: ContextRequestBody): Promise<ContextResponse> {
    return this.json('POST', sessionPath(sessionId, '/context'), body);
  }

  /** Records the assistant's answer (`outputValid`, `cacheable`) or a tool's result. */
  recordTurn(sessionId: string, body: TurnRequestBody): Promise<TurnResponse> {
    return this.json('POST', sessionPath(sessionId, '/turns'), body);
  }

  /** The session's window (size and why), open segment, active summaries and prompt-size stats. */
  session(sessionId: string): Promise<SessionResponse> {
    return this.json('GET', sessionPath(sessionId));
  }

  /** Ends the session: the window and open segment become summaries. */
  endSession(sessionId: string): Promise<EndSessionResponse> {
    return this.json('DELETE', sessionPath(sessionId));
  }

  /** Erases the session: its turns, summaries and error records, and every cached answer (its facts stay). */
  eraseSession(sessionId: string): Promise<EndSessionResponse> {
    return this.json('DELETE', `${sessionPath(sessionId)}?erase=true`);
  }

  /** The cached result of an idempotent tool called with equal `params` (key order does not matter), or a miss. */
  cachedToolResult(toolName: string, params: Record<string, unknown>): Promise<ToolCacheLookup> {
    return this.json('GET', `/v1/tool-cache/${encodeURIComponent(toolName)}?params=${encodeURIComponent(JSON.stringify(params))}`);
  }

  /** Caches an idempotent tool's result for 1 h; `idempotent: true` says the tool has no side effects (else 400). */
  cacheToolResult(toolName: string, body: ToolCachePutBody): Promise<ToolCacheStored> {
    return this.json('PUT', `/v1/tool-cache/${encodeURIComponent(toolName)}`, body);
  }

  /** Hands memoryd a discardable record: it goes to the 24 h logs only, never to a prompt. */
  discard(record: DiscardBody): Promise<DiscardResponse> {
    return this.json('POST', '/v1/discard', record);
  }

  /** The Prometheus text of `GET /v1/metrics`. */
  async metrics(): Promise<string> {
    return (await this.raw('GET', '/v1/metrics')).body;
  }

  /** Facts by domain, status (default active; or 'all'), text and limit. */
  listFacts(query: FactListQuery = {}): Promise<FactListResponse> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    const search = params.toString();
    return this.json('GET', `/v1/facts${search === '' ? '' : `?${search}`}`);
  }

  getFact(id: string): Promise<FactResponse> {
    return this.json('GET', factPath(id));
  }

  /**
   * Adds a fact; it is durable when the promise resolves. `created` is false when the same
   * statement was already live in the domain and was re-confirmed instead; `superseded`
   * lists the live facts of its subject it replaced.
   */
  addFact(body: NewFactBody): Promise<FactAddResponse> {
    return this.json('POST', '/v1/facts', body);
  }

  /** Edits and/or re-confirms (`confirm: true`) a fact: `edited` says whether its text, domain or confidence changed. */
  updateFact(id: string, body: FactPatchBody): Promise<FactEditResponse> {
    return this.json('PATCH', factPath(id), body);
  }

  /** Soft-deletes a fact, with an optional reason. */
  deleteFact(id: string, reason?: string): Promise<FactResponse> {
    return this.json('DELETE', factPath(id), reason === undefined ? undefined : { reason });
  }

  /** Deletes a fact and erases its text, subject and vector, and those of the older values it replaced. */
  eraseFact(id: string, reason?: string): Promise<FactResponse> {
    return this.json('DELETE', factPath(id), reason === undefined ? { erase: true } : { reason, erase: true });
  }

  /** The facts a fact replaced and those that replaced it, oldest first. */
  factChain(id: string): Promise<FactChainResponse> {
    return this.json('GET', factPath(id, '/chain'));
  }

  /** Any request, for endpoints this client has no method for; throws MemorydApiError on 4xx/5xx. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.raw(method, path, body === undefined ? undefined : JSON.stringify(body));
    return parseOrThrow<T>(response);
  }

  /** The exchange as it happened, without interpreting the status. */
  raw(method: string, path: string, body?: string | Buffer, headers?: Record<string, string>): Promise<RawResponse> {
    return this.http.send({ method, path, body, headers, timeoutMs: this.timeoutMs });
  }

  /** Closes the kept-alive connections (idle ones never keep the process alive). */
  close(): void {
    this.http.close();
  }
}

export function sessionPath(sessionId: string, rest = ''): string {
  return `/v1/sessions/${encodeURIComponent(sessionId)}${rest}`;
}

export function factPath(id: string, rest = ''): string {
  return `/v1/facts/${encodeURIComponent(id)}${rest}`;
}

function parseOrThrow<T>(response: RawResponse): T {
  const type = String(response.headers['content-type'] ?? '');
  let parsed: unknown = response.body;
  if (type.includes('application/json') && response.body !== '') {
    try {
      parsed = JSON.parse(response.body);
    } catch (cause) {
      throw new MemorydApiError(response.status, `HTTP_${response.status}`, `the answer is labelled JSON but is not: ${clipped(response.body)}`, {}, response.body, {
        cause,
      });
    }
  }
  if (response.status >= 200 && response.status < 300) return parsed as T;
  const error = errorObject(parsed);
  if (error) throw new MemorydApiError(response.status, error.code, error.message, error.details, parsed);
  throw new MemorydApiError(response.status, `HTTP_${response.status}`, `the answer has no error object: ${clipped(response.body)}`, {}, parsed);
}

function clipped(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

function errorObject(parsed: unknown): { code: string; message: string; details: Record<string, unknown> } | null {
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return null;
  const error: unknown = parsed.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return { code, message, details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {} };
}
