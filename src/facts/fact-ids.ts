import { sha256Hex } from '../sha256.js';

/**
 * The id of the `index`-th fact of a user turn: derived from its provenance, so the same
 * database state and request always produce the same ids (and byte-identical responses).
 */
export function turnFactId(sessionId: string, turnNumber: number, index: number): string {
  const digest = sha256Hex(`${sessionId}\u0000${turnNumber}\u0000${index}`);
  return `fact_${digest.slice(0, 20)}`;
}
