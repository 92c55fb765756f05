import type { z } from 'zod';
import { InvalidRequestError, type FieldIssue } from '../errors.js';
import { issueMessages } from './issue-messages.js';
import { pathParams, type PathShape, type RouteInput, type RouteSpec } from './route.js';

export type RequestPart = 'params' | 'query' | 'body';

/** The parts of a request as the server read them, before validation. */
export interface RawRequestParts {
  params: unknown;
  query: unknown;
  body: unknown;
  /** The request target as sent (`/v1/facts?q=%FF`): query values the parser could not decode stay encoded in `query`. */
  url: string;
  /** A body was sent that the server did not read (a GET's). */
  unreadBody?: boolean;
}

const NO_BODY = 'this endpoint takes no body';
const MISSING_BODY = 'missing: this endpoint takes a JSON object';
const NONE: readonly FieldIssue[] = [];
const BAD_ESCAPE = 'invalid percent-encoding';
const MESSAGES = { params: issueMessages('params'), query: issueMessages('query'), body: issueMessages('body') } as const;

/**
 * Validates every part of a request its route declares. All the problems of all the
 * parts become issues with their field paths (`params.sessionId`, `query.limit`,
 * `body.tools.0.name`), thrown together as one 400 before anything has been changed:
 * the route's rules between parts (`crossCheck`) run on the parts that passed, alongside
 * the problems of the others. A route without a query schema takes no query field, and
 * one without a body schema no body.
 */
export function parseRequest(route: RouteSpec, raw: RawRequestParts): RouteInput<unknown, unknown, unknown> {
  const issues: FieldIssue[] = [];
  const valid: Partial<Record<RequestPart, unknown>> = {};
  const parse = (schema: z.ZodType | undefined, value: unknown, part: RequestPart): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(value, { error: MESSAGES[part] });
    if (result.success) {
      valid[part] = result.data;
      return result.data;
    }
    // No body at all is one problem, not a wrong type: zod would say "received undefined".
    if (part === 'body' && value === undefined) issues.push({ path: 'body', message: MISSING_BODY });
    else issues.push(...result.error.issues.flatMap((issue) => fieldIssues(issue, part)));
    return undefined;
  };
  const params = parse(route.params, raw.params, 'params');
  const undecodable = undecodableQueryIssues(raw.url);
  if (undecodable.length > 0) issues.push(...undecodable);
  // `?domain=&limit=` (api.md's own template) leaves fields blank: blank is absent, so defaults apply.
  const rawQuery = withoutEmptyValues(raw.query, undecodable);
  if (!route.query) issues.push(...unknownQueryFields(rawQuery));
  const query = parse(route.query, rawQuery, 'query');
  if (!route.body && (raw.body !== undefined || raw.unreadBody === true)) issues.push({ path: 'body', message: NO_BODY });
  const input = { params, query, body: parse(route.body, raw.body, 'body') };
  if (route.crossCheck) issues.push(...route.crossCheck(valid));
  if (issues.length > 0) throw invalidRequestError(issues);
  return input;
}

/** One 400 for all the issues, its message naming the first. */
export function invalidRequestError(issues: FieldIssue[]): InvalidRequestError {
  const [first] = issues;
  const summary = first ? `${first.path}: ${first.message}` : 'invalid request';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new InvalidRequestError(`invalid request: ${summary}${more}`, issues);
}

/**
 * The router refuses a path it cannot percent-decode before any route is chosen: the
 * issue names the parameter of the route the path has the shape of (`params.sessionId`),
 * or the path itself when it has the shape of none. `shapes`: the server's routes, compiled
 * once (`pathShape`), in the order they were registered.
 */
export function badUrlIssues(url: string, shapes: readonly PathShape[]): FieldIssue[] {
  const path = url.split('?')[0] ?? '';
  for (const shape of shapes) {
    const params = pathParams(shape, path) ?? [];
    const issues = params.flatMap(([name, value]) => (decodes(value) ? [] : [{ path: `params.${name}`, message: BAD_ESCAPE }]));
    if (issues.length > 0) return issues;
  }
  return [{ path: 'path', message: decodes(path) ? 'not a valid URL path' : BAD_ESCAPE }];
}

function fieldIssues(issue: z.core.$ZodIssue, part: RequestPart): FieldIssue[] {
  const path = [part, ...issue.path.map(String)];
  // zod reports every unknown key of an object as one issue on the object itself.
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => unknownField([...path, key].join('.'), key));
  }
  return [{ path: path.join('.'), message: issue.message }];
}

function unknownField(path: string, key: string): FieldIssue {
  return { path, message: `unknown field "${key}"` };
}

function unknownQueryFields(query: unknown): FieldIssue[] {
  if (typeof query !== 'object' || query === null) return [];
  return Object.keys(query).map((key) => unknownField(`query.${key}`, key));
}

// The query parser keeps a name or value it cannot percent-decode as it was sent (`%FF`
// would be searched for literally): each becomes an issue at `query.<name>` instead.
function undecodableQueryIssues(url: string): readonly FieldIssue[] {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return NONE;
  const issues: FieldIssue[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    const cut = pair.indexOf('=');
    const name = (cut < 0 ? pair : pair.slice(0, cut)).replace(/\+/g, ' ');
    const value = cut < 0 ? '' : pair.slice(cut + 1).replace(/\+/g, ' ');
    if (!decodes(name) || !decodes(value)) issues.push({ path: `query.${decodeOrKeep(name)}`, message: BAD_ESCAPE });
    // A NUL would be stored as sent (a deletion's reason) and has no place in text.
    else if (name.includes('%00') || value.includes('%00')) issues.push({ path: `query.${decodeOrKeep(name).replace(/\0/g, '%00')}`, message: 'must not contain U+0000 (NUL)' });
  }
  return issues;
}

function decodes(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

function decodeOrKeep(text: string): string {
  return decodes(text) ? decodeURIComponent(text) : text;
}

// Drops blank values, and those already reported as undecodable (their issue says all).
function withoutEmptyValues(query: unknown, undecodable: readonly FieldIssue[]): unknown {
  if (typeof query !== 'object' || query === null) return query;
  // Most requests have no query (the context call never has one): skip the copy.
  if (!hasKeys(query)) return {};
  const reported = (key: string): boolean => undecodable.length > 0 && undecodable.some((issue) => issue.path === `query.${key}`);
  return Object.fromEntries(Object.entries(query).filter(([key, value]) => value !== '' && !reported(key)));
}

function hasKeys(object: object): boolean {
  for (const _key in object) return true;
  return false;
}
