/** The size of a replay, from `--turns`, `--seed` and `--warmup`. */
export interface ReplayCounts {
  turns: number;
  seed: number;
  /** User turns replayed before measuring; always below `turns`. */
  warmup: number;
}

/** The parseArgs options of a replay's size, with the default number of turns. */
export function replayOptions(defaultTurns: number) {
  return {
    turns: { type: 'string', default: String(defaultTurns) },
    seed: { type: 'string', default: '42' },
    warmup: { type: 'string', default: '100' },
  } as const;
}

/** Reads the values parseArgs gave for replayOptions; throws naming the flag that is wrong. */
export function replayCounts(values: { turns: string; seed: string; warmup: string }): ReplayCounts {
  const turns = Number(values.turns);
  const seed = Number(values.seed);
  const warmup = Number(values.warmup);
  if (!Number.isInteger(turns) || turns < 1) throw new Error('--turns must be a positive integer');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  if (!Number.isInteger(warmup) || warmup < 0) throw new Error('--warmup must be a non-negative integer');
  return { turns, seed, warmup: Math.min(warmup, turns - 1) };
}
