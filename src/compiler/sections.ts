import { DEFAULT_SELECTION } from '../facts/fact-selector.js';
import type { LayoutItem, SectionSpec } from '../layout/index.js';
import type { PromptFrames } from './frames.js';
import type { PromptParts } from './prompt-parts.js';

/**
 * The layout policy of memoryd's prompt (README "Prompt sections"). Lower priority gives
 * way first, one whole section at a time (token-box.md §2.4). The spec's "compress
 * summaries first, then shrink the window": summaries (300), then tool descriptions (350),
 * then the window (400). A prompt over its budget shows every tool in its short form, how
 * to call it, before any section gives way (`buildSections`' `shortTools`): a long
 * description never costs the conversation it is asked about, and the tools the assistant
 * passed are dropped only after the summaries. Facts (500) outrank the window: a fact a
 * dropped turn mentioned comes back in its place (context-service.ts). Then pending tool
 * results (700) and the format instructions (800). The system prompt and the user's
 * message are critical (shrink 0): never cut; if they alone exceed the budget the request
 * fails loudly.
 */
export const SECTION_POLICY = {
  system: { priority: 1000, min: 0, grow: 0, shrink: 0 },
  format: { priority: 800, min: 0, grow: 0, shrink: 0.2 },
  facts: { priority: 500, min: 0, grow: 1, shrink: 0.5 },
  summaries: { priority: 300, min: 0, grow: 0, shrink: 1 },
  tools: { priority: 350, min: 0, grow: 0, shrink: 0.5 },
  'tool-results': { priority: 700, min: 0, grow: 0, shrink: 0.3 },
  window: { priority: 400, min: 0, grow: 0.5, shrink: 0.8 },
  user: { priority: 2000, min: 0, grow: 0, shrink: 0 },
} as const;

/**
 * The most the facts section's base may cost, frame (role and header) included: the
 * spec's 50–150 tokens of facts per prompt, as the layout report's `base` shows it. The
 * context call selects facts for what is left once the frame is paid.
 */
export const FACTS_BASE_MAX = DEFAULT_SELECTION.tokenBudget;

/**
 * The eight sections of a prompt, in declared order, from pre-counted parts. Pure.
 * `shortTools`: every tool description is given in its short form (the prompt is over its
 * budget; see SECTION_POLICY), so what gives way after is the summaries, then the tools.
 */
export function buildSections(parts: PromptParts, frames: PromptFrames, options: { shortTools?: boolean } = {}): SectionSpec[] {
  const shortTools = options.shortTools === true;
  const system = 'system' as const;
  return [
    section('system', {
      strategy: [],
      render: { mode: 'one-message', role: system },
      frame: frames.system,
      content: { kind: 'text', text: parts.system.text, size: parts.system.tokens, cut: 'head' },
    }),
    section('format', {
      // Whole or nothing: half a format rule is worse than none.
      min: parts.format === null ? 0 : frames.format + parts.format.tokens,
      strategy: [],
      render: { mode: 'one-message', role: system },
      frame: frames.format,
      content: items(parts.format === null ? [] : [{ id: 'format', key: 0, size: parts.format.tokens, body: { kind: 'chunk', text: parts.format.text } }], 'last'),
    }),
    section('facts', {
      strategy: ['drop-lowest-ranked'],
      render: { mode: 'one-message', role: system, header: frames.headers.facts },
      frame: frames.facts,
      content: items(parts.facts.items, 'last', parts.facts.candidates),
    }),
    section('summaries', {
      strategy: ['compact-json', 'drop-oldest-summary'],
      render: { mode: 'one-message', role: system, header: frames.headers.summaries },
      frame: frames.summaries,
      content: items(parts.summaries, 'first'),
    }),
    section('tools', {
      strategy: shortTools ? ['drop-lowest-ranked'] : ['short-tool-descriptions', 'drop-lowest-ranked'],
      render: { mode: 'one-message', role: system, header: frames.headers.tools },
      frame: frames.tools,
      content: items(shortTools ? parts.tools.map(inShortForm) : parts.tools, 'last'),
    }),
    section('tool-results', {
      // Already fitted when recorded, 300 tokens in all (tool-results.ts): under pressure they go whole.
      strategy: ['drop-oldest'],
      render: { mode: 'per-item' },
      frame: 0,
      content: items(parts.toolResults, 'first'),
    }),
    section('window', {
      strategy: ['drop-oldest'],
      render: { mode: 'per-item' },
      frame: 0,
      content: items(parts.window.items, 'first', parts.window.candidates),
    }),
    section('user', {
      strategy: [],
      render: { mode: 'per-item' },
      frame: 0,
      content: items([parts.user], 'first'),
    }),
  ];
}

// Sections and contents are literals of one shape, never spreads: a spread copy costs a
// runtime call on every compile, and the layout reads these fields of every section.
function section(id: keyof typeof SECTION_POLICY, rest: Pick<SectionSpec, 'strategy' | 'render' | 'frame' | 'content'> & { min?: number }): SectionSpec {
  const policy = SECTION_POLICY[id];
  return {
    id,
    priority: policy.priority,
    min: rest.min ?? policy.min,
    grow: policy.grow,
    shrink: policy.shrink,
    strategy: rest.strategy,
    render: rest.render,
    frame: rest.frame,
    content: rest.content,
  };
}

// A tool description as its short form, when it has one (a used tool's is already short).
function inShortForm(item: LayoutItem): LayoutItem {
  const short = item.alternatives?.short;
  return short === undefined ? item : { id: item.id, key: item.key, size: short.size, body: short.body };
}

function items(list: readonly LayoutItem[], sacrifice: 'first' | 'last', candidates?: readonly LayoutItem[]): SectionSpec['content'] {
  if (candidates === undefined || candidates.length === 0) return { kind: 'items', items: list, sacrifice };
  return { kind: 'items', items: list, sacrifice, candidates };
}
