import { SETTINGS } from '../config/settings.js';
import { AppError, overSizeLimit, type ErrorCode, type PayloadTooLargeError } from '../errors.js';

// The one place error codes become HTTP statuses.
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  INVALID_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  CONTEXT_CRITICAL_OVERFLOW: 422,
  // The layout's guard against its own bug (a total over budget): nothing the client can fix.
  CONTEXT_OVERFLOW: 500,
  SHUTTING_DOWN: 503,
  UNAVAILABLE: 503,
  CONFIG_INVALID: 500,
  ALREADY_RUNNING: 500,
  STORAGE: 500,
  EMBEDDER: 500,
  INTERNAL: 500,
};

/** The error body of api.md: `{"error": {"code", "message", "details"}}`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: Record<string, unknown> };
}

export interface MappedError {
  status: number;
  body: ErrorBody;
  /** True when the error is ours to fix (logged with its stack, never shown to the client). */
  internal: boolean;
}

const BODY_LIMIT_VARIABLE = SETTINGS.maxBodyBytes.env;

/**
 * The 413 for a body over the body limit, worded like the one for a message over its
 * limit: Fastify refuses it without saying the limit or the size. The size is known when
 * the client declared it (Fastify refuses a Content-Length over the limit before reading),
 * not when a chunked body crosses the limit on the way in.
 */
export function bodyTooLargeError(limit: number, contentLength: string | undefined): PayloadTooLargeError {
  const declared = contentLength !== undefined && /^\d+$/.test(contentLength) ? Number(contentLength) : undefined;
  const bytes = declared !== undefined && declared > limit ? declared : undefined;
  return overSizeLimit({ path: 'body', label: 'the request body' }, bytes, limit, BODY_LIMIT_VARIABLE);
}

// Fastify's own errors for requests it could not read, by their stable codes.
const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string; details?: Record<string, unknown> }> = {
  // A safety net: the server's error handler answers this code with bodyTooLargeError, which
  // knows the limit; nothing else maps it today, and here the limit is not known.
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: `the request body is over the limit (${BODY_LIMIT_VARIABLE})`,
    details: { path: 'body', variable: BODY_LIMIT_VARIABLE },
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_REQUEST', message: 'the Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_REQUEST', message: 'the request body is empty' },
  // The server reads every body as JSON and drops the Content-Type before Fastify sees it
  // (server.ts); should Fastify still refuse one, the header is what the client must fix.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'INVALID_REQUEST',
    message: 'invalid request: headers.content-type: not a media type',
    details: { issues: [{ path: 'headers.content-type', message: 'not a media type; send application/json or leave it out' }] },
  },
  // The server names the parameter when it can (validation.ts badUrlIssues); this is the fallback.
  FST_ERR_BAD_URL: {
    code: 'INVALID_REQUEST',
    message: 'invalid request: path: not a valid URL path',
    details: { issues: [{ path: 'path', message: 'not a valid URL path' }] },
  },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'INVALID_REQUEST', message: 'a path segment is over the length limit' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'INVALID_REQUEST', message: 'the request does not match any route constraint' },
};

export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    const status = STATUS_BY_CODE[error.code];
    // A 503 tells the client what is unavailable and that it may retry; a 500 is ours to fix.
    const internal = status === 500;
    const message = internal ? 'internal error; details are in the daemon logs' : error.message;
    return { status, internal, body: { error: { code: internal ? 'INTERNAL' : error.code, message, details: internal ? {} : (error.details ?? {}) } } };
  }
  const fastifyCode = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const known = FASTIFY_CODES[fastifyCode];
  if (known) {
    return { status: STATUS_BY_CODE[known.code], internal: false, body: { error: { code: known.code, message: known.message, details: known.details ?? {} } } };
  }
  return {
    status: 500,
    internal: true,
    body: { error: { code: 'INTERNAL', message: 'internal error; details are in the daemon logs', details: {} } },
  };
}

/**
 * What to answer a request Node's HTTP parser refused before any route saw it (not
 * HTTP/1.1, a bad Content-Length, headers over the size limit), in the same error format.
 */
export function mapClientError(error: unknown): { status: number; body: ErrorBody } {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'the request line and headers are over the size limit', details: {} } } };
  }
  // The client closed its side (a half-close) before the body its Content-Length announced
  // had all come: it may still read the answer.
  if (code === 'HPE_INVALID_EOF_STATE') {
    return { status: 400, body: { error: { code: 'INVALID_REQUEST', message: 'the connection was closed before the end of the request', details: {} } } };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: { error: { code: 'INVALID_REQUEST', message: 'the request was not received in time', details: {} } } };
  }
  return { status: 400, body: { error: { code: 'INVALID_REQUEST', message: 'the request is not valid HTTP/1.1', details: {} } } };
}
