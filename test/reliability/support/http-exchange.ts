import { request, type Agent, type ClientRequest } from 'node:http';
import { connect } from 'node:net';

export interface Exchange {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send the body with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
}

export interface ExchangeResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

/** A request whose answer never came: the connection failed, was reset, or timed out. */
export class NoResponseError extends Error {
  constructor(
    readonly reason: string,
    readonly errorCode: string | undefined,
    /** It failed on a reused kept-alive connection before any answer. */
    readonly staleConnection = false,
  ) {
    super(reason);
    this.name = 'NoResponseError';
  }
}

/**
 * One HTTP exchange over a Unix socket with full control of method, headers and body.
 * The answer counts as soon as it arrives, even when the server answers (413) before
 * the client has finished writing a large body.
 */
export async function exchange(socketPath: string, agent: Agent | false, req: Exchange, timeoutMs = 30_000): Promise<ExchangeResult> {
  try {
    return await exchangeOnce(socketPath, agent, req, timeoutMs);
  } catch (error) {
    // A kept-alive connection closed under a reused socket before any answer: the request
    // never reached the server. Sent again once on a new connection, as Node's
    // documentation recommends (and as memoryd's client does); a second failure counts.
    if (!(error instanceof NoResponseError) || !error.staleConnection) throw error;
    return exchangeOnce(socketPath, agent, req, timeoutMs);
  }
}

function exchangeOnce(socketPath: string, agent: Agent | false, req: Exchange, timeoutMs: number): Promise<ExchangeResult> {
  const started = performance.now();
  return new Promise<ExchangeResult>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void): void => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    const headers: Record<string, string> = { host: 'memoryd', ...req.headers };
    if (req.body !== undefined && !req.chunked) headers['content-length'] ??= String(Buffer.byteLength(req.body));
    if (req.body !== undefined) headers['content-type'] ??= 'application/json';
    let answered = false;
    let markAnswered = (): void => {};
    const arrived = new Promise<void>((resolve) => (markAnswered = resolve));
    const outgoing = request({ socketPath, agent, method: req.method, path: req.path, headers, timeout: timeoutMs }, (incoming) => {
      answered = true;
      markAnswered();
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        settle(() =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
        );
        // Answered before the body was all sent: this connection cannot carry another request.
        if (!outgoing.writableEnded) outgoing.destroy();
      });
      incoming.on('error', (error: NodeJS.ErrnoException) => settle(() => reject(new NoResponseError(error.message, error.code))));
    });
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const stale = outgoing.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      const where = `${answered ? 'after' : 'before'} an answer, ${outgoing.socket?.bytesWritten ?? 0} bytes written, ${Math.round(performance.now() - started)} ms`;
      settle(() => reject(new NoResponseError(`${error.message} (${where})`, error.code, stale)));
    });
    void writeBody(outgoing, req.body, req.chunked === true, { given: () => answered || settled, arrived });
  });
}

const CHUNK_BYTES = 64 * 1024;
const PAUSE_EVERY_BYTES = 1024 * 1024;
// Generous: a refusal normally comes in milliseconds, but a busy daemon on a loaded
// machine may take a while, and writing on after it has refused loses its answer.
const REFUSAL_WAIT_MS = 10_000;

// Writes the body in pieces, respecting backpressure, and stops as soon as an answer has
// come: a server that refuses a 10 MB body closes the connection after its 413, and a
// write after that turns the 413 into an EPIPE (Node's client then drops the answer).
// So a body over 1 MiB is paced: the writer waits for an answer after the headers and
// just past every MiB (where a server with a 1 MiB limit refuses) before going on.
async function writeBody(
  outgoing: ClientRequest,
  body: Buffer | string | undefined,
  chunked: boolean,
  answer: { given: () => boolean; arrived: Promise<void> },
): Promise<void> {
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const pause = (ms: number): Promise<void> => Promise.race([answer.arrived, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
  const paced = bytes.length > PAUSE_EVERY_BYTES;
  if (paced) {
    outgoing.flushHeaders();
    // A declared length over the limit is refused on the headers; a chunked body only once a MiB has come.
    await pause(chunked ? 100 : REFUSAL_WAIT_MS);
  }
  for (let at = 0; at < bytes.length && !answer.given(); at += CHUNK_BYTES) {
    // Just past a MiB boundary: the server may have refused on the last piece.
    if (paced && at > PAUSE_EVERY_BYTES && (at - CHUNK_BYTES) % PAUSE_EVERY_BYTES === 0) await pause(REFUSAL_WAIT_MS);
    if (answer.given()) return;
    if (!outgoing.write(bytes.subarray(at, at + CHUNK_BYTES))) {
      await new Promise<void>((resolve) => {
        const resume = (): void => {
          outgoing.off('drain', resume);
          outgoing.off('close', resume);
          resolve();
        };
        outgoing.on('drain', resume);
        outgoing.on('close', resume);
      });
    }
  }
  if (!answer.given() && !outgoing.destroyed) outgoing.end();
}

export interface RawResult {
  /** Everything the server wrote before closing (or before `idleMs` of silence). */
  text: string;
  status: number | null;
  closedByServer: boolean;
}

/**
 * Writes raw bytes to the socket (not necessarily valid HTTP) and collects what comes
 * back: for inputs Node's HTTP client refuses to produce.
 */
export function rawExchange(socketPath: string, bytes: Buffer, options: { endAfterWrite?: boolean; idleMs?: number } = {}): Promise<RawResult> {
  const idleMs = options.idleMs ?? 2000;
  return new Promise<RawResult>((resolve, reject) => {
    const socket = connect({ path: socketPath });
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (closedByServer: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ text, status: match ? Number(match[1]) : null, closedByServer });
    };
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), idleMs);
    };
    socket.on('connect', () => {
      socket.write(bytes);
      if (options.endAfterWrite) socket.end();
      arm();
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      arm();
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish(true);
      else reject(error);
    });
  });
}

/** The body of a raw HTTP response (after the blank line), for checking its format. */
export function rawBody(text: string): string {
  const at = text.indexOf('\r\n\r\n');
  return at < 0 ? '' : text.slice(at + 4);
}
