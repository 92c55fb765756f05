// npm run eval -- topic-shift [<file> (default ../shared/data/topic-shift/tiage-train-dev.json)]
//   [--embedder hashing|transformers|auto] [--models-dir <dir>] [--model <id>]
//
// Streams each TIAGE dialogue through the real topic-shift detector, one utterance per
// turn. Convention: every utterance is treated as the current user turn and compared
// with the utterance just before it (TIAGE alternates two speakers; memoryd compares a
// user turn with the previous user turn). A boundary is predicted before utterance i
// when the detector reports a shift (or a flush) for it; utterance 0 never starts one.
// The TextTiling baseline segments each whole dialogue at once (src/eval/texttiling.ts)
// and returns boundaries in the same positions, scored by the same metric code.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, UsageError, type Command } from '../cli/command-line.js';
import { classifyDomain, topicDomain, type DomainGuess } from '../domains/classify-domain.js';
import type { Embedder } from '../embeddings/embedder.js';
import { selectEmbedder, type EmbedderPreference } from '../embeddings/select-embedder.js';
import { cosine } from '../embeddings/vector.js';
import { AppError, messageOf } from '../errors.js';
import { detectExplicitShift, type ExplicitShift } from '../conversation/shift-phrases.js';
import {
  DEFAULT_TOPIC_SHIFT_PARAMS,
  detectTopicShift,
  type TopicShiftInput,
  type TopicShiftParams,
} from '../conversation/topic-shift.js';
import {
  addCounts,
  boundariesFromSegments,
  compareSegmentations,
  emptyCounts,
  scoreCounts,
  type SegmentationCounts,
  type SegmentationScores,
} from './segmentation-metrics.js';
import { embedderPreference } from './eval-command.js';
import { DEFAULT_TEXTTILING_PARAMS, textTilingBoundaries, type TextTilingParams } from './texttiling.js';

const DEFAULT_FILE = '../shared/data/topic-shift/tiage-train-dev.json';

const dialogueSchema = z.object({
  dial_id: z.union([z.string(), z.number()]),
  utterances: z.array(z.string()),
  segments: z.array(z.number().int().positive()),
  set: z.string().optional(),
});
type Dialogue = z.infer<typeof dialogueSchema>;

// What the detector sees for one utterance, computed once and reused by every variant.
interface TurnFeatures {
  text: string;
  similarity: number | null;
  domain: DomainGuess;
  explicit: ExplicitShift | null;
}

interface Variant {
  name: string;
  /** Predicted boundary positions (1..N-1) for one dialogue's turns. */
  boundaries(turns: readonly TurnFeatures[]): number[];
}

interface EvalArgs {
  file: string;
  prefer: EmbedderPreference;
  modelsDir: string;
  modelId: string | undefined;
}

const TOPIC_SHIFT: Command = {
  name: 'topic-shift eval',
  usage: `usage: npm run eval -- topic-shift [<file> (default ${DEFAULT_FILE})] [--embedder hashing|transformers|auto] [--models-dir <dir>] [--model <id>]\n`,
};

/** Entry point of `npm run eval -- topic-shift`: prints the figures, returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const args = readCommandArgs(TOPIC_SHIFT, argv, parseTopicShiftArgs);
  if (args instanceof CommandExit) return args.code;
  let dialogues: Dialogue[];
  let embedder: Embedder;
  try {
    dialogues = await loadDialogues(resolve(process.cwd(), args.file));
    const selection = await selectEmbedder({ modelsDir: args.modelsDir, modelId: args.modelId, prefer: args.prefer });
    process.stderr.write(`${selection.reason}\n`);
    embedder = selection.embedder;
  } catch (error) {
    reportCommandFailure(TOPIC_SHIFT, error);
    return 1;
  }
  const started = performance.now();
  const features: TurnFeatures[][] = [];
  for (const dialogue of dialogues) features.push(await extractFeatures(dialogue, embedder));
  const ms = performance.now() - started;
  const variants = buildVariants();
  const utterances = dialogues.reduce((sum, d) => sum + d.utterances.length, 0);
  process.stdout.write(
    `TIAGE topic shift — ${dialogues.length} dialogues, ${utterances} utterances, ` +
      `embedder ${embedder.id} (${(ms / utterances).toFixed(2)} ms per utterance with embedding)\n\n`,
  );
  printHeader();
  for (const variant of variants) printRow(variant.name, evaluate(dialogues, features, variant));
  printSplits(dialogues, features, variants[variants.length - 1]);
  process.stdout.write(
    '\nPublished references on TIAGE test: TextTiling Pk 0.469 WD 0.488; CSM (best unsupervised) Pk 0.400 WD 0.420.\n' +
      'Pk/WD: lower is better (micro-averaged; macro in brackets). F1: boundary F1, exact and ±1.\n' +
      `TextTiling here: blocks of k utterances, ${DEFAULT_TEXTTILING_PARAMS.smoothingRounds} pass of 3-point smoothing, ` +
      `boundaries at least ${DEFAULT_TEXTTILING_PARAMS.minBoundaryDistance} utterances apart, depth > cutoff (mean/σ per dialogue).\n`,
  );
  return 0;
}

function parseTopicShiftArgs(argv: readonly string[]): EvalArgs {
  const { values, positionals } = parseOrRefuse(argv, {
    allowPositionals: true,
    options: {
      embedder: { type: 'string', default: 'hashing' },
      'models-dir': { type: 'string', default: './data/models' },
      model: { type: 'string' },
    },
  });
  const prefer = embedderPreference(values.embedder);
  if (positionals.length > 1) throw new UsageError('give at most one TIAGE file');
  return { file: positionals[0] ?? DEFAULT_FILE, prefer, modelsDir: resolve(values['models-dir']), modelId: values.model };
}

async function loadDialogues(path: string): Promise<Dialogue[]> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (cause) {
    throw new AppError('NOT_FOUND', `cannot read the TIAGE file ${path}: ${messageOf(cause)}`, { cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (cause) {
    throw new AppError('INVALID_REQUEST', `${path} is not JSON`, { cause });
  }
  const parsed = z.array(dialogueSchema).safeParse(json);
  if (!parsed.success) {
    throw new AppError('INVALID_REQUEST', `${path} is not a TIAGE-format file`, { cause: parsed.error });
  }
  for (const dialogue of parsed.data) {
    const total = dialogue.segments.reduce((sum, n) => sum + n, 0);
    if (total !== dialogue.utterances.length) {
      throw new AppError('INVALID_REQUEST', `dialogue ${dialogue.dial_id}: segments cover ${total} of ${dialogue.utterances.length} utterances`);
    }
  }
  return parsed.data;
}

async function extractFeatures(dialogue: Dialogue, embedder: Embedder): Promise<TurnFeatures[]> {
  const vectors = await embedder.embedBatch(dialogue.utterances);
  return dialogue.utterances.map((text, i) => {
    const current = vectors[i];
    const previous = i > 0 ? vectors[i - 1] : undefined;
    return {
      text,
      similarity: current !== undefined && previous !== undefined ? cosine(current, previous) : null,
      domain: classifyDomain(text),
      explicit: detectExplicitShift(text),
    };
  });
}

function detectorInput(turn: TurnFeatures, previous: TurnFeatures | null, rules: Set<string>): TopicShiftInput {
  return {
    text: turn.text,
    similarity: rules.has('similarity') ? turn.similarity : null,
    previousTurnText: previous?.text ?? null,
    previousDomain: rules.has('domain') && previous !== null ? topicDomain(previous.domain) : null,
    currentDomain: rules.has('domain') ? turn.domain : null,
    explicit: rules.has('phrase') ? turn.explicit : null,
  };
}

// A boundary before turn i when the predicate holds for it; turn 0 never starts one.
function perTurn(name: string, predict: (turn: TurnFeatures, previous: TurnFeatures) => boolean): Variant {
  return {
    name,
    boundaries: (turns) => {
      const hypothesis: number[] = [];
      turns.forEach((turn, i) => {
        const previous = turns[i - 1];
        if (previous !== undefined && predict(turn, previous)) hypothesis.push(i);
      });
      return hypothesis;
    },
  };
}

function variant(name: string, rules: string[], params: TopicShiftParams = DEFAULT_TOPIC_SHIFT_PARAMS): Variant {
  const active = new Set(rules);
  return perTurn(name, (turn, previous) => detectTopicShift(detectorInput(turn, previous, active), params).shift);
}

function textTiling(params: TextTilingParams): Variant {
  const cutoff = params.cutoff === 'mean-sd' ? 'mean−σ' : 'mean−σ/2';
  return {
    name: `baseline: TextTiling (k=${params.blockSize}, ${cutoff})`,
    boundaries: (turns) => textTilingBoundaries(turns.map((turn) => turn.text), params),
  };
}

function buildVariants(): Variant[] {
  const all = ['similarity', 'phrase', 'domain'];
  const bare = { ...DEFAULT_TOPIC_SHIFT_PARAMS, similarityNeedsRequest: false, similaritySkipsAnswers: false, similaritySkipsFollowUps: false };
  const twoGuards = { ...DEFAULT_TOPIC_SHIFT_PARAMS, similaritySkipsFollowUps: false };
  return [
    perTurn('baseline: never a boundary', () => false),
    perTurn('baseline: boundary every turn', () => true),
    textTiling(DEFAULT_TEXTTILING_PARAMS),
    textTiling({ ...DEFAULT_TEXTTILING_PARAMS, cutoff: 'mean-sd' }),
    variant('similarity < 0.4, bare spec rule', ['similarity'], bare),
    variant('  + skip answers to a question', ['similarity'], { ...bare, similaritySkipsAnswers: true }),
    variant('  + only questions and requests', ['similarity'], { ...bare, similarityNeedsRequest: true }),
    variant('  + both guards', ['similarity'], twoGuards),
    variant('  + skip short follow-ups too (memoryd)', ['similarity']),
    variant('phrases only', ['phrase']),
    variant('domain only', ['domain']),
    variant('combined, bare spec rules', all, bare),
    variant('combined, memoryd default', all),
  ];
}

function evaluate(dialogues: readonly Dialogue[], features: readonly TurnFeatures[][], v: Variant): SegmentationScores {
  let counts: SegmentationCounts = emptyCounts();
  dialogues.forEach((dialogue, d) => {
    const turns = features[d] ?? [];
    const reference = boundariesFromSegments(dialogue.segments);
    counts = addCounts(counts, compareSegmentations(reference, v.boundaries(turns), turns.length));
  });
  return scoreCounts(counts);
}

// The default detector per split (TIAGE's train/dev), to show the figures are stable.
function printSplits(dialogues: readonly Dialogue[], features: readonly TurnFeatures[][], detector: Variant | undefined): void {
  const splits = [...new Set(dialogues.map((d) => d.set).filter((set): set is string => set !== undefined))];
  if (detector === undefined || splits.length < 2) return;
  process.stdout.write('\n');
  for (const split of splits) {
    const picked = dialogues.map((d, i) => ({ d, f: features[i] ?? [] })).filter(({ d }) => d.set === split);
    const scores = evaluate(picked.map(({ d }) => d), picked.map(({ f }) => f), detector);
    printRow(`${detector.name.trim()} [${split}]`, scores);
  }
}

function printHeader(): void {
  process.stdout.write(
    `${'detector'.padEnd(40)} ${'Pk'.padStart(14)} ${'WindowDiff'.padStart(14)} ${'P'.padStart(6)} ${'R'.padStart(6)} ${'F1'.padStart(6)} ${'F1±1'.padStart(6)}\n`,
  );
}

function printRow(name: string, s: SegmentationScores): void {
  const f = (x: number): string => x.toFixed(3);
  process.stdout.write(
    `${name.padEnd(40)} ${`${f(s.pk)} (${f(s.macroPk)})`.padStart(14)} ${`${f(s.windowDiff)} (${f(s.macroWindowDiff)})`.padStart(14)} ` +
      `${f(s.exact.precision).padStart(6)} ${f(s.exact.recall).padStart(6)} ${f(s.exact.f1).padStart(6)} ${f(s.tolerant.f1).padStart(6)}\n`,
  );
}
