// npm run bench -- facts [--sizes 12,100,1000,5000] [--messages 400] [--seed 42]
//
// Fact selection runs on every context call over every live fact, so its cost grows with
// the facts a user has stated. Time per selection with N live facts, the same messages
// alternated between memoryd (the message's similarities to all facts read from the
// index of their sparse vectors) and the baseline (each fact's cosine computed on its
// own, over all 512 dimensions: what memoryd did before). Both must select the same
// facts; the bench fails if they do not.
import { CommandExit, parseOrRefuse, readCommandArgs, type Command } from '../cli/command-line.js';
import { integerFlag, integerListFlag } from '../cli/flags.js';
import { classifyDomain } from '../domains/classify-domain.js';
import { DOMAINS } from '../domains/domain.js';
import { createHashingEmbedder } from '../embeddings/hashing-embedder.js';
import { AppError } from '../errors.js';
import { FactIndex, indexedFact } from '../facts/fact-index.js';
import { selectFacts } from '../facts/fact-selector.js';
import type { FactSelectionRequest } from '../facts/fact-selection.js';
import { seededRandom, type SeededRandom } from '../seeded-random.js';
import { SEED_OPTION, seedFlag } from './replay-args.js';
import { replaySteps } from './replay.js';
import { summarize, type LatencySummary } from './stats.js';
import { alignRows } from './text-table.js';

const FACTS: Command = { name: 'facts bench', usage: 'usage: npm run bench -- facts [--sizes 12,100,1000,5000] [--messages 400] [--seed 42]\n' };
const NOW = Date.UTC(2026, 10, 1);
const WARMUP_MESSAGES = 50;

const SUBJECTS = ['editor', 'city', 'sister', 'manager', 'dentist', 'gym', 'diet', 'laptop', 'team', 'bank', 'language', 'framework', 'car', 'dog', 'school'];
const VALUES = ['Vim', 'Lisbon', 'Ana', 'Laura', 'Dr Ruiz', 'FitPlus', 'vegan', 'ThinkPad', 'payments', 'Nordea', 'Rust', 'React', 'Corolla', 'Luna', 'Lycée'];
const TEMPLATES = [
  (s: string, v: string) => `My ${s} is ${v}`,
  (s: string, v: string) => `I prefer ${v} for my ${s}`,
  (s: string, v: string) => `We decided to move the ${s} to ${v}`,
  (s: string, v: string) => `From now on mention ${v} when we talk about the ${s}`,
  (s: string, v: string) => `I usually see my ${s} ${v} on Fridays`,
];

function statement(random: SeededRandom, i: number): string {
  return `${random.pick(TEMPLATES)(random.pick(SUBJECTS), random.pick(VALUES))} (${i})`;
}

export interface FactsBenchRow {
  facts: number;
  memoryd: LatencySummary;
  baseline: LatencySummary;
}

/** The first `count` user messages of the synthetic chat of `seed`. */
export function replayUserMessages(count: number, seed: number): string[] {
  const messages: string[] = [];
  for (const step of replaySteps([], seed)) {
    if (messages.length === count) break;
    if (step.kind === 'user') messages.push(step.text);
  }
  return messages;
}

/** Selection times (µs) with `size` live facts over `messages` user messages of the synthetic chat. */
export async function measureSelection(size: number, messages: readonly string[], seed: number): Promise<FactsBenchRow> {
  const embedder = createHashingEmbedder();
  const random = seededRandom(seed + size);
  const texts = Array.from({ length: size }, (_, i) => statement(random, i));
  const vectors = await embedder.embedBatch(texts);
  const index = new FactIndex();
  texts.forEach((fact, i) => {
    const domain = DOMAINS[i % DOMAINS.length] ?? 'personal';
    const vector = vectors[i] ?? null;
    index.put(indexedFact({ id: `fact_${i}`, fact, domain, subject: null, confidence: 'high', status: 'active', tokenCount: 8, createdAt: NOW, lastConfirmedAt: NOW, vector, value: null }));
  });
  const embedded = await embedder.embedBatch(messages);
  const requests: FactSelectionRequest[] = messages.map((message, i) => ({
    message,
    embedding: embedded[i] as Float32Array,
    domain: classifyDomain(message),
    recentTurns: messages.slice(Math.max(0, i - 3), i),
    now: NOW,
  }));
  const times = { memoryd: [] as number[], baseline: [] as number[] };
  // The first calls compile the code: both sides are timed from the same point on.
  const record = (name: keyof typeof times, at: number, us: number): void => {
    if (at >= WARMUP_MESSAGES) times[name].push(us);
  };
  requests.forEach((request, i) => {
    const runs = [
      ['memoryd', () => selectFacts(index.values(), request, undefined, { similarityOf: index.similarities(request.embedding) })],
      ['baseline', () => selectFacts(index.values(), request)],
    ] as const;
    const results: string[] = [];
    for (const [name, select] of i % 2 === 0 ? runs : [...runs].reverse()) {
      const started = process.hrtime.bigint();
      const selection = select();
      record(name, i, Number(process.hrtime.bigint() - started) / 1000);
      results.push(JSON.stringify(selection));
    }
    if (results[0] !== results[1]) throw new AppError('INTERNAL', `facts bench: memoryd and the baseline selected differently for "${request.message}"`);
  });
  return { facts: size, memoryd: summarize(times.memoryd), baseline: summarize(times.baseline) };
}

/** Prints selection times per fact count; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const args = readCommandArgs(FACTS, argv, parseFactsArgs);
  if (args instanceof CommandExit) return args.code;
  const { sizes, count, seed } = args;
  const messages = replayUserMessages(count, seed);
  process.stdout.write(
    `fact selection per message, hashing embedder (512 dims), ${count} messages of the synthetic chat (the first ${WARMUP_MESSAGES} not counted), calls alternated; µs\n`,
  );
  const rows: string[][] = [['live facts', 'memoryd p50', 'p99', 'one by one p50', 'p99', 'p50 ratio']];
  for (const size of sizes) {
    const row = await measureSelection(size, messages, seed);
    const us = (value: number) => value.toFixed(1);
    rows.push([String(size), us(row.memoryd.p50), us(row.memoryd.p99), us(row.baseline.p50), us(row.baseline.p99), `${(row.baseline.p50 / row.memoryd.p50).toFixed(2)}×`]);
  }
  process.stdout.write(`${alignRows(rows)}\n`);
  return 0;
}

function parseFactsArgs(argv: readonly string[]): { sizes: number[]; count: number; seed: number } {
  const { values } = parseOrRefuse(argv, {
    options: { sizes: { type: 'string', default: '12,100,1000,5000' }, messages: { type: 'string', default: '400' }, ...SEED_OPTION },
  });
  return {
    sizes: integerListFlag(values.sizes, '--sizes', 0, 'integers ≥ 0 separated by commas'),
    count: integerFlag(values.messages, '--messages', WARMUP_MESSAGES + 1, `an integer over ${WARMUP_MESSAGES}`),
    seed: seedFlag(values.seed),
  };
}
