// npm run bench -- layout [--quick]: µs per Token Box layout of a memoryd-sized prompt
// (normal and under pressure), against re-counting the rendered prompt, plus tokenizer
// throughput on normal and hostile text. Figures on stdout; --quick times fewer calls.
import { CommandExit, parseOrRefuse, readCommandArgs, type Command } from '../cli/command-line.js';
import { countFrames } from '../compiler/frames.js';
import type { PromptParts } from '../compiler/prompt-parts.js';
import { buildSections } from '../compiler/sections.js';
import { DEFAULT_FORMAT_INSTRUCTIONS, DEFAULT_SYSTEM_PROMPT } from '../compiler/system-prompt-text.js';
import { chunkItem, messagesItem } from '../layout/build.js';
import { layout } from '../layout/layout.js';
import type { LayoutResult, SectionSpec } from '../layout/types.js';
import { toChunk } from '../tokens/chunks.js';
import { countingTokenizer } from '../tokens/counting-tokenizer.js';
import type { CountingTokenizer } from '../tokens/counting-tokenizer.js';
import { createTokenizer } from '../tokens/create-tokenizer.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { ENCODINGS } from '../tokens/tokenizer.js';

const LAYOUT: Command = { name: 'layout bench', usage: 'usage: npm run bench -- layout [--quick]\n' };
const BUDGET = 4000;
const PRESSURED_BUDGET = 1400;
const WORDS = 'the memory daemon keeps facts about the person and their projects while a window of recent turns stays in view and older turns fold into short summaries that the assistant reads before answering'.split(' ');

/** Entry point of `npm run bench -- layout`: prints the figures; 2 on a bad command line. */
export async function run(argv: string[]): Promise<number> {
  const quick = readCommandArgs(LAYOUT, argv, (args) => parseOrRefuse(args, { options: { quick: { type: 'boolean', default: false } } }).values.quick);
  if (quick instanceof CommandExit) return quick.code;
  for (const encoding of ENCODINGS) {
    const tokenizer = countingTokenizer(await createTokenizer(encoding));
    process.stdout.write(`\n== ${encoding} ==\n`);
    benchLayouts(tokenizer, quick);
    benchTokenizer(tokenizer, quick);
  }
  return 0;
}

function benchLayouts(tokenizer: CountingTokenizer, quick: boolean): void {
  const sections = memorydSections(tokenizer);
  const items = sections.reduce((n, s) => n + (s.content.kind === 'items' ? s.content.items.length + (s.content.candidates?.length ?? 0) : 0), 0);
  process.stdout.write(`prompt: ${sections.length} sections, ${items} pre-counted items\n`);
  for (const [name, budget] of [['normal', BUDGET], ['pressured', PRESSURED_BUDGET]] as const) {
    tokenizer.reset();
    const once = layout(sections, budget, { tokenizer });
    const callsPerLayout = tokenizer.calls();
    const stats = timePerCall(() => layout(sections, budget, { tokenizer }), quick);
    process.stdout.write(`layout ${name.padEnd(9)} budget ${budget}: total ${once.total}, ${describe(once)}\n`);
    process.stdout.write(`  ${formatStats(stats)}; tokenizer calls per layout: ${callsPerLayout}\n`);
    const recount = timePerCall(() => once.messages.reduce((sum, m) => sum + tokenizer.messageCost(m.role, m.content), 0), quick);
    process.stdout.write(`  baseline, re-counting the rendered prompt (${once.messages.length} messages): ${formatStats(recount)}\n`);
  }
}

function describe(result: LayoutResult): string {
  const changed = result.report.sections.filter((s) => s.actions.length > 0);
  if (changed.length === 0) return 'no section changed';
  return changed.map((s) => `${s.id} ${s.actions.map((a) => (a.kind === 'compressed' ? a.lenses.join('+') : a.kind)).join('+')}`).join(', ');
}

// memoryd's own eight sections (src/compiler/sections.ts) from synthetic parts counted
// once, as the tiers store them: 15 facts + 10 candidates, 4 summaries with their
// compact forms, 8 tools with short forms, 2 pending tool results, 12 window turns + 8
// candidates. Nothing here is counted again by a layout unless a lens must rewrite text.
function memorydSections(tokenizer: Tokenizer): SectionSpec[] {
  const text = (seed: number, words: number): string => Array.from({ length: words }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');
  const facts = Array.from({ length: 25 }, (_, rank) => chunkItem(tokenizer, { id: `fact-${rank}`, key: rank, text: `The person ${text(rank, 12)}.` }));
  const summaries = Array.from({ length: 4 }, (_, i) =>
    chunkItem(tokenizer, {
      id: `summary-${i}`,
      key: i,
      text: JSON.stringify({ topic: text(i, 3), discussed: [text(i + 1, 4), text(i + 2, 3)], outcome: text(i + 3, 6), decisions: [text(i + 4, 5)], open_questions: [] }),
      compact: JSON.stringify({ topic: text(i, 3), outcome: text(i + 3, 6) }),
    }),
  );
  const tools = Array.from({ length: 8 }, (_, i) => chunkItem(tokenizer, { id: `tool-${i}`, key: i, text: `tool_${i}: ${text(i, 40)}`, short: `tool_${i}: ${text(i, 6)}` }));
  const results = Array.from({ length: 2 }, (_, i) =>
    messagesItem(tokenizer, { id: `result-${i}`, key: 100 + i, messages: [{ role: 'tool', content: Array.from({ length: 8 }, (_, l) => `${l}: ${text(l, 8)}`).join('\n'), toolCallId: `c${i}`, name: `tool_${i}` }] }),
  );
  const turns = Array.from({ length: 20 }, (_, t) =>
    messagesItem(tokenizer, { id: `turn-${t}`, key: t, messages: [{ role: t % 2 === 0 ? 'user' : 'assistant', content: text(t, t % 2 === 0 ? 18 : 40) }] }),
  );
  const counted = (body: string) => ({ text: toChunk(body), tokens: tokenizer.count(toChunk(body)) });
  const parts: PromptParts = {
    system: counted(DEFAULT_SYSTEM_PROMPT),
    format: counted(DEFAULT_FORMAT_INSTRUCTIONS),
    facts: { items: facts.slice(0, 8), candidates: facts.slice(8) },
    summaries,
    tools,
    toolResults: results,
    window: { items: turns.slice(12), candidates: turns.slice(4, 12) },
    user: messagesItem(tokenizer, { id: 'user', key: 999, messages: [{ role: 'user', content: text(3, 25) }] }),
  };
  return buildSections(parts, countFrames(tokenizer));
}

interface Stats {
  median: number;
  p10: number;
  p90: number;
  samples: number;
}

// µs per call: batches timed after a warm-up, so timer overhead stays negligible.
function timePerCall(call: () => unknown, quick: boolean): Stats {
  const batch = 20;
  const batches = quick ? 50 : 500;
  for (let i = 0; i < (quick ? 100 : 2000); i += 1) call();
  const perCall: number[] = [];
  for (let b = 0; b < batches; b += 1) {
    const start = performance.now();
    for (let i = 0; i < batch; i += 1) call();
    perCall.push(((performance.now() - start) * 1000) / batch);
  }
  perCall.sort((a, b) => a - b);
  const at = (q: number): number => perCall[Math.min(perCall.length - 1, Math.floor(q * perCall.length))] ?? Number.NaN;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9), samples: batches * batch };
}

function formatStats(stats: Stats): string {
  return `median ${stats.median.toFixed(1)} µs (p10 ${stats.p10.toFixed(1)}, p90 ${stats.p90.toFixed(1)}; ${stats.samples} calls)`;
}

function benchTokenizer(tokenizer: Tokenizer, quick: boolean): void {
  const normal = Array.from({ length: 400 }, (_, i) => `${WORDS.slice(i % 20).join(' ')}. Ünïcödé café 東京 🎉 {"id": ${i}, "ok": true}\n`).join('');
  const repeat = quick ? 3 : 10;
  const ms = timeMs(() => tokenizer.count(normal), repeat);
  process.stdout.write(`tokenizer, normal text ${(normal.length / 1024).toFixed(0)} KB: ${ms.toFixed(2)} ms (${((normal.length / 1024) / (ms / 1000) / 1024).toFixed(1)} MB/s)\n`);
  const hostile: [string, (length: number) => string][] = [
    ["one letter 'a'", (n) => 'a'.repeat(n)],
    ["'='", (n) => '='.repeat(n)],
    ['spaces', (n) => ' '.repeat(n)],
    ['mixed runs', (n) => `${'b'.repeat(n / 4)}${'-'.repeat(n / 4)}${' '.repeat(n / 4)}${'é'.repeat(n / 8)}${'😀'.repeat(n / 16)}`],
  ];
  for (const [name, make] of hostile) {
    const figures = [4096, 16_384, 65_536].map((length) => {
      const input = make(length);
      const took = timeMs(() => tokenizer.count(input), quick ? 1 : 3);
      return `${length / 1024} KB ${took.toFixed(1)} ms (${((took * 1000) / (length / 1024)).toFixed(0)} µs/KB)`;
    });
    process.stdout.write(`tokenizer, hostile ${name}: ${figures.join(', ')}\n`);
  }
}

// Median wall time of `repeat` calls, in ms.
function timeMs(call: () => unknown, repeat: number): number {
  call();
  const times: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const start = performance.now();
    call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}
