import { integerFlag } from '../cli/flags.js';

/** The size of a replay, from `--turns`, `--seed` and `--warmup`. */
export interface ReplayCounts {
  turns: number;
  seed: number;
  /** User turns replayed before measuring; always below `turns`. */
  warmup: number;
}

/** The parseArgs option of the synthetic chat's seed, which every benchmark that replays it takes. */
export const SEED_OPTION = { seed: { type: 'string', default: '42' } } as const;

/** `--seed`'s value: any integer; throws a UsageError for anything else. */
export function seedFlag(text: string): number {
  return integerFlag(text, '--seed', Number.NEGATIVE_INFINITY, 'an integer');
}

/** The parseArgs options of a replay's size, with the default number of turns. */
export function replayOptions(defaultTurns: number) {
  return {
    turns: { type: 'string', default: String(defaultTurns) },
    ...SEED_OPTION,
    warmup: { type: 'string', default: '100' },
  } as const;
}

/** Reads the values parseArgs gave for replayOptions; throws a UsageError naming the flag that is wrong. */
export function replayCounts(values: { turns: string; seed: string; warmup: string }): ReplayCounts {
  const turns = integerFlag(values.turns, '--turns', 1, 'a positive integer');
  const seed = seedFlag(values.seed);
  const warmup = integerFlag(values.warmup, '--warmup', 0, 'a non-negative integer');
  return { turns, seed, warmup: Math.min(warmup, turns - 1) };
}
