import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../discardable/logger.js';
import { AppError, messageOf } from '../errors.js';
import { bodyTooLargeError, mapClientError, mapError } from './error-mapping.js';
import { parseJsonBody } from './json-body.js';
import { installLingeringClose } from './lingering-close.js';
import { installShutdownDrain } from './shutdown-drain.js';
import { pathShape, Reply, type RouteSpec } from './route.js';
import { badUrlIssues, invalidRequestError, parseRequest } from './validation.js';

export interface ServerOptions {
  routes: RouteSpec[];
  logger: Logger;
  maxBodyBytes: number;
  /** How long a closing connection still reads its client (lingering-close.ts); LINGER_MS by default. */
  lingerMs?: number;
  /**
   * Called once per finished request, for metrics; a request whose client went away before
   * it was read whole has CLIENT_CLOSED_REQUEST for its status.
   */
  onResponse?: (route: string, status: number, ms: number) => void;
}

/**
 * The status a request is counted under when its client closed the connection before
 * sending it whole: no answer was sent, and nothing failed in memoryd. nginx's "client
 * closed request", which log and metrics readers know.
 */
export const CLIENT_CLOSED_REQUEST = 499;

// Long enough for requests already sent to be read and refused, short against the shutdown timeout (4 s by default).
const SHUTDOWN_DRAIN = { quietMs: 50, maxMs: 500 };

const KEEP_ALIVE_MS = 10 * 60_000;

// Long session ids must reach validation (a 400 naming the field), not fail routing (404).
const MAX_PARAM_LENGTH = 64 * 1024;

/**
 * Builds the Fastify app: the routes, JSON bodies parsed strictly, and every error —
 * ours or Fastify's, 404 and 405 included — in the error format of api.md.
 */
export function createServer(options: ServerOptions): FastifyInstance {
  const log = options.logger.child({ part: 'api' });
  // Which route a path has the shape of, for a bad escape's 400 and the 404/405: compiled once.
  const shapes = options.routes.map((route) => ({ method: route.method, path: route.path, ...pathShape(route.path) }));
  // The route of a request answered 405 (a known path, another method): its metrics label.
  const refusedMethod = new WeakMap<object, string>();
  // Sockets whose parser error has been answered: the parser repeats it on every later read.
  const answered = new WeakSet<Socket>();
  const app = Fastify({
    logger: false,
    // Node closes an idle kept-alive connection after 5 s, racing a client that reuses it
    // at that moment (an assistant often waits longer than that on its LLM). On a local
    // socket an idle connection costs nothing; shutdown closes idle ones at once.
    keepAliveTimeout: KEEP_ALIVE_MS,
    // On a Unix socket the Host header names nothing. Node refuses an HTTP/1.1 request
    // without one with a bare 400 before Fastify sees it; no route reads it, so it is optional.
    http: { requireHostHeader: false },
    bodyLimit: options.maxBodyBytes,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: true },
    // Requests that arrive while closing get our 503 (shutdown-drain.ts), not Fastify's.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Bad URL escapes and over-long path segments, found before routing.
    frameworkErrors: (error, request, reply) => {
      sendError(reply, error.code === 'FST_ERR_BAD_URL' ? invalidRequestError(badUrlIssues(request.url, shapes)) : error);
    },
    clientErrorHandler: (error, socket) => answerClientError(error, socket as Socket, { log, answered }),
  });

  installShutdownDrain(app, SHUTDOWN_DRAIN);
  const lingering = installLingeringClose(app.server, options.lingerMs);
  // Registered after the drain: once late requests have had their 503, stop reading.
  app.addHook('preClose', async () => lingering.destroyAll());
  app.removeAllContentTypeParsers();
  // Every body is JSON whatever its Content-Type, so `curl -d '{…}'` works as documented.
  // Fastify answers a header it cannot parse (`json`, an empty one) with a 415 before any
  // parser runs, so the header is dropped before Fastify reads it: only the body counts.
  app.addHook('onRequest', (request, _reply, done) => {
    delete request.raw.headers['content-type'];
    done();
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  for (const route of options.routes) {
    app.route({ method: route.method, url: route.path, handler: (request, reply) => handle(route, request, reply) });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const matching = shapes.filter((entry) => entry.pattern.test(path));
    const allowed = matching.map((entry) => entry.method);
    if (matching[0] !== undefined) refusedMethod.set(request, matching[0].path);
    const error =
      allowed.length > 0
        ? new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${truncate(path)}; use ${allowed.join(', ')}`, {
            details: { allowed },
          })
        : new AppError('NOT_FOUND', `no route ${request.method} ${truncate(path)}`);
    if (allowed.length > 0) void reply.header('allow', allowed.join(', '));
    sendError(reply, error);
  });

  app.setErrorHandler((error, request, reply) => {
    // Node fails the body's stream with ECONNRESET ("aborted") when the client closes the
    // connection before the end of its body: routine (a client timed out, was stopped), so
    // no error, no stack trace in the journal, and counted apart rather than as a 400 or 500.
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') {
      const route = request.routeOptions.url ?? 'unmatched';
      const ms = reply.elapsedTime;
      log.info({ method: request.method, route, url: truncate(request.url), ms: Math.round(ms * 1000) / 1000 }, 'the client closed the connection before sending the whole request');
      options.onResponse?.(route, CLIENT_CLOSED_REQUEST, ms);
      reply.hijack();
      return;
    }
    const tooLarge = (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE';
    if (tooLarge) discardRestOfBody(request.raw, reply);
    const mapped = sendError(reply, tooLarge ? bodyTooLargeError(options.maxBodyBytes, request.headers['content-length']) : error);
    if (mapped.internal) log.error({ err: error, method: request.method, url: truncate(request.url) }, 'request failed');
    // Refused for want of a working database (a full disk, a file gone): the operator's to mend,
    // with SQLite's error behind it, in words: no stack trace, which says nothing more of a
    // known condition and, with every refused request, filled the journal of a full disk
    // (~2.5 KB a request). Not a 503 while shutting down: the client retries.
    else if (mapped.status === 503 && 'down' in mapped.body.error.details) {
      const route = request.routeOptions.url ?? 'unmatched';
      const cause = error instanceof Error && error.cause !== undefined ? messageOf(error.cause) : undefined;
      log.error({ method: request.method, route, url: truncate(request.url), details: mapped.body.error.details, cause }, mapped.body.error.message);
    }
  });

  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const route = request.routeOptions.url ?? refusedMethod.get(request) ?? 'unmatched';
    options.onResponse?.(route, reply.statusCode, ms);
    log.debug({ method: request.method, route, status: reply.statusCode, ms: Math.round(ms * 1000) / 1000 }, 'request');
    done();
  });

  return app;
}

async function handle(route: RouteSpec, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const input = parseRequest(route, {
    params: request.params,
    query: request.query,
    body: request.body,
    url: request.url,
    // Fastify reads no body for a GET: whether one was sent is in the headers.
    unreadBody: (request.method === 'GET' || request.method === 'HEAD') && sentBody(request.headers),
  });
  const output = await route.handler(input);
  if (output instanceof Reply) {
    void reply.code(output.status);
    if (output.payload.text !== undefined) {
      void reply.type(output.payload.contentType ?? 'text/plain; charset=utf-8').send(output.payload.text);
    } else {
      void reply.type('application/json; charset=utf-8').send(JSON.stringify(output.payload.json ?? null));
    }
    return;
  }
  void reply.code(route.status ?? 200).type('application/json; charset=utf-8').send(JSON.stringify(output));
}

function sentBody(headers: FastifyRequest['headers']): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

// A client may send this much more of a refused body before its connection is cut.
const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

// Fastify answers an over-limit body with `Connection: close`, and Node then closes the
// socket while the client may still be uploading: its next write fails (EPIPE) and it
// never reads the 413. Instead the connection stays open and the rest of the body is
// read and thrown away (up to MAX_DISCARDED_BYTES), so the client always gets its answer
// and keeps its connection. A client that asked for `Connection: close` still has it
// closed after the 413: lingering-close.ts covers that case.
function discardRestOfBody(raw: IncomingMessage, reply: FastifyReply): void {
  void reply.removeHeader('connection');
  let discarded = 0;
  const onData = (chunk: Buffer): void => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) raw.socket.destroy();
  };
  raw.on('data', onData);
  raw.once('end', () => raw.off('data', onData));
  raw.resume();
}

function sendError(reply: FastifyReply, error: unknown): ReturnType<typeof mapError> {
  const mapped = mapError(error);
  void reply.code(mapped.status).type('application/json; charset=utf-8').send(JSON.stringify(mapped.body));
  return mapped;
}

// Requests the HTTP parser refused get the api.md error format too; then the connection
// closes, lingering (lingering-close.ts) so a client still sending reads the answer.
function answerClientError(error: NodeJS.ErrnoException, socket: Socket, state: { log: Logger; answered: WeakSet<Socket> }): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || state.answered.has(socket)) return;
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  state.answered.add(socket);
  const { status, body } = mapClientError(error);
  state.log.debug({ code: error.code, status }, 'refused a request the HTTP parser could not read');
  const text = JSON.stringify(body);
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  socket.destroySoon();
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
