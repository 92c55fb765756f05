import { describe, expect, it } from 'vitest';
import { RSS_FLOOR_WINDOW_TURNS, RSS_SAMPLE_TURNS, RssSamples } from '../../src/bench/rss-samples.js';

const MB = 1_000_000;

// Readings every RSS_SAMPLE_TURNS turns up to `turns`, of `bytes(turn)`.
function sampled(turns: number, bytes: (turn: number) => number): RssSamples {
  const samples = new RssSamples();
  for (let turn = RSS_SAMPLE_TURNS; turn <= turns; turn += RSS_SAMPLE_TURNS) samples.add(turn, bytes(turn));
  return samples;
}

describe('the RSS floor', () => {
  it('is the lowest of the same number of readings at turn 1000 and at turn 10000', () => {
    const samples = sampled(10_000, () => 150 * MB);
    const perWindow = RSS_FLOOR_WINDOW_TURNS / RSS_SAMPLE_TURNS;
    expect(samples.floor(1000)?.samples).toBe(perWindow);
    expect(samples.floor(10_000)?.samples).toBe(perWindow);
  });

  it('shows a leak late in the run: readings far before the row do not lower its floor', () => {
    // 10 MB of garbage collected every 200 turns on top of a leak that starts at turn 5000,
    // and one deep collection at turn 6000.
    const leak = (turn: number) => Math.max(0, turn - 5000) * 5_000;
    const samples = sampled(10_000, (turn) => 150 * MB + leak(turn) + (turn % 200) * 50_000 - (turn === 6000 ? 20 * MB : 0));
    const floor1000 = samples.floor(1000)?.bytes ?? 0;
    const floor10000 = samples.floor(10_000)?.bytes ?? 0;
    expect(floor1000).toBe(150 * MB);
    // The lowest reading of turns 9525–10000: turn 9600, garbage collected, with the leak of 4600 turns.
    expect(floor10000).toBe(150 * MB + leak(9600));
    expect(floor10000 - floor1000).toBeGreaterThan(22 * MB);
  });

  it('is the lowest reading so far early in the run, and the peak the highest overall', () => {
    const samples = new RssSamples();
    expect(samples.floor(20)).toBeNull();
    expect(samples.peak()).toBeNull();
    samples.add(20, 130 * MB);
    samples.add(25, 125 * MB);
    samples.add(50, 140 * MB);
    expect(samples.floor(50)).toEqual({ bytes: 125 * MB, samples: 3 });
    expect(samples.floor(20)).toEqual({ bytes: 130 * MB, samples: 1 });
    expect(samples.peak()).toBe(140 * MB);
  });
});
