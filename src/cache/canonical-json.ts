import { compareCodeUnits } from '../compare.js';
import { InvalidRequestError } from '../errors.js';

/** Deeper values cannot come through the API (its JSON depth limit is 64) and would overflow. */
const MAX_DEPTH = 64;

/**
 * One text per JSON value, so equal parameters always hash equal (RFC 8785 in spirit):
 * - objects: keys sorted by UTF-16 code units, recursively; properties whose value is
 *   `undefined` are absent, as in JSON.stringify;
 * - arrays: order kept (order is meaningful);
 * - numbers: the shortest text that round-trips (`1`, `1.5`, `1e+21`); `-0` is `0`,
 *   so `1`, `1.0` and `1e0` are one number; NaN and ±Infinity are not JSON and are refused;
 * - strings and keys: JSON.stringify escapes; Unicode is NOT normalised, so "é" (U+00E9)
 *   and "e" + U+0301 are different parameters (a miss, never a wrong hit);
 * - no whitespace anywhere.
 * Throws an INVALID_REQUEST AppError for anything that is not a JSON value.
 */
export function canonicalJson(value: unknown, path = 'params'): string {
  return write(value, path, 0);
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
