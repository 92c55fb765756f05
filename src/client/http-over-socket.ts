import { connect, type Socket } from 'node:net';
import { CallDeadline } from './call-deadline.js';
import { MalformedResponseError, ResponseParser, type RawResponse } from './response-parser.js';

export type { RawResponse } from './response-parser.js';

export interface RawRequest {
  method: string;
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The deadline of the whole `send`: waiting for a connection, connecting, a resend and reading the answer. */
  timeoutMs: number;
}

// The request never reached the server: a kept-alive connection closed under it.
class StaleConnectionError extends Error {}

// One request in flight on a connection.
interface Exchange {
  parser: ResponseParser;
  reused: boolean;
  /** Ends the exchange once: with the answer, or with why there is none. */
  settle(outcome: RawResponse | Error): void;
}

/**
 * HTTP/1.1 over one Unix socket, one request at a time per connection, with kept-alive
 * connections reused (idle ones do not keep the process alive) and at most `maxSockets`
 * open; further requests wait their turn. `timeoutMs` bounds the whole call, that wait and
 * a resend included. Each request goes out in one write and each
 * answer is read straight from the socket, which costs a fraction of `node:http`'s
 * client machinery on a daemon that answers in about a millisecond.
 *
 * A reused connection that the server had just closed fails before any answer (EPIPE,
 * ECONNRESET or the end of the connection): the request was never read, so it is sent
 * once more on a new connection.
 */
export class SocketHttp {
  private readonly idle: Socket[] = [];
  private readonly waiting: Array<() => void> = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly socketPath: string,
    private readonly maxSockets: number,
  ) {}

  async send(req: RawRequest): Promise<RawResponse> {
    const message = requestBytes(req);
    const deadline = new CallDeadline(req);
    try {
      return await this.exchange(req, message, deadline);
    } catch (error) {
      if (!(error instanceof StaleConnectionError)) throw error;
      return await this.exchange(req, message, deadline, true);
    } finally {
      deadline.clear();
    }
  }

  /** Closes every connection; requests still waiting for one fail. */
  close(): void {
    this.closed = true;
    for (const socket of this.idle.splice(0)) socket.destroy();
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async exchange(req: RawRequest, message: Buffer | string, deadline: CallDeadline, fresh = false): Promise<RawResponse> {
    const { socket, reused } = await this.acquire(deadline, fresh);
    return new Promise<RawResponse>((resolve, reject) => {
      const exchange: Exchange = {
        parser: new ResponseParser(req.method === 'HEAD'),
        reused,
        settle: (outcome) => {
          deadline.done();
          socket.removeListener('data', onData);
          socket.removeListener('error', onError);
          socket.removeListener('close', onClose);
          if (outcome instanceof Error) {
            socket.destroy();
            reject(outcome);
            return;
          }
          if (exchange.parser.reusable) this.release(socket);
          else socket.destroy();
          resolve(outcome);
        },
      };
      const onData = (bytes: Buffer): void => onBytes(exchange, bytes);
      const onError = (error: NodeJS.ErrnoException): void => exchange.settle(connectionError(exchange, req, error));
      const onClose = (): void => onEnd(exchange, req);
      socket.on('data', onData);
      socket.on('error', onError);
      socket.on('close', onClose);
      if (deadline.wait(exchange.settle)) {
        deadline.markSent();
        socket.write(message);
      }
    });
  }

  private async acquire(deadline: CallDeadline, fresh: boolean): Promise<{ socket: Socket; reused: boolean }> {
    for (;;) {
      if (this.closed) throw new Error('the memoryd client is closed');
      const kept = fresh ? undefined : this.idle.pop();
      if (kept !== undefined && (kept.destroyed || !kept.writable || kept.readableEnded)) {
        // The server ended it while idle and its close has not been handled yet.
        kept.destroy();
        continue;
      }
      if (kept !== undefined) {
        kept.ref();
        return { socket: kept, reused: true };
      }
      if (this.open < this.maxSockets) return { socket: await this.connect(deadline), reused: false };
      await this.waitTurn(deadline);
    }
  }

  // Until a connection is released or closed; a waiter whose deadline passes leaves the queue,
  // so a connection released later goes to a call still waiting.
  private waitTurn(deadline: CallDeadline): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        deadline.done();
        resolve();
      };
      this.waiting.push(wake);
      deadline.wait((error) => {
        const index = this.waiting.indexOf(wake);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(error);
      });
    });
  }

  private connect(deadline: CallDeadline): Promise<Socket> {
    this.open += 1;
    return new Promise<Socket>((resolve, reject) => {
      const socket = connect(this.socketPath);
      // Failing to connect and running out of time end alike: the socket and its place among the open ones go.
      const failed = (error: Error): void => {
        deadline.done();
        socket.removeListener('connect', connected);
        socket.removeListener('error', failed);
        socket.destroy();
        this.open -= 1;
        this.wakeOne();
        reject(error);
      };
      const connected = (): void => {
        deadline.done();
        socket.removeListener('error', failed);
        // A kept connection the server closes while idle just leaves the pool.
        socket.on('close', () => this.forget(socket));
        socket.on('error', () => undefined);
        resolve(socket);
      };
      socket.once('error', failed);
      socket.once('connect', connected);
      deadline.wait(failed);
    });
  }

  private release(socket: Socket): void {
    if (this.closed || socket.destroyed) {
      socket.destroy();
      return;
    }
    socket.unref();
    this.idle.push(socket);
    this.wakeOne();
  }

  private forget(socket: Socket): void {
    const index = this.idle.indexOf(socket);
    if (index >= 0) this.idle.splice(index, 1);
    this.open -= 1;
    this.wakeOne();
  }

  private wakeOne(): void {
    this.waiting.shift()?.();
  }
}

function onBytes(exchange: Exchange, bytes: Buffer): void {
  let response: RawResponse | null;
  try {
    response = exchange.parser.push(bytes);
  } catch (error) {
    exchange.settle(error instanceof MalformedResponseError ? error : new MalformedResponseError(String(error), { cause: error }));
    return;
  }
  if (response !== null) exchange.settle(response);
}

function onEnd(exchange: Exchange, req: RawRequest): void {
  let response: RawResponse | null;
  try {
    response = exchange.parser.end();
  } catch (error) {
    exchange.settle(error as Error);
    return;
  }
  if (response !== null) exchange.settle(response);
  else if (exchange.reused && !exchange.parser.received) exchange.settle(new StaleConnectionError(`kept-alive connection closed before ${req.method} ${req.path}`));
  else exchange.settle(new Error(`memoryd closed the connection before its answer to ${req.method} ${req.path} was complete`));
}

function connectionError(exchange: Exchange, req: RawRequest, error: NodeJS.ErrnoException): Error {
  const stale = exchange.reused && !exchange.parser.received && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
  if (stale) return new StaleConnectionError(error.message, { cause: error });
  return new Error(`${req.method} ${req.path}: ${error.message}`, { cause: error });
}

// The request line, headers and body as one string, or one buffer for a buffer body (one write, so one packet for the daemon to read).
function requestBytes(req: RawRequest): Buffer | string {
  if (!/^[A-Z]+$/.test(req.method)) throw new TypeError(`bad HTTP method ${JSON.stringify(req.method)}`);
  if (!/^\/[\x21-\x7e]*$/.test(req.path)) throw new TypeError(`bad request path ${JSON.stringify(req.path)}: it must start with / and hold no spaces or control characters`);
  const headers: Record<string, string> = { host: 'memoryd' };
  for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = value;
  const body = req.body;
  if (body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  } else if (req.method !== 'GET' && req.method !== 'HEAD') {
    headers['content-length'] = '0';
  }
  let head = `${req.method} ${req.path} HTTP/1.1\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) throw new TypeError(`bad header name ${JSON.stringify(name)}`);
    if (/[^\t\x20-\x7e]/.test(value)) throw new TypeError(`header ${name} holds a line break, a control or a non-ASCII character`);
    head += `${name}: ${value}\r\n`;
  }
  head += '\r\n';
  if (body === undefined) return head;
  return typeof body === 'string' ? head + body : Buffer.concat([Buffer.from(head, 'latin1'), body]);
}
