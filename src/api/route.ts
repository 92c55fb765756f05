import type { z } from 'zod';
import type { FieldIssue } from '../errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler receives: the validated parts of the request. */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/** An answer other than success that a route gives, as the OpenAPI document lists it. */
export interface ExtraResponse {
  status: number;
  description: string;
  /** The body, when it is not the bare error format. */
  schema?: z.ZodType;
}

/**
 * One endpoint: its validation schemas and statuses (also the source of the OpenAPI
 * document) and a thin handler that calls one domain function and shapes the output.
 */
export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** Fastify style: `/v1/sessions/:sessionId`. */
  path: string;
  summary: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  /** A body schema that accepts `undefined` makes the body optional. */
  body?: z.ZodType<B>;
  /** The status of a success: 200 unless given (201 for a route that creates something). */
  status?: 200 | 201;
  /** The success body, for the OpenAPI document. */
  response?: z.ZodType;
  /** Responses in plain text (metrics) rather than JSON. */
  produces?: 'application/json' | 'text/plain';
  /**
   * What else this route answers with, for the OpenAPI document, beyond what any route
   * may (400 for a bad input, 413 for a body over the limit, 500, 503 while shutting down):
   * a status in the error format, or one with its own description and body.
   */
  errors?: Array<number | ExtraResponse>;
  /**
   * A rule between parts of the request (a field of the query against one of the body):
   * its issues, given the parts that passed their schemas (a part that did not is absent),
   * so that they are reported together with the others' problems in one 400.
   */
  crossCheck?(valid: Partial<RouteInput<P, Q, B>>): FieldIssue[];
  /** Returns the JSON body of a success (`status`), or a `Reply` for another status or a text body. */
  handler(input: RouteInput<P, Q, B>): Promise<unknown> | unknown;
}

/** Keeps the schemas' types flowing into the handler's input. */
export function defineRoute<P = undefined, Q = undefined, B = undefined>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}

/** A reply with a status other than the route's success status, or a text body. */
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

// `/v1/sessions/:sessionId` → a RegExp matching the concrete paths the router gives that
// route, each parameter captured in order: which route a path has the shape of, to tell
// 404 from 405 and to name the parameter a bad escape is in.
function pathPattern(path: string): RegExp {
  const parts = path.split('/');
  const source = parts
    .map((part, index) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // As in Fastify's router with `ignoreTrailingSlash` (server.ts): a parameter may be empty
      // (`/v1/facts//chain`), except a last one with no slash after it.
      return index === parts.length - 1 ? '([^/]+|(?=/))' : '([^/]*)';
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** A route's path compiled once, by the server: its `pathPattern` and its parameters' names, in order. */
export interface PathShape {
  pattern: RegExp;
  paramNames: readonly string[];
}

export function pathShape(routePath: string): PathShape {
  const paramNames = routePath
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));
  return { pattern: pathPattern(routePath), paramNames };
}

/**
 * The parameters a concrete path (no query) gives a route, by name and still
 * percent-encoded (`/v1/sessions/%FF` → `[['sessionId', '%FF']]`), or undefined when the
 * path does not have the route's shape.
 */
export function pathParams(shape: PathShape, path: string): Array<[name: string, value: string]> | undefined {
  const match = shape.pattern.exec(path);
  if (match === null) return undefined;
  return shape.paramNames.map((name, index) => [name, match[index + 1] ?? '']);
}
