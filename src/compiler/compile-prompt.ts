import { layout, type LayoutReport, type RenderedMessage, type SectionAction, type SectionReport } from '../layout/index.js';
import type { UsageThresholds } from '../config/config.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import type { PromptFrames } from './frames.js';
import type { PromptParts } from './prompt-parts.js';
import { buildSections } from './sections.js';

export type UsageLevel = 'ok' | 'warning' | 'compress' | 'critical';

/** A compiled prompt: the messages, their exact RT-007 token count, and the layout's account. */
export interface CompiledPrompt {
  messages: readonly RenderedMessage[];
  tokens: number;
  budget: number;
  usage: number;
  level: UsageLevel;
  report: LayoutReport;
  hash: string;
}

/** The spec's thresholds (§2: warning 70 %, compress 80 %, critical 90 %), the settings' defaults. */
export const SPEC_USAGE_THRESHOLDS: UsageThresholds = { warning: 70, compress: 80, critical: 90 };

/**
 * A prompt's usage of its budget, in ten-thousandths rounded down, and its level by the
 * thresholds (MEMORYD_WARNING_PERCENT, _COMPRESS_, _CRITICAL_; the spec's by default).
 * Both come from the same integer figure, so a client comparing `usage` with 0.7 agrees
 * with `level` (2,333 of 3,333 is 0.6999 and 'ok'; rounded to nearest it read 0.7 at level 'ok').
 */
export function promptUsage(total: number, budget: number, thresholds: UsageThresholds = SPEC_USAGE_THRESHOLDS): { usage: number; level: UsageLevel } {
  const basisPoints = Math.floor((total * 10_000) / budget);
  const level =
    basisPoints >= thresholds.critical * 100 ? 'critical' : basisPoints >= thresholds.compress * 100 ? 'compress' : basisPoints >= thresholds.warning * 100 ? 'warning' : 'ok';
  return { usage: basisPoints / 10_000, level };
}

/** Σ base of all sections: what the prompt would cost before any layout decision. */
export function baseTotal(parts: PromptParts, frames: PromptFrames): number {
  return (
    frames.system + parts.system.tokens +
    framed(frames.format, parts.format?.tokens ?? 0) +
    framed(frames.facts, sum(parts.facts.items)) +
    framed(frames.summaries, sum(parts.summaries)) +
    framed(frames.tools, sum(parts.tools)) +
    sum(parts.toolResults) +
    sum(parts.window.items) +
    parts.user.size
  );
}

function sum(items: readonly { size: number }[]): number {
  let total = 0;
  for (const item of items) total += item.size;
  return total;
}

function framed(frame: number, size: number): number {
  return size > 0 ? frame + size : 0;
}

/**
 * Lays the parts out with the Token Box under `budget`. Throws
 * ContextCriticalOverflowError when the system prompt and the user's message alone do
 * not fit. The tokenizer is used only under pressure (lenses that rewrite text).
 */
export function compilePrompt(
  parts: PromptParts,
  frames: PromptFrames,
  budget: number,
  tokenizer: Tokenizer,
  thresholds: UsageThresholds = SPEC_USAGE_THRESHOLDS,
): CompiledPrompt {
  // Over its budget, the prompt shows the tools' short forms before anything gives way (sections.ts).
  const shortTools = baseTotal(parts, frames) > budget && parts.tools.some((item) => item.alternatives?.short !== undefined);
  const result = layout(buildSections(parts, frames, { shortTools }), budget, { tokenizer });
  const report = shortTools ? withToolsShortened(result.report, framed(frames.tools, sum(parts.tools))) : result.report;
  return {
    messages: result.messages,
    tokens: result.total,
    budget,
    ...promptUsage(result.total, budget, thresholds),
    report,
    hash: report.hash,
  };
}

// The tools section's account when its descriptions were given short: its base is what they
// cost in full, and the short-tool-descriptions lens is its first action, as if the layout
// had applied it (context loss is never invisible, token-box.md §4).
const SHORTENED: SectionAction = { kind: 'compressed', lenses: ['short-tool-descriptions'] };

function withToolsShortened(report: LayoutReport, fullBase: number): LayoutReport {
  const sections = report.sections.map((section): SectionReport =>
    section.id !== 'tools' || fullBase <= section.base ? section : { ...section, base: fullBase, actions: [SHORTENED, ...section.actions] },
  );
  return { ...report, sections };
}
