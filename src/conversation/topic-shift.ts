import { isDomainChange, type DomainGuess } from '../domains/classify-domain.js';
import { asksOrRequests, asksQuestion } from './dialogue-acts.js';
import type { ExplicitShift } from './shift-phrases.js';

/** Why a turn was judged to start a new topic. */
export type ShiftReason = 'similarity' | 'phrase' | 'domain';

/** Thresholds of the topic-shift rules (memory spec §1.2) and the similarity rule's guards. */
export interface TopicShiftParams {
  /** A shift when the cosine with the previous user turn is below this (spec: 0.4). */
  shiftSimilarity: number;
  /**
   * The similarity rule applies only to a turn that asks or requests something: topics
   * are opened by questions and requests, while a statement reacting to what was said
   * ("that worked", "lol same") continues the topic even when it shares no word with it.
   */
  similarityNeedsRequest: boolean;
  /** The similarity rule skips a turn answering a question of the turn just before it. */
  similaritySkipsAnswers: boolean;
  /** The similarity rule skips a short follow-up that points back at what was said ("Is it long?"). */
  similaritySkipsFollowUps: boolean;
}

/** What the detector looks at for one user turn. */
export interface TopicShiftInput {
  text: string;
  /** Cosine with the previous user turn; null for the first user turn of a session. */
  similarity: number | null;
  /** The turn just before this one, whoever spoke it (usually the assistant); null if none. */
  previousTurnText: string | null;
  /** The previous user turn's confident domain, as its row stores it; null if none or unsure. */
  previousDomain: string | null;
  currentDomain: DomainGuess | null;
  explicit: ExplicitShift | null;
}

/** The decision, with every rule that fired so the API can show why. */
export interface ShiftDecision {
  shift: boolean;
  /** The user asked to drop the topic: the whole window goes to a summary. */
  flush: boolean;
  reasons: ShiftReason[];
  similarity: number | null;
}

/**
 * The spec's threshold with both guards on: on TIAGE the bare similarity rule fires on
 * 95 % of turns with the hashing embedder; see the README's topic-shift figures.
 */
export const DEFAULT_TOPIC_SHIFT_PARAMS: TopicShiftParams = {
  shiftSimilarity: 0.4,
  similarityNeedsRequest: true,
  similaritySkipsAnswers: true,
  similaritySkipsFollowUps: true,
};

/**
 * The operational topic-shift rule: a shift when the turn opens a thread dissimilar to
 * the previous user turn, names an explicit change ("changing the subject", "por
 * cierto"), or moves to another domain (both guesses confident and different). Pure and
 * deterministic.
 */
export function detectTopicShift(
  input: TopicShiftInput,
  params: TopicShiftParams = DEFAULT_TOPIC_SHIFT_PARAMS,
): ShiftDecision {
  const reasons: ShiftReason[] = [];
  if (isDissimilar(input, params)) reasons.push('similarity');
  if (input.explicit !== null) reasons.push('phrase');
  if (input.currentDomain !== null && isDomainChange(input.previousDomain, input.currentDomain)) {
    reasons.push('domain');
  }
  return {
    shift: reasons.length > 0,
    flush: input.explicit?.kind === 'flush',
    reasons,
    similarity: input.similarity,
  };
}

function isDissimilar(input: TopicShiftInput, params: TopicShiftParams): boolean {
  if (input.similarity === null || input.similarity >= params.shiftSimilarity) return false;
  if (params.similarityNeedsRequest && !asksOrRequests(input.text)) return false;
  const previous = input.previousTurnText ?? null;
  const answers = previous !== null && asksQuestion(previous);
  if (params.similaritySkipsAnswers && answers) return false;
  return !(params.similaritySkipsFollowUps && followsUp(input.text));
}

// A short question or request that leans on what was just said: a word pointing back ("Is
// it long?", "Who hosts it?", "¿Cuántas temporadas tiene?" has none, "¿Y sin pimiento?"
// opens with "y") goes on with the topic, however few words it shares with the turn before.
const POINTS_BACK = /\b(?:it|its|they|them|their|that|this|those|these|he|she|him|her|there|one|lo|la|los|las|le|les|eso|esto|ese|esa|esos|esas|aquello|él|ella|ellos|ellas|ahí|allí)\b/iu;
const OPENS_WITH_AND = /^\s*[¿¡]?\s*(?:and|y|e|also|tambi[eé]n|what about|and what about|qu[eé] tal|y si)\b/iu;
const FOLLOW_UP_WORDS = 8;

function followsUp(text: string): boolean {
  const words = text.trim().split(/\s+/u);
  if (words.length > FOLLOW_UP_WORDS) return false;
  return OPENS_WITH_AND.test(text) || POINTS_BACK.test(text);
}

