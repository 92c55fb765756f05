import type { z } from 'zod';
import { InvalidRequestError, type FieldIssue } from '../errors.js';

export type RequestPart = 'body' | 'query' | 'params';

/**
 * Validates one part of a request against its schema; every problem becomes an issue
 * with its field path (`body.tools.0.name`), and nothing has been changed yet.
 */
export function parseRequestPart<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const summary = first ? `${first.path}: ${first.message}` : `invalid ${part}`;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  throw new InvalidRequestError(`invalid request: ${summary}${more}`, issues);
}
