// TextTiling (Hearst 1997) over a dialogue: the lexical-cohesion baseline of the
// topic-shift evaluation. Each utterance plays the part of Hearst's token-sequence, so
// the block size and the distance between boundaries are counted in utterances.
//
// Steps: content words per utterance → at every gap, the cosine of the term-frequency
// vectors of the k utterances before and the k after (block comparison) → moving-average
// smoothing → depth score (left peak − score + right peak − score) → boundaries at the
// deepest gaps above the cutoff, never closer to each other than Hearst's proviso allows.
//
// Positions follow src/eval/segmentation-metrics.ts: a boundary at p means a new segment
// starts at utterance p, i.e. the gap between utterances p−1 and p. Only gaps with a
// full block on both sides are scored (p in k..N−k), as in Hearst's sliding blocks;
// a dialogue of fewer than 2k utterances therefore gets no boundary.
import { AppError } from '../errors.js';
import { STOP_WORDS } from '../conversation/stopwords.js';
import { foldText, foldedWords } from '../conversation/text-normalise.js';

/** Depth cutoff: mean − σ/2 (Hearst's HC) or the lower, more liberal mean − σ (LC). */
export type TextTilingCutoff = 'mean-half-sd' | 'mean-sd';

/** The settings of one TextTiling run. */
export interface TextTilingParams {
  /** Utterances per block on each side of a gap (Hearst's k). */
  blockSize: number;
  /** Passes of 3-point moving-average smoothing over the gap scores (0 = none). */
  smoothingRounds: number;
  cutoff: TextTilingCutoff;
  /** Fewest utterances between two boundaries (Hearst: three intervening token-sequences). */
  minBoundaryDistance: number;
}

/**
 * k = 2: a block is one exchange, one utterance of each speaker, so every block mixes
 * both personas alike (k = 3 alternates 2+1 and 1+2 from gap to gap); and two blocks of 2
 * still fit inside the short segments a chit-chat topic lasts. One smoothing pass of
 * width 3 and the mean − σ/2 cutoff are Hearst's (and NLTK's) defaults.
 */
export const DEFAULT_TEXTTILING_PARAMS: Readonly<TextTilingParams> = {
  blockSize: 2,
  smoothingRounds: 1,
  cutoff: 'mean-half-sd',
  minBoundaryDistance: 3,
};

/** Every intermediate series, index-aligned with `positions`, for inspection and tests. */
export interface TextTilingAnalysis {
  /** Scored boundary positions, ascending: blockSize … N − blockSize. */
  positions: number[];
  /** Block-comparison cosine at each scored position. */
  similarity: number[];
  smoothed: number[];
  depth: number[];
  /** The depth a boundary must exceed; null when no position was scored. */
  cutoff: number | null;
  /** Chosen boundary positions, ascending. */
  boundaries: number[];
}

// A dip below float noise (equal blocks whose cosines differ in the last bit) is no dip.
const MIN_DEPTH = 1e-9;

/** The terms TextTiling counts in one utterance: folded content words of 3+ letters, plural -s stripped. */
export function textTilingTerms(utterance: string): string[] {
  return foldedWords(foldText(utterance))
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map(lightStem);
}

/** Boundary positions (1..N−1) TextTiling places in a dialogue of `utterances`. */
export function textTilingBoundaries(
  utterances: readonly string[],
  params: Readonly<TextTilingParams> = DEFAULT_TEXTTILING_PARAMS,
): number[] {
  return analyseTextTiling(utterances, params).boundaries;
}

/** The full TextTiling computation over a dialogue; pure and deterministic. */
export function analyseTextTiling(
  utterances: readonly string[],
  params: Readonly<TextTilingParams> = DEFAULT_TEXTTILING_PARAMS,
): TextTilingAnalysis {
  validate(params);
  const k = params.blockSize;
  const terms = utterances.map(textTilingTerms);
  const positions: number[] = [];
  for (let p = k; p <= utterances.length - k; p += 1) positions.push(p);
  const similarity = positions.map((p) => cosine(termFrequencies(terms.slice(p - k, p)), termFrequencies(terms.slice(p, p + k))));
  let smoothed = similarity;
  for (let round = 0; round < params.smoothingRounds; round += 1) smoothed = movingAverage(smoothed);
  const depth = depthScores(smoothed);
  const cutoff = depthCutoff(depth, params.cutoff);
  const candidates = positions
    .map((position, i) => ({ position, depth: depth[i] ?? 0 }))
    .filter((c) => cutoff !== null && c.depth > cutoff && c.depth > MIN_DEPTH);
  return { positions, similarity, smoothed, depth, cutoff, boundaries: pickSeparated(candidates, params.minBoundaryDistance) };
}

function validate(params: Readonly<TextTilingParams>): void {
  const checks: [string, number, number][] = [
    ['blockSize', params.blockSize, 1],
    ['smoothingRounds', params.smoothingRounds, 0],
    ['minBoundaryDistance', params.minBoundaryDistance, 1],
  ];
  for (const [name, value, min] of checks) {
    if (!Number.isInteger(value) || value < min) {
      throw new AppError('INVALID_REQUEST', `TextTiling ${name} must be an integer ≥ ${min}, not ${value}`);
    }
  }
}

// Hearst reduced words to their roots; the plural -s is the inflection chit-chat repeats
// most across turns ("cat" / "cats"), and stripping only it rarely merges unrelated words.
function lightStem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}

function termFrequencies(block: readonly string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const words of block) for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

// A block without content words shares nothing with its neighbour: similarity 0.
function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  for (const [term, count] of a) dot += count * (b.get(term) ?? 0);
  const norms = Math.sqrt(sumOfSquares(a) * sumOfSquares(b));
  return norms === 0 ? 0 : dot / norms;
}

function sumOfSquares(counts: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count * count;
  return sum;
}

// Width 3, shrinking symmetrically: the two ends are kept as they are. Averaging an end
// with its one inner neighbour would pull it towards that neighbour and shift a valley
// next to it by one gap (reflecting the series at its ends, as NLTK does, gives the same).
function movingAverage(values: readonly number[]): number[] {
  return values.map((value, i) => {
    const before = values[i - 1];
    const after = values[i + 1];
    return before === undefined || after === undefined ? value : (before + value + after) / 3;
  });
}

// Hill-climb each side while scores do not fall; a gap at a peak scores 0.
function depthScores(scores: readonly number[]): number[] {
  return scores.map((score, i) => {
    let left = score;
    for (let j = i - 1; j >= 0 && (scores[j] ?? -Infinity) >= left; j -= 1) left = scores[j] ?? left;
    let right = score;
    for (let j = i + 1; j < scores.length && (scores[j] ?? -Infinity) >= right; j += 1) right = scores[j] ?? right;
    return left - score + (right - score);
  });
}

// Population mean and standard deviation of the dialogue's own depth scores.
function depthCutoff(depth: readonly number[], policy: TextTilingCutoff): number | null {
  if (depth.length === 0) return null;
  const mean = depth.reduce((sum, d) => sum + d, 0) / depth.length;
  const sd = Math.sqrt(depth.reduce((sum, d) => sum + (d - mean) ** 2, 0) / depth.length);
  return policy === 'mean-sd' ? mean - sd : mean - sd / 2;
}

// Hearst's proviso: deepest gaps first (ties: earlier first); a gap too close to an
// already chosen boundary is skipped.
function pickSeparated(candidates: { position: number; depth: number }[], minDistance: number): number[] {
  const ordered = [...candidates].sort((a, b) => b.depth - a.depth || a.position - b.position);
  const chosen: number[] = [];
  for (const { position } of ordered) {
    if (chosen.every((other) => Math.abs(other - position) >= minDistance)) chosen.push(position);
  }
  return chosen.sort((a, b) => a - b);
}
