import type { MessageRole } from '../tokens/tokenizer.js';

/** One message of the rendered prompt; costs count(role) + count(content) + 4 (RT-007). */
export interface RenderedMessage {
  readonly role: MessageRole;
  readonly content: string;
  readonly name?: string;
  readonly toolCallId?: string;
}

/**
 * What an item renders to. `chunk`: text made by `toChunk`, concatenated into its
 * section's one message. `messages`: whole messages (a turn, a tool call and its result).
 * `declared`: a size with no text (conformance cases, tests); it renders a placeholder
 * and the exact-size guarantee does not cover it.
 */
export type ItemBody =
  | { readonly kind: 'chunk'; readonly text: string }
  | { readonly kind: 'messages'; readonly messages: readonly RenderedMessage[] }
  | { readonly kind: 'declared' };

/** A pre-counted replacement a lens may switch an item to. */
export interface ItemVariant {
  readonly size: number;
  readonly body: ItemBody;
}

/**
 * An atomic unit of a section (a turn, a fact, a summary, a tool description): never
 * split. `size` is counted once, when the item is stored: count(chunk) for a chunk,
 * Σ messageCost for messages. `key` is the canonical render order (turn number, rank):
 * items render by (key, id) ascending whatever order they were loaded in.
 */
export interface LayoutItem {
  readonly id: string;
  readonly key: number;
  readonly size: number;
  readonly body: ItemBody;
  /** `short`: used by short-tool-descriptions; `compact`: used by compact-json. */
  readonly alternatives?: { readonly short?: ItemVariant; readonly compact?: ItemVariant };
}

/** Which end loses items first: `first` = lowest key (oldest turn), `last` = highest (lowest-ranked fact). */
export type SacrificedEnd = 'first' | 'last';

export interface ItemsContent {
  readonly kind: 'items';
  readonly items: readonly LayoutItem[];
  readonly sacrifice: SacrificedEnd;
  /**
   * Items growth may add, at the sacrificed end, nearest first: for `first` the
   * highest key below the kept ones first (older turns), for `last` the lowest key
   * above them (next-ranked facts). Ordered canonically by key, not by array position.
   */
  readonly candidates?: readonly LayoutItem[];
}

/** How a text block is cut under pressure: keep its head, or its head and tail around `marker`. */
export type TextCut = 'head' | 'head-tail';

/**
 * One block that may be cut at token boundaries. `size` = count(text) (text made by
 * `toChunk`). Without `text` the size is declared (conformance) and a cut is exact.
 */
export interface TextContent {
  readonly kind: 'text';
  readonly size: number;
  readonly text?: string;
  readonly cut: TextCut;
  /** Put between head and tail by a head-tail cut; default "\n[…]\n". */
  readonly marker?: string;
}

export type SectionContent = ItemsContent | TextContent;

/**
 * `one-message`: the section is one message of `role` whose content is `header` then
 * the chunks (or the text). `per-item`: each item contributes its own messages.
 */
export type SectionRender =
  | { readonly mode: 'one-message'; readonly role: MessageRole; readonly header?: string }
  | { readonly mode: 'per-item' };

export const LENS_NAMES = ['drop-oldest', 'drop-lowest-ranked', 'drop-oldest-summary', 'compact-json', 'head-tail', 'short-tool-descriptions'] as const;
export type LensName = (typeof LENS_NAMES)[number];

/** A section of the prompt with its layout constraints (token-box.md §1). */
export interface SectionSpec {
  readonly id: string;
  /** Sacrifice order: lower is compressed and dropped earlier. */
  readonly priority: number;
  /** Smallest size (frame included) truncation may leave; effMin = min(min, base). */
  readonly min: number;
  /** Weight for sharing free space (needs candidates). */
  readonly grow: number;
  /** Weight for compression order; 0 = critical, never touched. */
  readonly shrink: number;
  /** Lenses tried in order under pressure, before truncation. */
  readonly strategy: readonly LensName[];
  readonly render: SectionRender;
  /**
   * Tokens the section costs whenever it renders anything: for one-message,
   * count(role) + 4 + count(header) (see `oneMessageFrame`); usually 0 for per-item.
   */
  readonly frame: number;
  readonly content: SectionContent;
}

/** What happened to a section, in the order it happened. */
export type SectionAction =
  | { readonly kind: 'grown'; readonly items: number }
  | { readonly kind: 'compressed'; readonly lenses: readonly LensName[] }
  | { readonly kind: 'truncated' }
  | { readonly kind: 'dropped' };

export interface SectionReport {
  readonly id: string;
  readonly base: number;
  readonly final: number;
  readonly effMin: number;
  readonly critical: boolean;
  readonly actions: readonly SectionAction[];
  /** Items rendered (null for text sections). */
  readonly itemsKept: number | null;
  /** Items of the given content no longer rendered (null for text sections). */
  readonly itemsRemoved: number | null;
}

/** Every layout's account of itself (token-box.md §4): context loss is never invisible. */
export interface LayoutReport {
  readonly budget: number;
  readonly total: number;
  readonly usage: number;
  readonly sections: readonly SectionReport[];
  /** sha256 (hex) of the canonical serialisation of the rendered messages. */
  readonly hash: string;
}

/** A section as laid out: its final content, in declared order; dropped ones included. */
export interface LaidOutSection {
  readonly id: string;
  readonly render: SectionRender;
  readonly frame: number;
  readonly size: number;
  readonly dropped: boolean;
  readonly content: SectionContent;
}

export interface LayoutResult {
  readonly budget: number;
  readonly total: number;
  readonly sections: readonly LaidOutSection[];
  /** The prompt, in declared section order, dropped sections omitted. */
  readonly messages: readonly RenderedMessage[];
  readonly report: LayoutReport;
}
