// npm run bench -- layout: µs per Token Box layout of a memoryd-sized prompt (normal and
// under pressure), against re-counting the rendered prompt, plus tokenizer throughput on
// normal and hostile text. Figures on stdout.
import { chunkItem, messagesItem, oneMessageFrame, textContent } from '../layout/build.js';
import { layout } from '../layout/layout.js';
import type { LayoutResult, SectionSpec } from '../layout/types.js';
import { toChunk } from '../tokens/chunks.js';
import { countingTokenizer } from '../tokens/counting-tokenizer.js';
import type { CountingTokenizer } from '../tokens/counting-tokenizer.js';
import { createTokenizer } from '../tokens/create-tokenizer.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { ENCODINGS } from '../tokens/tokenizer.js';

const BUDGET = 4000;
const PRESSURED_BUDGET = 1400;
const WORDS = 'the memory daemon keeps facts about the person and their projects while a window of recent turns stays in view and older turns fold into short summaries that the assistant reads before answering'.split(' ');

export async function run(argv: string[]): Promise<number> {
  const quick = argv.includes('--quick');
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

/** A memoryd-like prompt: critical system prompt and user message, six flexible sections. */
function memorydSections(tokenizer: Tokenizer): SectionSpec[] {
  const text = (seed: number, words: number): string => Array.from({ length: words }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');
  const frame = (role: 'system' | 'user', header?: string): number => oneMessageFrame(tokenizer, role, header === undefined ? undefined : toChunk(header));
  const facts = Array.from({ length: 25 }, (_, rank) => chunkItem(tokenizer, { id: `fact-${rank}`, key: rank, text: `The person ${text(rank, 12)}.` }));
  const summaries = Array.from({ length: 4 }, (_, i) => chunkItem(tokenizer, { id: `summary-${i}`, key: i, text: JSON.stringify({ segment: i, topic: text(i, 4), points: [text(i + 1, 10), text(i + 2, 10)] }, null, 2) }));
  const tools = Array.from({ length: 8 }, (_, i) => chunkItem(tokenizer, { id: `tool-${i}`, key: i, text: `tool_${i}(query, limit): ${text(i, 40)}`, short: `tool_${i}(query, limit): ${text(i, 6)}` }));
  const runs = Array.from({ length: 2 }, (_, i) =>
    messagesItem(tokenizer, { id: `run-${i}`, key: i, messages: [{ role: 'assistant', content: `tool_${i}("${text(i, 3)}")` }, { role: 'tool', content: Array.from({ length: 12 }, (_, l) => `${l}: ${text(l, 8)}`).join('\n') }] }),
  );
  const turns = Array.from({ length: 20 }, (_, t) => messagesItem(tokenizer, { id: `turn-${t}`, key: t, messages: [{ role: 'user', content: text(t, 18) }, { role: 'assistant', content: text(t + 5, 40) }] }));
  const header = (id: string, title: string) => ({ render: { mode: 'one-message' as const, role: 'system' as const, header: toChunk(title) }, frame: frame('system', title), id });
  return [
    { id: 'system', priority: 100, min: 0, grow: 0, shrink: 0, strategy: [], render: { mode: 'one-message', role: 'system' }, frame: frame('system'), content: textContent(tokenizer, text(1, 300)) },
    { id: 'format', priority: 50, min: 0, grow: 0, shrink: 1, strategy: [], render: { mode: 'one-message', role: 'system' }, frame: frame('system'), content: textContent(tokenizer, text(2, 80)) },
    { ...header('facts', 'Relevant facts:'), priority: 40, min: 0, grow: 1, shrink: 1, strategy: ['drop-lowest-ranked'], content: { kind: 'items', sacrifice: 'last', items: facts.slice(0, 15), candidates: facts.slice(15) } },
    { ...header('summaries', 'Earlier in this conversation:'), priority: 10, min: 0, grow: 0, shrink: 2, strategy: ['compact-json', 'drop-oldest-summary'], content: { kind: 'items', sacrifice: 'first', items: summaries } },
    { ...header('tools', 'Tools:'), priority: 20, min: 0, grow: 0, shrink: 1, strategy: ['short-tool-descriptions'], content: { kind: 'items', sacrifice: 'last', items: tools } },
    { id: 'tool-results', priority: 30, min: 0, grow: 0, shrink: 2, strategy: ['head-tail'], render: { mode: 'per-item' }, frame: 0, content: { kind: 'items', sacrifice: 'first', items: runs } },
    { id: 'window', priority: 30, min: 300, grow: 2, shrink: 1, strategy: ['drop-oldest'], render: { mode: 'per-item' }, frame: 0, content: { kind: 'items', sacrifice: 'first', items: turns.slice(8), candidates: turns.slice(0, 8) } },
    { id: 'user', priority: 200, min: 0, grow: 0, shrink: 0, strategy: [], render: { mode: 'one-message', role: 'user' }, frame: frame('user'), content: textContent(tokenizer, text(3, 25)) },
  ];
}

interface Stats {
  median: number;
  p10: number;
  p90: number;
  samples: number;
}

/** µs per call: batches timed after a warm-up, so timer overhead stays negligible. */
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

/** Median wall time of `repeat` calls, in ms. */
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
