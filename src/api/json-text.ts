import type { FieldIssue } from '../errors.js';

/** What one pass over a JSON text finds before it is parsed (exact for valid JSON; JSON.parse judges the rest). */
export interface JsonTextScan {
  /** Arrays and objects nest deeper than the limit (the pass stops there). */
  tooDeep: boolean;
  /** Object members as written: JSON.parse keeps one of two with the same key, so fewer parsed means a duplicate. */
  members: number;
  /** A number a 64-bit float does not hold as written (JSON.parse would read another). */
  changedNumber: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COLON = 0x3a;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const PLUS = 0x2b;
const DOT = 0x2e;
const COMMA = 0x2c;
const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

const PROTOTYPE_KEY = 'the key "__proto__" is not allowed';

// Up to 15 digits and no exponent: a decimal a double always holds as written (15 is
// DBL_DIG, and such a number lies between 1e-14 and 1e15, far inside the range).
const SHORT_NUMBER_DIGITS = 15;

/**
 * One linear pass over a JSON text, run on every body before JSON.parse: how deep it
 * nests (JSON.parse recurses, and half a million open brackets cost it ~150 ms before it
 * gives up with a stack overflow), how many object members it writes, and whether a
 * number in it is one a double cannot hold as written. Strings are skipped to their
 * closing quote.
 */
export function scanJsonText(text: string, depthLimit: number): JsonTextScan {
  let depth = 0;
  let members = 0;
  let changedNumber = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      i = closingQuote(text, i);
    } else if (char === COLON) {
      members += 1;
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      depth += 1;
      if (depth > depthLimit) return { tooDeep: true, members, changedNumber };
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth -= 1;
    } else if (char === MINUS || (char >= DIGIT_0 && char <= DIGIT_9)) {
      const end = numberEnd(text, i);
      if (!changedNumber && !shortNumber(text, i, end)) changedNumber = !heldAsWritten(text.slice(i, end));
      i = end - 1;
    }
  }
  return { tooDeep: false, members, changedNumber };
}

// Where the string opened at `start` closes (text.length when it does not): found with
// indexOf, much faster than a loop over its characters (a body is mostly strings).
function closingQuote(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote > 0 && escaped(text, quote)) quote = text.indexOf('"', quote + 1);
  return quote < 0 ? text.length : quote;
}

// An odd number of backslashes before a character escapes it.
function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
  return backslashes % 2 === 1;
}

function numberEnd(text: string, start: number): number {
  let end = start + 1;
  for (; end < text.length; end += 1) {
    const char = text.charCodeAt(end);
    if (!((char >= DIGIT_0 && char <= DIGIT_9) || char === DOT || char === LOWER_E || char === UPPER_E || char === PLUS || char === MINUS)) break;
  }
  return end;
}

function shortNumber(text: string, start: number, end: number): boolean {
  let digits = 0;
  for (let i = start; i < end; i += 1) {
    const char = text.charCodeAt(i);
    if (char === LOWER_E || char === UPPER_E) return false;
    if (char >= DIGIT_0 && char <= DIGIT_9) digits += 1;
  }
  return digits <= SHORT_NUMBER_DIGITS;
}

/**
 * Whether JSON.parse reads the number literal as the same decimal value: `1.0`, `1e3`,
 * `0.10` and `-0` are; `1e-400` (read as 0), `0.1234567890123456789` (more digits than a
 * double keeps) and `1e400` (out of range) are not. Compared as decimal values, not as texts.
 */
function heldAsWritten(literal: string): boolean {
  const value = Number(literal);
  if (!Number.isFinite(value)) return false;
  const written = decimalValue(literal);
  if (written === decimalValue(String(value))) return true;
  // The same double written with more digits than its shortest form, as "%.17g" writes it
  // ("0.10000000000000001" for 0.1): nothing is lost, though the prompt shows the shortest.
  const digits = significantDigits(literal);
  return digits >= 1 && digits <= MAX_PRECISION && written === decimalValue(value.toPrecision(digits));
}

// Number.prototype.toPrecision's limit.
const MAX_PRECISION = 100;

// The digits of a number text's mantissa from its first non-zero one ("0.0120" has 3).
function significantDigits(text: string): number {
  const mantissa = /^-?(\d*)(?:\.(\d*))?/.exec(text);
  return `${mantissa?.[1] ?? ''}${mantissa?.[2] ?? ''}`.replace(/^0+/, '').length;
}

// A decimal number text in one form per value: its significant digits and the power of
// ten of the last one (`-12e-1` for -1.20), and `0` for every zero.
function decimalValue(text: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (match === null) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return '0';
  const significant = digits.replace(/0+$/, '');
  return `${sign}${significant}e${Number(exponent) - fraction.length + digits.length - significant.length}`;
}

/** The issue of a number JSON.parse reads as another: what it would be read as, and what to do. */
function changedNumberMessage(literal: string): string {
  const written = literal.length > 40 ? `${literal.slice(0, 40)}…` : literal;
  const value = Number(literal);
  const read = Number.isFinite(value) ? `would be read as ${String(value)}` : 'is beyond ±1.8e308';
  return `the number ${written} ${read}: memoryd reads JSON numbers as 64-bit floats (integers exact up to ±9007199254740991, 2^53 − 1; about 17 significant digits; from ±5e-324 to ±1.8e308); send it as a string`;
}

/**
 * The problems JSON.parse hides, each at its path under `root`: a "__proto__" key (any
 * later spread or merge would read it as the prototype), a key given twice in one object
 * (JSON.parse keeps the last, other readers the first) and a number read as another.
 * `text` must be valid JSON. A second, slower pass, run only when the first found a sign
 * of one of them.
 */
export function hiddenJsonIssues(text: string, root: string, printableKey: (key: string) => string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  let at = 0;
  const skipSpace = (): void => {
    for (let char = text.charCodeAt(at); char === SPACE || char === TAB || char === LINE_FEED || char === CARRIAGE_RETURN; char = text.charCodeAt(at)) at += 1;
  };
  const stringEnd = (): number => closingQuote(text, at) + 1;
  const value = (path: string): void => {
    skipSpace();
    const char = text.charCodeAt(at);
    if (char === OPEN_OBJECT) object(path);
    else if (char === OPEN_ARRAY) array(path);
    else if (char === QUOTE) at = stringEnd();
    else if (char === MINUS || (char >= DIGIT_0 && char <= DIGIT_9)) {
      const end = numberEnd(text, at);
      const literal = text.slice(at, end);
      if (!heldAsWritten(literal)) issues.push({ path, message: changedNumberMessage(literal) });
      at = end;
    } else {
      at += text.startsWith('false', at) ? 5 : 4; // true, null
    }
    skipSpace();
  };
  const array = (path: string): void => {
    at += 1;
    skipSpace();
    for (let index = 0; text.charCodeAt(at) !== CLOSE_ARRAY; index += 1) {
      value(`${path}.${index}`);
      if (text.charCodeAt(at) === COMMA) at += 1;
    }
    at += 1;
  };
  const object = (path: string): void => {
    at += 1;
    skipSpace();
    const seen = new Set<string>();
    const repeated = new Set<string>();
    while (text.charCodeAt(at) !== CLOSE_OBJECT) {
      const end = stringEnd();
      const written = text.slice(at, end);
      const key = written.includes('\\') ? (JSON.parse(written) as string) : written.slice(1, -1);
      const keyPath = `${path}.${printableKey(key)}`;
      if (!seen.has(key)) {
        seen.add(key);
        if (key === '__proto__') issues.push({ path: keyPath, message: PROTOTYPE_KEY });
      } else if (key !== '__proto__' && !repeated.has(key)) {
        repeated.add(key);
        issues.push({ path: keyPath, message: `the key "${printableKey(key)}" is given more than once in this object: give it once` });
      }
      at = end;
      skipSpace();
      at += 1; // past the ":" after the key
      value(keyPath);
      if (text.charCodeAt(at) === COMMA) at += 1;
      skipSpace();
    }
    at += 1;
  };
  value(root);
  return issues;
}
