import { InvalidRequestError, messageOf, type FieldIssue } from '../errors.js';
import { hiddenJsonIssues, scanJsonText, type JsonTextScan } from './json-text.js';
import { invalidRequestError } from './validation.js';

/** Deeper than this is an attack or a bug; our schemas need at most a handful of levels. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes and parses a JSON request body strictly: invalid UTF-8, malformed JSON,
 * excessive nesting, a "__proto__" key, a key given twice in one object, a number that
 * JSON.parse would read as another (`1e-400` as 0, `0.1234567890123456789` rounded,
 * `1e400` out of range), and strings (keys too) holding a lone surrogate or U+0000 are
 * 400s before any handler runs, each at its path (`body.tools.0.parameters.__proto__`).
 */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch (error) {
    throw new InvalidRequestError('the request body is not valid UTF-8', [{ path: 'body', message: 'not valid UTF-8' }], { cause: error });
  }
  const scan = scanJsonText(text, MAX_JSON_DEPTH);
  if (scan.tooDeep) {
    throw new InvalidRequestError(`the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`, [
      { path: 'body', message: `nested deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = messageOf(error);
    throw new InvalidRequestError(`malformed JSON: ${reason}`, [{ path: 'body', message: `malformed JSON: ${reason}` }], { cause: error });
  }
  const issues = writtenAsParsed(value, scan) ? [] : hiddenJsonIssues(text, 'body', printableKey);
  // Strict UTF-8 decoding and JSON's ban on raw control characters leave a \u escape as
  // the only way to spell a lone surrogate or a NUL: only a body with one is walked.
  if (text.includes('\\u')) collectUnstorableStrings(value, 'body', issues);
  if (issues.length > 0) throw invalidRequestError(issues);
  return value;
}

/**
 * JSON that arrives elsewhere than the body (a query field), held to the body's rules
 * but for strings: undefined when it is refused. Lone surrogates and U+0000 pass: such a
 * value is only looked up, never stored, and the canonical JSON of its key escapes them.
 */
export function parseJsonText(text: string): unknown {
  const scan = scanJsonText(text, MAX_JSON_DEPTH);
  if (scan.tooDeep) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // Anything writtenAsParsed doubts (a changed number, a key given twice, "__proto__") is refused here.
  return writtenAsParsed(value, scan) ? value : undefined;
}

// Whether the parsed value is certainly the text as written: every member kept (of a key
// given twice JSON.parse keeps one), none named "__proto__" (JSON.parse makes it an own
// key, but a later spread or merge would set the prototype) and every number held as
// written. False sends the text to hiddenJsonIssues, which says where.
function writtenAsParsed(value: unknown, scan: JsonTextScan): boolean {
  return !scan.changedNumber && parsedMembers(value) === scan.members;
}

// The members of the parsed objects in a value; NaN (equal to no count) once one has a "__proto__" key.
function parsedMembers(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  let members = 0;
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index += 1) members += parsedMembers(node[index]);
    return members;
  }
  if (Object.hasOwn(node, '__proto__')) return Number.NaN;
  const values = Object.values(node);
  members += values.length;
  for (let index = 0; index < values.length; index += 1) members += parsedMembers(values[index]);
  return members;
}

// A key in a path as written, or by its JSON escapes when it could not be stored or printed.
function printableKey(key: string): string {
  return storable(key) ? key : JSON.stringify(key).slice(1, -1);
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
    // A bad key is named by its JSON escapes: the path itself must be storable and printable.
    const childPath = `${path}.${printableKey(key)}`;
    if (!storable(key)) issues.push({ path: childPath, message: `the key ${unstorableBecause(key)}` });
    collectUnstorableStrings(child, childPath, issues);
  }
}
