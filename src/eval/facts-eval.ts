// npm run eval -- facts [--data <dir> (default ../shared/data/facts)] [--examples <n> (default 8)]:
// precision and recall of explicit fact extraction on SLURP (devel), MSC persona summaries and ConEL-22.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, type Command } from '../cli/command-line.js';
import { integerFlag } from '../cli/flags.js';
import { messageOf } from '../errors.js';
import { cleanMessage, readSentences } from '../facts/extraction/extract-facts.js';
import { extractFacts, readUserMessage } from '../facts/extraction/index.js';
import { mayStateFacts } from '../facts/extraction/message-gate.js';
import { isRecord } from '../records.js';
import { dataFolderHint } from './eval-command.js';

// SLURP intents whose utterances state a liking the assistant should keep.
const SLURP_POSITIVE_INTENTS = new Set(['music_likeness', 'music_dislikeness']);
const SLURP_FILE = 'slurp-devel.jsonl';
const MSC_FILES = ['msc-personasummary-session1-valid.jsonl', 'msc-personasummary-session2-valid.jsonl'];
const CONEL_FILE = 'conel22-pemd-val.json';
const DEFAULT_DATA = '../shared/data/facts';
const DEFAULT_EXAMPLES = '8';
const TARGETS = { slurp: 0.9, msc: 0.8 } as const;

interface Sample {
  text: string;
  positive: boolean;
}

interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  falsePositives: string[];
  falseNegatives: string[];
}

interface Options {
  /** `--data` as given, and resolved. */
  data: { given: string; dir: string };
  examples: number;
}

const FACTS: Command = {
  name: 'facts eval',
  usage: `usage: npm run eval -- facts [--data <dir> (default ${DEFAULT_DATA})] [--examples <n> (default ${DEFAULT_EXAMPLES})]\n`,
};

function parseOptions(argv: readonly string[]): Options {
  const { values } = parseOrRefuse(argv, { options: { data: { type: 'string', default: DEFAULT_DATA }, examples: { type: 'string', default: DEFAULT_EXAMPLES } } });
  return { data: { given: values.data, dir: resolve(process.cwd(), values.data) }, examples: integerFlag(values.examples, '--examples', 0, 'a whole number') };
}

function jsonLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as unknown);
}

function slurpSamples(text: string): Sample[] {
  return jsonLines(text).flatMap((row) =>
    isRecord(row) && typeof row['sentence'] === 'string' && typeof row['intent'] === 'string'
      ? [{ text: row['sentence'], positive: SLURP_POSITIVE_INTENTS.has(row['intent']) }]
      : [],
  );
}

function mscSamples(text: string): Sample[] {
  return jsonLines(text).flatMap((row) => {
    const dialog = isRecord(row) && Array.isArray(row['dialog']) ? row['dialog'] : [];
    return dialog.flatMap((turn: unknown) => {
      if (!isRecord(turn) || typeof turn['text'] !== 'string') return [];
      const persona = turn['persona_text'];
      return [{ text: turn['text'], positive: typeof persona === 'string' && persona.trim().length > 0 }];
    });
  });
}

function conelSamples(text: string): Sample[] {
  const dialogues: unknown = JSON.parse(text);
  if (!Array.isArray(dialogues)) return [];
  return dialogues.flatMap((dialogue: unknown) => {
    const turns = isRecord(dialogue) && Array.isArray(dialogue['turns']) ? dialogue['turns'] : [];
    return turns.flatMap((turn: unknown) => {
      if (!isRecord(turn) || turn['speaker'] !== 'USER' || typeof turn['utterance'] !== 'string') return [];
      const mentions = turn['personal_entity_annotations'];
      return [{ text: turn['utterance'], positive: Array.isArray(mentions) && mentions.length > 0 }];
    });
  });
}

function confusion(samples: readonly Sample[], examples: number): Confusion {
  const result: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0, falsePositives: [], falseNegatives: [] };
  for (const sample of samples) {
    const facts = extractFacts(sample.text, { role: 'user' });
    const predicted = facts.length > 0;
    if (predicted && sample.positive) result.tp++;
    else if (predicted) {
      result.fp++;
      if (result.falsePositives.length < examples) {
        result.falsePositives.push(`${sample.text}  →  ${facts.map((fact) => fact.statement).join(' | ')}`);
      }
    } else if (sample.positive) {
      result.fn++;
      if (result.falseNegatives.length < examples) result.falseNegatives.push(sample.text);
    } else result.tn++;
  }
  return result;
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? Number.NaN : numerator / denominator;
}

function figure(value: number): string {
  return Number.isNaN(value) ? 'n/a' : value.toFixed(3);
}

function report(name: string, result: Confusion): number {
  const precision = ratio(result.tp, result.tp + result.fp);
  const recall = ratio(result.tp, result.tp + result.fn);
  const total = result.tp + result.fp + result.fn + result.tn;
  process.stdout.write(
    `${name}: precision ${figure(precision)}  recall ${figure(recall)}  ` +
      `(tp ${result.tp}, fp ${result.fp}, fn ${result.fn}, tn ${result.tn}; ${result.tp + result.fp} of ${total} extracted)\n`,
  );
  for (const example of result.falsePositives) process.stderr.write(`  ${name} false positive: ${example}\n`);
  for (const example of result.falseNegatives) process.stderr.write(`  ${name} missed: ${example}\n`);
  return precision;
}

// How many utterances the message gate lets through to be read, and how many readings
// differ from reading every utterance in full (the gate must change none).
function reportGate(samples: readonly Sample[]): boolean {
  let read = 0;
  let differ = 0;
  for (const { text } of samples) {
    const message = cleanMessage(text);
    if (mayStateFacts(message.folded)) read++;
    if (JSON.stringify(readUserMessage(text, { role: 'user' })) !== JSON.stringify(readSentences(message))) differ++;
  }
  const share = ((100 * read) / Math.max(1, samples.length)).toFixed(1);
  process.stdout.write(`message gate: ${read} of ${samples.length} utterances read (${share} %); readings changed by the gate: ${differ}\n`);
  return differ === 0;
}

async function load(dataDir: string, file: string): Promise<string> {
  return readFile(resolve(dataDir, file), 'utf8');
}

/**
 * Runs the three data sets; exit code 1 when a precision target is missed, the message
 * gate changes a reading, or the data cannot be read; 2 on a usage error.
 */
export async function run(argv: string[]): Promise<number> {
  const options = readCommandArgs(FACTS, argv, parseOptions);
  if (options instanceof CommandExit) return options.code;
  const { data, examples } = options;
  let texts: { slurp: string; msc: string[]; conel: string };
  try {
    texts = {
      slurp: await load(data.dir, SLURP_FILE),
      msc: await Promise.all(MSC_FILES.map((file) => load(data.dir, file))),
      conel: await load(data.dir, CONEL_FILE),
    };
  } catch (error) {
    const hint = dataFolderHint(data, [SLURP_FILE, ...MSC_FILES, CONEL_FILE], 'facts');
    reportCommandFailure(FACTS, `cannot read the data in ${data.dir} (--data <dir>): ${messageOf(error)}; ${hint}`);
    return 1;
  }
  const started = performance.now();
  const samples = { slurp: slurpSamples(texts.slurp), msc: texts.msc.flatMap(mscSamples), conel: conelSamples(texts.conel) };
  const slurp = report('SLURP devel (music_likeness/dislikeness vs rest)', confusion(samples.slurp, examples));
  const msc = report('MSC persona summaries (utterance has persona_text)', confusion(samples.msc, examples));
  report('ConEL-22 val (USER turn mentions a personal entity)', confusion(samples.conel, examples));
  process.stderr.write(`facts eval: ${(performance.now() - started).toFixed(0)} ms\n`);
  const gateChangesNothing = reportGate([...samples.slurp, ...samples.msc, ...samples.conel]);
  const met = slurp >= TARGETS.slurp && msc >= TARGETS.msc;
  process.stdout.write(`targets (precision ≥ ${TARGETS.slurp} SLURP, ≥ ${TARGETS.msc} MSC): ${met ? 'met' : 'missed'}\n`);
  return met && gateChangesNothing ? 0 : 1;
}
