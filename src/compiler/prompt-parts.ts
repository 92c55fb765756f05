import type { LayoutItem } from '../layout/index.js';

/** A piece of pre-rendered prompt text and its token count, counted once when it was made. */
export interface Counted {
  text: string;
  tokens: number;
}

/**
 * Everything one prompt is built from, gathered from the tiers. Every item arrives
 * pre-counted (facts, summaries and turns when stored; tools once per process); the
 * compiler only adds sizes up.
 */
export interface PromptParts {
  system: Counted;
  /** null when the previous output was valid: the format instructions are not repeated. */
  format: Counted | null;
  facts: { items: LayoutItem[]; candidates: LayoutItem[] };
  summaries: LayoutItem[];
  tools: LayoutItem[];
  toolResults: LayoutItem[];
  window: { items: LayoutItem[]; candidates: LayoutItem[] };
  user: LayoutItem;
}
