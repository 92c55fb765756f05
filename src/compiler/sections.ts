import type { LayoutItem, SectionSpec } from '../layout/index.js';
import type { PromptFrames } from './frames.js';
import type { PromptParts } from './prompt-parts.js';

/**
 * The layout policy of memoryd's prompt (README "Prompt sections"). Priorities follow
 * the spec's "compress summaries first, then shrink the window": summaries (300) give
 * way before the window (400), then facts (500), tool descriptions (600), pending tool
 * results (700) and the format instructions (800). The system prompt and the user's
 * message are critical (shrink 0): never cut; if they alone exceed the budget the
 * request fails loudly.
 */
export const SECTION_POLICY = {
  system: { priority: 1000, min: 0, grow: 0, shrink: 0 },
  format: { priority: 800, min: 0, grow: 0, shrink: 0.2 },
  facts: { priority: 500, min: 0, grow: 1, shrink: 0.5 },
  summaries: { priority: 300, min: 0, grow: 0, shrink: 1 },
  tools: { priority: 600, min: 0, grow: 0, shrink: 0.5 },
  'tool-results': { priority: 700, min: 0, grow: 0, shrink: 0.3 },
  window: { priority: 400, min: 0, grow: 0.5, shrink: 0.8 },
  user: { priority: 2000, min: 0, grow: 0, shrink: 0 },
} as const;

/** The eight sections of a prompt, in declared order, from pre-counted parts. Pure. */
export function buildSections(parts: PromptParts, frames: PromptFrames): SectionSpec[] {
  const system = 'system' as const;
  return [
    {
      id: 'system',
      ...SECTION_POLICY.system,
      strategy: [],
      render: { mode: 'one-message', role: system },
      frame: frames.system,
      content: { kind: 'text', text: parts.system.text, size: parts.system.tokens, cut: 'head' },
    },
    {
      id: 'format',
      ...SECTION_POLICY.format,
      // Whole or nothing: half a format rule is worse than none.
      min: parts.format === null ? 0 : frames.format + parts.format.tokens,
      strategy: [],
      render: { mode: 'one-message', role: system },
      frame: frames.format,
      content: items(parts.format === null ? [] : [{ id: 'format', key: 0, size: parts.format.tokens, body: { kind: 'chunk', text: parts.format.text } }], 'last'),
    },
    {
      id: 'facts',
      ...SECTION_POLICY.facts,
      strategy: ['drop-lowest-ranked'],
      render: { mode: 'one-message', role: system, header: frames.headers.facts },
      frame: frames.facts,
      content: items(parts.facts.items, 'last', parts.facts.candidates),
    },
    {
      id: 'summaries',
      ...SECTION_POLICY.summaries,
      strategy: ['compact-json', 'drop-oldest-summary'],
      render: { mode: 'one-message', role: system, header: frames.headers.summaries },
      frame: frames.summaries,
      content: items(parts.summaries, 'first'),
    },
    {
      id: 'tools',
      ...SECTION_POLICY.tools,
      strategy: ['short-tool-descriptions', 'drop-lowest-ranked'],
      render: { mode: 'one-message', role: system, header: frames.headers.tools },
      frame: frames.tools,
      content: items(parts.tools, 'last'),
    },
    {
      id: 'tool-results',
      ...SECTION_POLICY['tool-results'],
      // Already head-tail fitted when recorded (≤ 300 tokens): under pressure they go whole.
      strategy: ['drop-oldest'],
      render: { mode: 'per-item' },
      frame: 0,
      content: items(parts.toolResults, 'first'),
    },
    {
      id: 'window',
      ...SECTION_POLICY.window,
      strategy: ['drop-oldest'],
      render: { mode: 'per-item' },
      frame: 0,
      content: items(parts.window.items, 'first', parts.window.candidates),
    },
    {
      id: 'user',
      ...SECTION_POLICY.user,
      strategy: [],
      render: { mode: 'per-item' },
      frame: 0,
      content: items([parts.user], 'first'),
    },
  ];
}

function items(list: readonly LayoutItem[], sacrifice: 'first' | 'last', candidates?: readonly LayoutItem[]): SectionSpec['content'] {
  return { kind: 'items', items: list, sacrifice, ...(candidates && candidates.length > 0 ? { candidates } : {}) };
}
