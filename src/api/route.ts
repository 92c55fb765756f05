import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler receives: the validated parts of the request. */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/**
 * One endpoint: its validation schemas (also the source of the OpenAPI document) and a
 * thin handler that calls one domain function and shapes the output.
 */
export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** Fastify style: `/v1/sessions/:sessionId`. */
  path: string;
  summary: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The 200 response, for the OpenAPI document. */
  response?: z.ZodType;
  /** Responses in plain text (metrics) rather than JSON. */
  produces?: 'application/json' | 'text/plain';
  /** Statuses other than 200 this route answers with, for the OpenAPI document. */
  errors?: number[];
  /** Returns the JSON body of a 200, or a `Reply` for another status or a text body. */
  handler(input: RouteInput<P, Q, B>): Promise<unknown> | unknown;
}

/** Keeps the schemas' types flowing into the handler's input. */
export function defineRoute<P = undefined, Q = undefined, B = undefined>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}

/** A reply with a status other than 200, or a text body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly payload: { json?: unknown; text?: string; contentType?: string },
  ) {}

  static json(status: number, json: unknown): Reply {
    return new Reply(status, { json });
  }

  static text(text: string, contentType = 'text/plain; charset=utf-8'): Reply {
    return new Reply(200, { text, contentType });
  }
}

/** `/v1/sessions/:sessionId` → a RegExp matching concrete paths, to tell 404 from 405. */
export function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}
