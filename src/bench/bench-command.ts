import { UsageError } from '../cli/command-line.js';

/** A benchmark flag's integer, at least `min`; throws naming the flag, what it takes and what it got (a blank is no number). */
export function integerFlag(text: string, flag: string, min: number, what: string): number {
  const value = integerAtLeast(text, min);
  if (value === null) throw flagRefused(flag, what, text);
  return value;
}

/** A benchmark flag's number, finite and at least `min` (above it when `exclusive`); throws as integerFlag does. */
export function numberFlag(text: string, flag: string, min: number, what: string, exclusive = false): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || (exclusive && value === min)) throw flagRefused(flag, what, text);
  return value;
}

/** A benchmark flag's integers separated by commas, each at least `min`; throws as integerFlag does, quoting the whole list. */
export function integerListFlag(text: string, flag: string, min: number, what: string): number[] {
  const values = text.split(',').map((part) => integerAtLeast(part, min));
  if (!values.every((value) => value !== null)) throw flagRefused(flag, what, text);
  return values;
}

// `text` as an integer, or null when it is none (a blank is none) or below `min`.
function integerAtLeast(text: string, min: number): number | null {
  const value = Number(text);
  return text.trim() === '' || !Number.isInteger(value) || value < min ? null : value;
}

function flagRefused(flag: string, what: string, text: string): UsageError {
  return new UsageError(`${flag} must be ${what}, got '${text}'`);
}
