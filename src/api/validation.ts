import type { z } from 'zod';
import { InvalidRequestError, type FieldIssue } from '../errors.js';
import type { RouteInput, RouteSpec } from './route.js';

export type RequestPart = 'params' | 'query' | 'body';

/** The parts of a request as the server read them, before validation. */
export interface RawRequestParts {
  params: unknown;
  query: unknown;
  body: unknown;
}

/**
 * Validates every part of a request its route declares. All the problems of all the
 * parts become issues with their field paths (`params.sessionId`, `query.limit`,
 * `body.tools.0.name`), thrown together as one 400 before anything has been changed.
 */
export function parseRequest(route: RouteSpec, raw: RawRequestParts): RouteInput<unknown, unknown, unknown> {
  const issues: FieldIssue[] = [];
  const parse = (schema: z.ZodType | undefined, value: unknown, part: RequestPart): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    issues.push(...result.error.issues.flatMap((issue) => fieldIssues(issue, part)));
    return undefined;
  };
  const input = {
    params: parse(route.params, raw.params, 'params'),
    // `?domain=&limit=` (api.md's own template) leaves fields blank: blank is absent, so defaults apply.
    query: parse(route.query, withoutEmptyValues(raw.query), 'query'),
    body: parse(route.body, raw.body, 'body'),
  };
  if (issues.length > 0) throw invalidRequest(issues);
  return input;
}

function fieldIssues(issue: z.core.$ZodIssue, part: RequestPart): FieldIssue[] {
  const path = [part, ...issue.path.map(String)];
  // zod reports every unknown key of an object as one issue on the object itself.
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...path, key].join('.'), message: `unknown field "${key}"` }));
  }
  return [{ path: path.join('.'), message: issue.message }];
}

function withoutEmptyValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

function invalidRequest(issues: FieldIssue[]): InvalidRequestError {
  const [first] = issues;
  const summary = first ? `${first.path}: ${first.message}` : 'invalid request';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new InvalidRequestError(`invalid request: ${summary}${more}`, issues);
}
