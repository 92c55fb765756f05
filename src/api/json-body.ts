import { InvalidRequestError } from '../errors.js';

/** Deeper than this is an attack or a bug; our schemas need at most a handful of levels. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes and parses a JSON request body strictly: invalid UTF-8, malformed JSON,
 * prototype-poisoning keys and excessive nesting are 400s before any handler runs.
 */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch (error) {
    throw new InvalidRequestError('the request body is not valid UTF-8', [{ path: 'body', message: 'not valid UTF-8' }], { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text, rejectPrototypeKeys);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidRequestError(`malformed JSON: ${reason}`, [{ path: 'body', message: `malformed JSON: ${reason}` }], { cause: error });
  }
  const depth = nestingDepth(value, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) {
    throw new InvalidRequestError(`the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`, [
      { path: 'body', message: `nested deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  return value;
}

function rejectPrototypeKeys(key: string, value: unknown): unknown {
  // JSON.parse makes "__proto__" an own key, but any later spread or merge would not.
  if (key === '__proto__') {
    throw new SyntaxError(`the key "${key}" is not allowed`);
  }
  return value;
}

/** Iterative, and stops counting past `limit`, so a hostile body costs O(size) at most. */
function nestingDepth(root: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value !== 'object' || value === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(value)) stack.push({ value: child, depth: level });
  }
  return deepest;
}
