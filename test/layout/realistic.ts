import fc from 'fast-check';
import { chunkItem, messagesItem, oneMessageFrame, textContent } from '../../src/layout/build.js';
import type { LayoutItem, SectionSpec } from '../../src/layout/types.js';
import { toChunk } from '../../src/tokens/chunks.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { chunkableTextArb, textArb } from '../tokens/text-arbitraries.js';

/** Raw material for a memoryd-like prompt; turned into sections by `realisticSections`. */
export interface PromptDraft {
  system: string;
  format: string;
  facts: string[];
  summaries: unknown[];
  tools: [string, string][];
  toolRuns: [string, string[]][];
  turns: [string, string][];
  user: string;
  extraFacts: number;
  extraTurns: number;
}

export const promptDraftArb: fc.Arbitrary<PromptDraft> = fc.record({
  system: chunkableTextArb,
  format: chunkableTextArb,
  facts: fc.array(chunkableTextArb, { minLength: 0, maxLength: 8 }),
  summaries: fc.array(fc.record({ topic: textArb, points: fc.array(textArb, { maxLength: 3 }) }), { maxLength: 4 }),
  tools: fc.array(fc.tuple(chunkableTextArb, chunkableTextArb), { maxLength: 4 }),
  toolRuns: fc.array(fc.tuple(textArb, fc.array(chunkableTextArb, { minLength: 1, maxLength: 12 })), { maxLength: 2 }),
  turns: fc.array(fc.tuple(textArb, textArb), { minLength: 1, maxLength: 10 }),
  user: chunkableTextArb,
  extraFacts: fc.integer({ min: 0, max: 4 }),
  extraTurns: fc.integer({ min: 0, max: 4 }),
});

/**
 * The eight sections of a memoryd prompt, built the way the compiler builds them:
 * sizes counted once by the helpers, headers as chunks, frames from oneMessageFrame.
 */
export function realisticSections(tokenizer: Tokenizer, draft: PromptDraft): SectionSpec[] {
  const header = (text: string): { header: string; frame: number } => ({ header: toChunk(text), frame: oneMessageFrame(tokenizer, 'system', toChunk(text)) });
  const facts = draft.facts.map((text, rank) => chunkItem(tokenizer, { id: `fact-${rank}`, key: rank, text }));
  const turn = (index: number, [user, assistant]: [string, string]): LayoutItem =>
    messagesItem(tokenizer, { id: `turn-${index}`, key: index, messages: [{ role: 'user', content: user }, { role: 'assistant', content: assistant }] });
  const turns = draft.turns.map((pair, i) => turn(i + draft.extraTurns, pair));
  const older = draft.turns.slice(0, draft.extraTurns).map((pair, i) => turn(i, pair));
  const factsHeader = header('Relevant facts:');
  const summariesHeader = header('Earlier in this conversation:');
  const toolsHeader = header('Tools you can call:');
  return [
    { id: 'system', priority: 100, min: 0, grow: 0, shrink: 0, strategy: [], render: { mode: 'one-message', role: 'system' }, frame: oneMessageFrame(tokenizer, 'system'), content: textContent(tokenizer, draft.system) },
    { id: 'format', priority: 50, min: 0, grow: 0, shrink: 1, strategy: [], render: { mode: 'one-message', role: 'system' }, frame: oneMessageFrame(tokenizer, 'system'), content: textContent(tokenizer, draft.format, { cut: 'head' }) },
    {
      id: 'facts', priority: 40, min: 0, grow: 1, shrink: 1, strategy: ['drop-lowest-ranked'], render: { mode: 'one-message', role: 'system', header: factsHeader.header }, frame: factsHeader.frame,
      content: { kind: 'items', sacrifice: 'last', items: facts.slice(0, facts.length - Math.min(draft.extraFacts, facts.length)), candidates: facts.slice(facts.length - Math.min(draft.extraFacts, facts.length)) },
    },
    {
      id: 'summaries', priority: 10, min: 0, grow: 0, shrink: 2, strategy: ['compact-json', 'drop-oldest-summary'], render: { mode: 'one-message', role: 'system', header: summariesHeader.header }, frame: summariesHeader.frame,
      content: { kind: 'items', sacrifice: 'first', items: draft.summaries.map((summary, i) => chunkItem(tokenizer, { id: `summary-${i}`, key: i, text: JSON.stringify(summary, null, 2) })) },
    },
    {
      id: 'tools', priority: 20, min: 0, grow: 0, shrink: 1, strategy: ['short-tool-descriptions'], render: { mode: 'one-message', role: 'system', header: toolsHeader.header }, frame: toolsHeader.frame,
      content: { kind: 'items', sacrifice: 'last', items: draft.tools.map(([long, short], i) => chunkItem(tokenizer, { id: `tool-${i}`, key: i, text: `${long} ${long}`, short })) },
    },
    {
      id: 'tool-results', priority: 30, min: 0, grow: 0, shrink: 1, strategy: ['head-tail'], render: { mode: 'per-item' }, frame: 0,
      content: { kind: 'items', sacrifice: 'first', items: draft.toolRuns.map(([call, lines], i) => messagesItem(tokenizer, { id: `run-${i}`, key: i, messages: [{ role: 'assistant', content: call }, { role: 'tool', content: lines.join('\n') }] })) },
    },
    { id: 'window', priority: 30, min: 0, grow: 2, shrink: 1, strategy: ['drop-oldest'], render: { mode: 'per-item' }, frame: 0, content: { kind: 'items', sacrifice: 'first', items: turns, candidates: older } },
    { id: 'user', priority: 200, min: 0, grow: 0, shrink: 0, strategy: [], render: { mode: 'one-message', role: 'user' }, frame: oneMessageFrame(tokenizer, 'user'), content: textContent(tokenizer, draft.user) },
  ];
}
