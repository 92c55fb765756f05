// npm run eval -- dedup [--embedder auto|hashing|transformers] [--data <dir> (default ../shared/data/similarity)]
//   [--models-dir <dir>] [--model <id>] [--threshold <t> (default 0.85, MEMORYD_DEDUP_THRESHOLD's default)]
// Intent dedup (spec §4) merges a question with an earlier one when cosine > threshold.
// Measured on STS-B: positives are pairs scored ≥ 4.5 (rephrases), negatives ≤ 3.0.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { mayShareAnswer } from '../cache/cache-policy.js';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, type Command } from '../cli/command-line.js';
import { numberFlag } from '../cli/flags.js';
import { SETTINGS } from '../config/settings.js';
import type { Embedder } from '../embeddings/embedder.js';
import { DEFAULT_MODEL_ID } from '../embeddings/model-files.js';
import { selectEmbedder, type EmbedderPreference } from '../embeddings/select-embedder.js';
import { cosine } from '../embeddings/vector.js';
import { AppError, messageOf } from '../errors.js';
import { dataFolderHint, embedderPreference } from './eval-command.js';

const LANGUAGES = ['en', 'es'] as const;
const DEFAULT_DATA = '../shared/data/similarity';
const stsFile = (language: string, split: 'train' | 'dev'): string => `stsb-${language}-${split}.csv`;
const STS_FILES = LANGUAGES.flatMap((language) => [stsFile(language, 'train'), stsFile(language, 'dev')]);
const POSITIVE_MIN = 4.5;
const NEGATIVE_MAX = 3.0;
const TARGET_PRECISION = 0.95;
const BANDS: [number, number][] = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 4.5], [4.5, 5.01]];

/** One STS-B pair: two sentences and their gold similarity, 0–5. */
export interface StsPair {
  left: string;
  right: string;
  score: number;
}

interface Scored {
  score: number;
  cosine: number;
  /** The cache's guards (persons, negation, tense, repeat words, names and numbers and their order) let the pair merge. */
  guarded: boolean;
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  positives: number;
  negatives: number;
}

/** Parses headerless RFC 4180 CSV (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || field !== '') rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Reads an STS-B file (`sentence1,sentence2,score`). */
export async function readStsPairs(path: string): Promise<StsPair[]> {
  const rows = parseCsv(await readFile(path, 'utf8'));
  return rows.map((row, index) => {
    const [left, right, score] = row;
    const value = Number(score);
    if (row.length !== 3 || left === undefined || right === undefined || !Number.isFinite(value)) {
      throw new AppError('INVALID_REQUEST', `${path}: row ${index + 1} is not sentence1,sentence2,score`);
    }
    return { left, right, score: value };
  });
}

async function scorePairs(pairs: StsPair[], embedder: Embedder, timing: { ms: number; sentences: number }): Promise<Scored[]> {
  const sentences = [...new Set(pairs.flatMap((pair) => [pair.left, pair.right]))];
  const started = performance.now();
  const vectors = await embedder.embedBatch(sentences);
  timing.ms += performance.now() - started;
  timing.sentences += sentences.length;
  const bySentence = new Map(sentences.map((sentence, i) => [sentence, vectors[i] as Float32Array]));
  return pairs.map((pair) => ({
    score: pair.score,
    cosine: cosine(bySentence.get(pair.left) as Float32Array, bySentence.get(pair.right) as Float32Array),
    guarded: mayShareAnswer(pair.left, pair.right),
  }));
}

function labelled(scored: Scored[]): { positive: boolean; cosine: number; guarded: boolean }[] {
  return scored
    .filter((pair) => pair.score >= POSITIVE_MIN || pair.score <= NEGATIVE_MAX)
    .map((pair) => ({ positive: pair.score >= POSITIVE_MIN, cosine: pair.cosine, guarded: pair.guarded }));
}

function countAt(scored: Scored[], threshold: number, guards: boolean): Counts {
  const counts: Counts = { tp: 0, fp: 0, fn: 0, positives: 0, negatives: 0 };
  for (const pair of labelled(scored)) {
    const merged = pair.cosine > threshold && (!guards || pair.guarded);
    if (pair.positive) counts.positives++;
    else counts.negatives++;
    if (merged && pair.positive) counts.tp++;
    else if (merged) counts.fp++;
    else if (pair.positive) counts.fn++;
  }
  return counts;
}

const precisionOf = (c: Counts): number => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
const recallOf = (c: Counts): number => (c.positives === 0 ? 0 : c.tp / c.positives);
const f1Of = (c: Counts): number => {
  const p = precisionOf(c);
  const r = recallOf(c);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
};

// Candidate thresholds between consecutive distinct cosines, scanned from the top: each
// merges one more group of pairs. Returns the F1-best one and the smallest one whose
// precision is still ≥ TARGET_PRECISION (undefined when none reaches it).
function fitThresholds(train: Scored[]): { bestF1: number; precise: number | undefined } {
  const sorted = labelled(train).sort((a, b) => b.cosine - a.cosine);
  const positives = sorted.filter((pair) => pair.positive).length;
  let tp = 0;
  let fp = 0;
  let best = { f1: -1, threshold: 1 };
  let precise: number | undefined;
  for (let i = 0; i < sorted.length; i++) {
    const pair = sorted[i] as { positive: boolean; cosine: number };
    if (pair.positive) tp++;
    else fp++;
    const next = sorted[i + 1]?.cosine;
    if (next === pair.cosine) continue;
    const threshold = next === undefined ? pair.cosine - 1e-6 : (pair.cosine + next) / 2;
    const precision = tp / (tp + fp);
    const recall = tp / positives;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    if (f1 > best.f1) best = { f1, threshold };
    if (precision >= TARGET_PRECISION) precise = threshold;
  }
  return { bestF1: best.threshold, precise };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function resultRow(language: string, threshold: number, chosenBy: string, dev: Scored[], guards = false): string[] {
  const c = countAt(dev, threshold, guards);
  const figures = [precisionOf(c), recallOf(c), f1Of(c)].map((x) => x.toFixed(3));
  return [language, threshold.toFixed(3), chosenBy, ...figures, ...[c.tp, c.fp, c.fn, c.positives, c.negatives].map(String)];
}

function ranks(values: number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length).fill(0);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end++;
    for (let k = start; k <= end; k++) result[(order[k] as { index: number }).index] = (start + end) / 2;
    start = end + 1;
  }
  return result;
}

// Spearman's rank correlation between gold scores and cosines (ties get mean ranks).
function spearman(scored: Scored[]): number {
  const x = ranks(scored.map((pair) => pair.score));
  const y = ranks(scored.map((pair) => pair.cosine));
  const mean = (x.length - 1) / 2;
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = (x[i] as number) - mean;
    const dy = (y[i] as number) - mean;
    xy += dx * dy;
    xx += dx * dx;
    yy += dy * dy;
  }
  return xy / Math.sqrt(xx * yy);
}

function bandMeans(scored: Scored[]): string[] {
  return BANDS.map(([low, high]) => {
    const inBand = scored.filter((pair) => pair.score >= low && pair.score < high);
    return inBand.length === 0 ? '-' : (inBand.reduce((sum, pair) => sum + pair.cosine, 0) / inBand.length).toFixed(2);
  }).concat(spearman(scored).toFixed(3));
}

interface DedupOptions {
  prefer: EmbedderPreference;
  /** `--data` as given, and resolved. */
  data: { given: string; dir: string };
  modelsDir: string;
  modelId: string;
  threshold: number;
  /** Where the threshold comes from, as its rows say: the daemon's default, or `--threshold`. */
  thresholdLabel: 'default' | '--threshold';
}

const DEDUP: Command = {
  name: 'dedup eval',
  usage:
    `usage: npm run eval -- dedup [--embedder auto|hashing|transformers] [--data <dir> (default ${DEFAULT_DATA})] [--models-dir <dir>] [--model <id>] ` +
    `[--threshold <t> (default ${SETTINGS.dedupThreshold.default})]\n`,
};

function parseOptions(argv: readonly string[]): DedupOptions {
  const { values } = parseOrRefuse(argv, {
    options: {
      embedder: { type: 'string', default: 'auto' },
      data: { type: 'string', default: DEFAULT_DATA },
      'models-dir': { type: 'string', default: './data/models' },
      model: { type: 'string', default: DEFAULT_MODEL_ID },
      threshold: { type: 'string' },
    },
  });
  const prefer = embedderPreference(values.embedder);
  const threshold = numberFlag(values.threshold ?? SETTINGS.dedupThreshold.default, '--threshold', { atLeast: -1, atMost: 1 }, 'a number in [-1, 1]');
  return {
    prefer,
    data: { given: values.data, dir: resolve(values.data) },
    modelsDir: resolve(values['models-dir']),
    modelId: values.model,
    threshold,
    thresholdLabel: values.threshold === undefined ? 'default' : '--threshold',
  };
}

type Splits = { language: string; train: StsPair[]; dev: StsPair[] };

async function readSplits(data: DedupOptions['data']): Promise<Splits[]> {
  const read = async (language: string, split: 'train' | 'dev'): Promise<StsPair[]> => {
    const path = join(data.dir, stsFile(language, split));
    try {
      return await readStsPairs(path);
    } catch (cause) {
      if (cause instanceof AppError) throw cause;
      throw new AppError('NOT_FOUND', `cannot read ${path} (--data <dir>): ${messageOf(cause)}; ${dataFolderHint(data, STS_FILES, 'similarity')}`, { cause });
    }
  };
  const splits: Splits[] = [];
  for (const language of LANGUAGES) splits.push({ language, train: await read(language, 'train'), dev: await read(language, 'dev') });
  return splits;
}

/** Runs the dedup evaluation; prints the figures on stdout and returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const options = readCommandArgs(DEDUP, argv, parseOptions);
  if (options instanceof CommandExit) return options.code;
  let selection: Awaited<ReturnType<typeof selectEmbedder>>;
  let data: Splits[];
  try {
    data = await readSplits(options.data);
    selection = await selectEmbedder({ modelsDir: options.modelsDir, modelId: options.modelId, prefer: options.prefer });
  } catch (error) {
    reportCommandFailure(DEDUP, error);
    return 1;
  }
  const { embedder, reason } = selection;
  process.stderr.write(`${reason}\n`);
  const timing = { ms: 0, sentences: 0 };
  const results: string[][] = [];
  const bands: string[][] = [];
  for (const splits of data) {
    const { language } = splits;
    const train = await scorePairs(splits.train, embedder, timing);
    const dev = await scorePairs(splits.dev, embedder, timing);
    const fitted = fitThresholds(train);
    results.push(resultRow(language, options.threshold, options.thresholdLabel, dev));
    results.push(resultRow(language, options.threshold, `${options.thresholdLabel} + guards`, dev, true));
    results.push(resultRow(language, fitted.bestF1, 'train F1-best', dev));
    if (fitted.precise === undefined) results.push([language, '-', `train P≥${TARGET_PRECISION}: none`]);
    else results.push(resultRow(language, fitted.precise, `train P≥${TARGET_PRECISION}`, dev));
    bands.push([`${language} train`, ...bandMeans(train)], [`${language} dev`, ...bandMeans(dev)]);
  }
  const bandHeader = ['set', ...BANDS.map(([low, high]) => `${low}–${Math.min(high, 5)}`), 'Spearman'];
  process.stdout.write(
    [
      `dedup eval — embedder ${embedder.id}; positives gold ≥ ${POSITIVE_MIN}, negatives gold ≤ ${NEGATIVE_MAX}; merged when cosine > threshold (+ guards: and the cache's persons, negation, tense, repeat words, names and numbers and their order agree); figures on dev`,
      '',
      table(['lang', 'threshold', 'chosen by', 'precision', 'recall', 'F1', 'TP', 'FP', 'FN', 'pos', 'neg'], results),
      '',
      'mean cosine by gold-score band, and Spearman of cosine vs gold score (all pairs)',
      table(bandHeader, bands),
      '',
      `embed time: ${(timing.ms / timing.sentences).toFixed(4)} ms per sentence (${timing.sentences} sentences)`,
      '',
    ].join('\n'),
  );
  return 0;
}
