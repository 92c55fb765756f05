import { rendersSomething, sectionSize } from './content-size.js';
import type { LayoutItem, LensName, SacrificedEnd, SectionContent, SectionSpec } from './types.js';

/** A section while it is being laid out: the only mutable thing in the engine. */
export interface SectionState {
  readonly spec: SectionSpec;
  readonly index: number;
  readonly base: number;
  readonly effMin: number;
  readonly critical: boolean;
  readonly baseItems: number | null;
  content: SectionContent;
  size: number;
  /** Growth candidates, nearest to the sacrificed end first. */
  candidates: LayoutItem[];
  added: number;
  lenses: LensName[];
  truncated: boolean;
  dropped: boolean;
}

/** Builds the state with items and candidates in canonical order (by key, then id). */
export function initialState(spec: SectionSpec, index: number): SectionState {
  const content = canonicalContent(spec.content);
  const base = sectionSize(content, spec.frame);
  return {
    spec,
    index,
    base,
    effMin: Math.min(spec.min, base),
    critical: spec.shrink === 0,
    baseItems: content.kind === 'items' ? content.items.length : null,
    content,
    size: base,
    candidates: spec.content.kind === 'items' ? canonicalCandidates(spec.content.candidates ?? [], spec.content.sacrifice) : [],
    added: 0,
    lenses: [],
    truncated: false,
    dropped: false,
  };
}

export function setContent(state: SectionState, content: SectionContent): void {
  state.content = content;
  state.size = sectionSize(content, state.spec.frame);
}

/** Tokens adding the next candidate would cost (its frame too if nothing renders yet). */
export function nextCandidateCost(state: SectionState): number | undefined {
  const next = state.candidates[0];
  if (next === undefined) return undefined;
  return next.size + (rendersSomething(state.content) ? 0 : state.spec.frame);
}

/** Adds the next candidate at the sacrificed end. */
export function addNextCandidate(state: SectionState): void {
  const next = state.candidates.shift();
  const content = state.content;
  if (next === undefined || content.kind !== 'items') return;
  const items = content.sacrifice === 'first' ? [next, ...content.items] : [...content.items, next];
  setContent(state, { kind: 'items', items, sacrifice: content.sacrifice });
  state.added += 1;
}

/** Total order on items: key ascending, then id by code units (never locale-dependent). */
export function compareItems(a: LayoutItem, b: LayoutItem): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

// Items content is rebuilt field by field, never by rest and spread: contents reach here
// in several shapes, and copying an object of any shape took V8's slow path (~0.5 µs each).
function canonicalContent(content: SectionContent): SectionContent {
  if (content.kind === 'text') return content;
  return { kind: 'items', items: [...content.items].sort(compareItems), sacrifice: content.sacrifice };
}

function canonicalCandidates(candidates: readonly LayoutItem[], sacrifice: SacrificedEnd): LayoutItem[] {
  const sorted = [...candidates].sort(compareItems);
  return sacrifice === 'first' ? sorted.reverse() : sorted;
}
