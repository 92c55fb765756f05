import { compareCodeUnits } from '../compare.js';
import { InvalidRequestError } from '../errors.js';

// Deeper values cannot come through the API (its JSON depth limit is 64) and would overflow.
const MAX_DEPTH = 64;

/** Why an integer beyond the exact range is refused (the issue's message). */
export const UNSAFE_INTEGER =
  'an integer beyond ±9007199254740991 (2^53 − 1) is rounded when parsed, so it cannot tell parameters apart: send it as a string';

/**
 * One text per JSON value, so equal parameters always hash equal (RFC 8785 in spirit):
 * - objects: keys sorted by UTF-16 code units, recursively; properties whose value is
 *   `undefined` are absent, as in JSON.stringify;
 * - arrays: order kept (order is meaningful);
 * - numbers: the shortest text that round-trips (`1`, `1.5`, `1e+21`); `-0` is `0`,
 *   so `1`, `1.0` and `1e0` are one number; NaN and ±Infinity are not JSON and are refused;
 *   an integer beyond ±(2^53 − 1) is written as JSON.parse has already rounded it
 *   (9007199254740993 arrives as 9007199254740992), so a key builder refuses those first
 *   (`unsafeIntegerPaths`);
 * - strings and keys: JSON.stringify escapes; Unicode is NOT normalised, so "é" (U+00E9)
 *   and "e" + U+0301 are different parameters (a miss, never a wrong hit);
 * - no whitespace anywhere.
 * Throws an INVALID_REQUEST AppError for anything that is not a JSON value.
 */
export function canonicalJson(value: unknown, path = 'params'): string {
  return write(value, path, 0);
}

/**
 * The paths (`["order", "id"]`) of the integers in a JSON value that JSON.parse may have
 * rounded: a value holding one cannot be told from its neighbour, so it makes no key.
 */
export function unsafeIntegerPaths(value: unknown): (string | number)[][] {
  return numberPaths(value, (number) => Number.isInteger(number) && !Number.isSafeInteger(number));
}

function numberPaths(value: unknown, changed: (number: number) => boolean, path: readonly (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'number') return changed(value) ? [[...path]] : [];
  if (typeof value !== 'object' || value === null || path.length > MAX_DEPTH) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return entries.flatMap(([key, child]) => numberPaths(child, changed, [...path, key]));
}

function write(value: unknown, path: string, depth: number): string {
  if (depth > MAX_DEPTH) throw notJson(path, `nested deeper than ${MAX_DEPTH} levels`);
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw notJson(path, `${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object':
      return Array.isArray(value) ? writeArray(value, path, depth) : writeObject(value, path, depth);
    default:
      throw notJson(path, `a ${typeof value} is not a JSON value`);
  }
}

function writeArray(items: unknown[], path: string, depth: number): string {
  return `[${items.map((item, index) => write(item, `${path}.${index}`, depth + 1)).join(',')}]`;
}

function writeObject(value: object, path: string, depth: number): string {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw notJson(path, 'only plain objects are JSON objects');
  const entries = Object.entries(value).filter(([, child]) => child !== undefined);
  entries.sort(([a], [b]) => compareCodeUnits(a, b));
  return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${write(child, `${path}.${key}`, depth + 1)}`).join(',')}}`;
}

function notJson(path: string, message: string): InvalidRequestError {
  return new InvalidRequestError(`invalid request: ${path}: ${message}`, [{ path, message }]);
}
