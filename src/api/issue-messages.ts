import type { z } from 'zod';
import type { RequestPart } from './validation.js';

type RawIssue = z.core.$ZodRawIssue;

/**
 * The error map request parsing passes to zod: each of zod's issue codes as a sentence in
 * memoryd's words ("required", "must be at least 1", "must be one of: a, b"), once for
 * every schema. Zod consults it only for an issue whose schema or check set no message of
 * its own (a refinement's, a `.regex(…, message)`, an `error` option), so those stay as
 * written. `part`: a query field is text or absent, so an array there means the name was
 * given more than once.
 */
export function issueMessages(part: RequestPart): z.core.$ZodErrorMap {
  return (issue) => {
    if (part === 'query' && Array.isArray(issue.input)) return 'given more than once: give it once';
    return messageFor(issue);
  };
}

function messageFor(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(issue.expected, issue.input);
    case 'invalid_value':
      return notAllowed(issue.values, issue.input);
    case 'too_small':
      return outOfRange('least', issue.origin, Number(issue.minimum), issue.inclusive === true, issue.exact === true);
    case 'too_big':
      return outOfRange('most', issue.origin, Number(issue.maximum), issue.inclusive === true, issue.exact === true);
    case 'invalid_format':
      return badFormat(issue);
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? `unknown field ${JSON.stringify(issue.keys[0])}` : `unknown fields: ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    case 'invalid_key':
      return 'holds a key that is not valid';
    case 'invalid_element':
      return 'holds a value that is not valid';
    case 'invalid_union':
      return 'matches none of the forms this field takes';
    default:
      return 'is not valid';
  }
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a JSON object',
  record: 'a JSON object ({"name": value, …})',
  array: 'an array',
  null: 'null',
};

function wrongType(expected: string, input: unknown): string {
  const wanted = EXPECTED[expected] ?? `of type ${expected}`;
  if (input === undefined) return `required: ${wanted}`;
  // zod reports a number that is not whole as the wrong type (`int`): it is the wrong value.
  if (expected === 'int' && typeof input === 'number') return Number.isFinite(input) ? `must be an integer, not ${input}` : 'must be an integer';
  return `must be ${wanted}, not ${kindOf(input)}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'a JSON object';
  if (typeof value === 'boolean') return String(value);
  return typeof value === 'string' ? 'a string' : `a ${typeof value}`;
}

// `values`: the literals an enum or a literal takes.
function notAllowed(values: readonly unknown[], input: unknown): string {
  if (values.length === 1) return `${input === undefined ? 'required, and ' : ''}must be ${JSON.stringify(values[0]) ?? String(values[0])}`;
  // Shown bare, as api.md lists them: `one of: assistant, tool`.
  const options = values.map((value) => (typeof value === 'string' ? value : String(value))).join(', ');
  return input === undefined ? `required: one of ${options}` : `must be one of: ${options}`;
}

const UNITS: Record<string, [one: string, many: string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

function outOfRange(bound: 'least' | 'most', origin: string, limit: number, inclusive: boolean, exact: boolean): string {
  const unit = UNITS[origin];
  if (unit === undefined) {
    if (inclusive) return `must be at ${bound} ${limit}`;
    return bound === 'least' ? `must be greater than ${limit}` : `must be less than ${limit}`;
  }
  if (bound === 'least' && limit === 1 && inclusive && !exact) return 'must not be empty';
  const count = `${limit} ${limit === 1 ? unit[0] : unit[1]}`;
  const verb = origin === 'string' ? 'be' : 'hold';
  const long = origin === 'string' ? ' long' : '';
  if (exact) return `must ${verb} exactly ${count}${long}`;
  if (inclusive) return `must ${verb} at ${bound} ${count}${long}`;
  return `must ${verb} ${bound === 'least' ? 'more' : 'fewer'} than ${count}${long}`;
}

const FORMATS: Record<string, string> = {
  datetime: 'an ISO-8601 date-time, e.g. 2026-01-01T10:00:00Z',
  date: 'an ISO-8601 date, e.g. 2026-01-01',
  time: 'an ISO-8601 time, e.g. 10:00:00',
  email: 'an email address',
  url: 'a URL',
  uuid: 'a UUID',
};

function badFormat(issue: Extract<RawIssue, { code: 'invalid_format' }>): string {
  const detail = issue as { prefix?: unknown; suffix?: unknown; includes?: unknown };
  switch (issue.format) {
    case 'regex':
      return issue.pattern === undefined ? 'is not in the expected form' : `must match the pattern ${issue.pattern}`;
    case 'starts_with':
      return `must start with "${String(detail.prefix)}"`;
    case 'ends_with':
      return `must end with "${String(detail.suffix)}"`;
    case 'includes':
      return `must contain "${String(detail.includes)}"`;
    default:
      return `must be ${FORMATS[issue.format] ?? `in the ${issue.format} format`}`;
  }
}
