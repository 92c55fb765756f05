import { InvalidRequestError, messageOf, type FieldIssue } from '../errors.js';
import { invalidRequestError } from './validation.js';

/** Deeper than this is an attack or a bug; our schemas need at most a handful of levels. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes and parses a JSON request body strictly: invalid UTF-8, malformed JSON,
 * prototype-poisoning keys, excessive nesting, and strings (keys too) holding a lone
 * surrogate or U+0000 are 400s before any handler runs.
 */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch (error) {
    throw new InvalidRequestError('the request body is not valid UTF-8', [{ path: 'body', message: 'not valid UTF-8' }], { cause: error });
  }
  // Checked before parsing: JSON.parse recurses, and half a million open brackets cost
  // it ~150 ms of blocked event loop before it gives up with a stack overflow.
  if (exceedsDepth(text, MAX_JSON_DEPTH)) {
    throw new InvalidRequestError(`the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`, [
      { path: 'body', message: `nested deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  const escapes = text.includes('\\u');
  let value: unknown;
  try {
    value = parseRefusingPrototypeKeys(text, escapes);
  } catch (error) {
    const reason = messageOf(error);
    throw new InvalidRequestError(`malformed JSON: ${reason}`, [{ path: 'body', message: `malformed JSON: ${reason}` }], { cause: error });
  }
  // Strict UTF-8 decoding and JSON's ban on raw control characters leave a \u escape as
  // the only way to spell a lone surrogate or a NUL: only a body with one is walked.
  if (escapes) {
    const issues: FieldIssue[] = [];
    collectUnstorableStrings(value, 'body', issues);
    if (issues.length > 0) throw invalidRequestError(issues);
  }
  return value;
}

/**
 * JSON that arrives elsewhere than the body (a query field), parsed with the body's
 * nesting limit and "__proto__" refusal; undefined when it is refused. Lone surrogates
 * and U+0000 pass: such a value is only looked up, never stored, and the canonical
 * JSON of its key escapes them.
 */
export function parseJsonText(text: string): unknown {
  if (exceedsDepth(text, MAX_JSON_DEPTH)) return undefined;
  try {
    return parseRefusingPrototypeKeys(text, text.includes('\\u'));
  } catch {
    return undefined;
  }
}

// A key can only read "__proto__" when the text says so or spells it with a \u escape
// (no other JSON escape makes a letter or "_"); only then is the (4× slower) reviver run.
function parseRefusingPrototypeKeys(text: string, escapes: boolean): unknown {
  return escapes || text.includes('__proto__') ? JSON.parse(text, rejectPrototypeKeys) : JSON.parse(text);
}

// A JSON.parse reviver that refuses a "__proto__" key instead of letting it reach a merge.
function rejectPrototypeKeys(key: string, value: unknown): unknown {
  // JSON.parse makes "__proto__" an own key, but any later spread or merge would not.
  if (key === '__proto__') {
    throw new SyntaxError(`the key "${key}" is not allowed`);
  }
  return value;
}

// Node 20 has String.prototype.isWellFormed; the ES2023 lib this project compiles against does not declare it.
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

// SQLite stores a lone surrogate as replacement characters (so a string would read back
// unlike what was accepted, and a prompt differ before and after a restart), and a NUL
// has no place in a prompt.
function storable(text: string): boolean {
  return isWellFormed(text) && !text.includes('\u0000');
}

function unstorableBecause(text: string): string {
  return isWellFormed(text) ? 'must not contain U+0000 (NUL)' : 'must be well-formed Unicode: it holds a lone surrogate (an unpaired \\ud800–\\udfff escape)';
}

// Each unstorable string of a parsed body, keys included, as an issue at its path.
function collectUnstorableStrings(value: unknown, path: string, issues: FieldIssue[]): void {
  if (typeof value === 'string') {
    if (!storable(value)) issues.push({ path, message: unstorableBecause(value) });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectUnstorableStrings(item, `${path}.${index}`, issues));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    const keyStorable = storable(key);
    // A bad key is named by its JSON escapes: the path itself must be storable and printable.
    const childPath = `${path}.${keyStorable ? key : JSON.stringify(key).slice(1, -1)}`;
    if (!keyStorable) issues.push({ path: childPath, message: `the key ${unstorableBecause(key)}` });
    collectUnstorableStrings(child, childPath, issues);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

// One linear pass over the text: true as soon as arrays and objects (outside strings)
// nest deeper than `limit`. Exact for valid JSON; malformed JSON is JSON.parse's to reject.
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}
