export type EmbedderKind = 'transformers' | 'hashing';

/**
 * Turns text into a unit-length vector. Every stored vector records `id` and `dims`,
 * so vectors of different embedders are never compared.
 */
export interface Embedder {
  /** Stable identity of model + pooling + version, e.g. `hashing-v1-384`. */
  readonly id: string;
  readonly dims: number;
  readonly kind: EmbedderKind;
  embed(text: string): Promise<Float32Array>;
  embedBatch(texts: readonly string[]): Promise<Float32Array[]>;
}
