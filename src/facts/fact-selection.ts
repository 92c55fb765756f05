import type { Domain } from '../domains/domain.js';
import type { DomainGuess } from '../domains/classify-domain.js';

/** What the prompt compiler asks the facts tier before every compile. */
export interface FactSelectionRequest {
  /** The user's current message. */
  message: string;
  /** Its embedding (the daemon's embedder). */
  embedding: Float32Array;
  /** classifyDomain(message). */
  domain: DomainGuess;
  /** Texts of the session's last 3 turns before the current message (facts mentioned there are not repeated). */
  recentTurns: readonly string[];
  now: number;
}

/** One fact ready to be an item of the facts section. */
export interface SelectedFact {
  id: string;
  fact: string;
  domain: Domain;
  /** count(toChunk(fact)), counted when the fact was written. */
  tokenCount: number;
  /**
   * Ranking score (higher first). `candidates` are in its order (ties by id); so are
   * `items`, the facts the message justifies first and then those of its domain alone
   * (`selectFacts`). A candidate may outrank an item: a fact too large for what was left
   * of the base.
   */
  score: number;
  /**
   * The message asks about this fact (names its value or subject, or is very similar):
   * once the prompt holds it, it is queued for re-confirmation (`FactsService.reconfirmLater`, spec §6).
   */
  asked?: boolean;
}

/**
 * `items`: the facts for the prompt's base (≤ the facts budget, 150 tokens by default);
 * `candidates`: the injectable facts the message justifies (not those relevant by their
 * domain alone) left out of it, in rank order, which the layout adds (in this order,
 * after the items) when space allows.
 */
export interface FactSelection {
  items: SelectedFact[];
  candidates: SelectedFact[];
}
