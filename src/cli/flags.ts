import { UsageError } from './command-line.js';

/** The bounds a number flag's value must keep: at least `atLeast` (or above `above`), at most `atMost`. */
export interface NumberRange {
  atLeast?: number;
  above?: number;
  atMost?: number;
}

// Decimal digits only, as a user types a count: "1e4", "0x10", " 8" and a blank are refused, not read as Number() would.
const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A flag's integer in decimal digits, at least `min`; throws a UsageError naming the flag, what it takes and what it got. */
export function integerFlag(text: string, flag: string, min: number, what: string): number {
  const value = integerAtLeast(text, min);
  if (value === null) throw flagRefused(flag, what, text);
  return value;
}

/** A flag's decimal number ("0.5", "2", "1e-3"), finite and within `range`; throws as integerFlag does. */
export function numberFlag(text: string, flag: string, range: NumberRange, what: string): number {
  const value = Number(text);
  if (!DECIMAL.test(text) || !Number.isFinite(value) || !within(value, range)) throw flagRefused(flag, what, text);
  return value;
}

/** A flag's integers separated by commas, each at least `min`; throws as integerFlag does, quoting the whole list. */
export function integerListFlag(text: string, flag: string, min: number, what: string): number[] {
  const values = text.split(',').map((part) => integerAtLeast(part, min));
  if (!values.every((value) => value !== null)) throw flagRefused(flag, what, text);
  return values;
}

// `text` as an integer, or null when it is none, beyond the exact range or below `min`.
function integerAtLeast(text: string, min: number): number | null {
  const value = Number(text);
  return !INTEGER.test(text) || !Number.isSafeInteger(value) || value < min ? null : value;
}

function within(value: number, { atLeast = -Infinity, above = -Infinity, atMost = Infinity }: NumberRange): boolean {
  return value >= atLeast && value > above && value <= atMost;
}

function flagRefused(flag: string, what: string, text: string): UsageError {
  return new UsageError(`${flag} must be ${what}, got '${text}'`);
}
