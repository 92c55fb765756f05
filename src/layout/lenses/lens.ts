import type { Tokenizer } from '../../tokens/tokenizer.js';
import type { SectionContent } from '../types.js';

/** What a lens may use besides the content: the tokenizer, to recount what it rewrites. */
export interface LensContext {
  readonly tokenizer?: Tokenizer;
}

/**
 * A named, pure, deterministic, idempotent compression step (token-box.md §3): maps
 * content to content whose section size is ≥ target where it can and never larger
 * than before. `frame` is the section's frame, so sizes are section sizes.
 */
export type Lens = (content: SectionContent, frame: number, target: number, context: LensContext) => SectionContent;
