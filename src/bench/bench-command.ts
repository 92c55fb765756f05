import { CommandExit, readCommandArgs, UsageError, type Command } from '../cli/command-line.js';

/** One `npm run bench -- <name>` command. */
export type BenchCommand = Command;

/** Reads a benchmark's command line: on a UsageError, "<name> bench: <message>" and the usage (a CommandExit, 2; 0 after -h/--help). */
export function readBenchArgs<A>(command: BenchCommand, argv: readonly string[], parse: (argv: readonly string[]) => A): A | CommandExit {
  return readCommandArgs('bench', command, argv, parse);
}

/** A benchmark flag's integer, at least `min`; throws naming the flag, what it takes and what it got (a blank is no number). */
export function integerFlag(text: string, flag: string, min: number, what: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < min) throw new UsageError(`${flag} must be ${what}, got '${text}'`);
  return value;
}

/** A benchmark flag's number, finite and at least `min` (above it when `exclusive`); throws as integerFlag does. */
export function numberFlag(text: string, flag: string, min: number, what: string, exclusive = false): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || (exclusive && value === min)) throw new UsageError(`${flag} must be ${what}, got '${text}'`);
  return value;
}

/** A benchmark flag's integers separated by commas, each at least `min`; throws as integerFlag does, quoting the whole list. */
export function integerListFlag(text: string, flag: string, min: number, what: string): number[] {
  const parts = text.split(',');
  if (parts.some((part) => part.trim() === '' || !Number.isInteger(Number(part)) || Number(part) < min)) throw new UsageError(`${flag} must be ${what}, got '${text}'`);
  return parts.map(Number);
}
