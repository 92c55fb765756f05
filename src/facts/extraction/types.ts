import type { Domain } from '../../domains/domain.js';

/** Who wrote a piece of text; only the user's own turns can state facts. */
export type ExtractionRole = 'user' | 'assistant' | 'tool';

export interface ExtractionContext {
  role: ExtractionRole;
}

/**
 * 'assert' states something; 'retract' says it no longer holds ("I no longer work at X"):
 * the active fact with the same subject (and, when given, the same value) is superseded
 * without a replacement; 'correct' replaces an earlier statement ("actually, …").
 */
export type FactKind = 'assert' | 'retract' | 'correct';

export type FactConfidence = 'high' | 'medium' | 'low';

/** One fact found in one user message; the storage-backed facts service decides what to write. */
export interface ExtractedFact {
  /** Normalised statement in the user's first person ("I work at Acme", "Vivo en Madrid"), safe as prompt text. */
  statement: string;
  /** Canonical English key: facts with the same subject compete ("employer", "home", "editor", "preference indentation"). */
  subject: string;
  /** The value that fills the subject ("Acme", "Vim"), or null when the statement is the whole fact. */
  value: string | null;
  domain: Domain;
  confidence: FactConfidence;
  /** Which rule fired, prefixed by the explicit marker family ("remember/my-x-is", "work-at"). */
  signal: string;
  kind: FactKind;
  language: 'en' | 'es';
  /**
   * A correction said without a request to remember ("actually, the standup moved to
   * 10:00"): written only when it replaces a live fact of its subject, otherwise it is
   * conversation. Absent for every other fact.
   */
  replacesOnly?: true;
}

/** A request to forget something; `target` is null for "forget that"/"olvidá eso" (the last thing said). */
export interface ForgetRequest {
  target: string | null;
  /**
   * What is to be forgotten, one entry per clause the request names with its own "that":
   * "forget that I'm left-handed and that I'm vegetarian" → both, as "remember that A and
   * that B" keeps both; `[target]` for one target, none when `target` is null. "Forget
   * that A and B" is one target.
   */
  targets: string[];
  language: 'en' | 'es';
}
