import type { Tokenizer } from '../../tokens/tokenizer.js';
import type { SectionContent } from '../types.js';

/** What a lens may use besides the content: the tokenizer, to recount what it rewrites. */
export interface LensContext {
  readonly tokenizer?: Tokenizer;
}

/** What a lens aims at, in section sizes (frame included). */
export interface LensBounds {
  readonly frame: number;
  /** The lens stops as soon as the section is ≤ target. */
  readonly target: number;
  /** The section's effMin: a lens never leaves the section below it. */
  readonly floor: number;
}

/**
 * A named, pure, deterministic, idempotent compression step (token-box.md §3): maps
 * content to content whose section size is ≥ target where it can, never below the
 * floor, and never larger than before.
 */
export type Lens = (content: SectionContent, bounds: LensBounds, context: LensContext) => SectionContent;
