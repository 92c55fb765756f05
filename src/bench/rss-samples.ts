/** The daemon's RSS is read this often (in user turns). */
export const RSS_SAMPLE_TURNS = 25;

/** The floor at a row is the lowest reading over this many user turns before it. */
export const RSS_FLOOR_WINDOW_TURNS = 500;

/** The lowest RSS reading in a window, and how many readings it is the lowest of. */
export interface RssFloor {
  bytes: number;
  samples: number;
}

/**
 * The daemon's RSS readings over a replay. One reading is mostly garbage V8 has not
 * collected yet, so a row reports the floor: the lowest reading over the same length of
 * replay before it (RSS_FLOOR_WINDOW_TURNS, RSS_FLOOR_WINDOW_TURNS / RSS_SAMPLE_TURNS
 * readings). A leak raises the floor; the GC's saw-tooth does not. The window is the same
 * for every row: a minimum over more readings is lower by chance alone, so floors taken
 * over windows that grow with the turn (as "the second half so far" did) would understate
 * growth between an early row and a late one.
 */
export class RssSamples {
  private readonly samples: Array<{ turn: number; bytes: number }> = [];
  private highest: number | null = null;

  add(turn: number, bytes: number): void {
    this.samples.push({ turn, bytes });
    this.highest = Math.max(this.highest ?? bytes, bytes);
  }

  /** The highest reading so far; null before any. */
  peak(): number | null {
    return this.highest;
  }

  /** The lowest reading of the turns in (turn − window, turn]; null when there is none. */
  floor(turn: number): RssFloor | null {
    const window = this.samples.filter((s) => s.turn > turn - RSS_FLOOR_WINDOW_TURNS && s.turn <= turn).map((s) => s.bytes);
    return window.length === 0 ? null : { bytes: Math.min(...window), samples: window.length };
  }
}
