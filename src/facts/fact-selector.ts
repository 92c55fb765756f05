import { MIN_DOMAIN_SCORE, type DomainGuess } from '../domains/classify-domain.js';
import { DOMAINS, type Domain } from '../domains/domain.js';
import { foldText } from '../domains/fold-text.js';
import { DAY_MS } from '../clock.js';
import { injectionClass } from './decay-rules.js';
import type { FactConfidence } from './extraction/index.js';
import { factSimilarity, type IndexedFact } from './fact-index.js';
import type { FactSelection, FactSelectionRequest, SelectedFact } from './fact-selection.js';
import { asksForValue, namesFact, questionStems } from './fact-selector-names.js';
import { contentStems, mentions } from './fact-words.js';

export interface SelectionOptions {
  /** Tokens `items` may hold (the facts section's base). */
  tokenBudget: number;
  maxCandidates: number;
}

export const DEFAULT_SELECTION: SelectionOptions = { tokenBudget: 150, maxCandidates: 20 };

/** How selection reads a message against the facts; by default everything is computed on the spot. */
export interface SelectionReaders {
  /** The content stems of a text (the facts service remembers those of recent turns). */
  stemsOf(text: string): ReadonlySet<string>;
  /** The message's cosine with a fact, 0 without a comparable vector (`FactIndex.similarities` reads them from an index). */
  similarityOf(fact: IndexedFact): number;
}

/** A fact of a secondary domain of the message must be at least this similar (or named). */
export const SECONDARY_SIMILARITY = 0.25;
/** A fact outside the message's domains (or any fact when it has none) must be at least this similar (or named). */
export const RELEVANT_SIMILARITY = 0.5;
/** A dormant fact comes back only when this similar, or when the message names it. */
export const EXPLICIT_SIMILARITY = 0.75;
const MESSAGE_SCAN_CHARS = 8000;
// Only the last three turns before the message are checked for mentions (spec §3).
const RECENT_TURNS = 3;

/** score = 0.6·similarity + 0.2·confidence + 0.1·recency + 0.1·named (each term in 0…1). */
export const SCORE_WEIGHTS = { similarity: 0.6, confidence: 0.2, recency: 0.1, named: 0.1 } as const;
const CONFIDENCE_WEIGHT: Record<FactConfidence, number> = { high: 1, medium: 0.7, low: 0.4 };
// Recency halves every 30 days without confirmation.
const RECENCY_HALF_LIFE_MS = 30 * DAY_MS;

/**
 * The domains a message concerns: its winning domain (primary) and every other domain
 * scoring at least half as much (secondary).
 */
export function concernedDomains(guess: DomainGuess): { primary: Domain | null; secondary: ReadonlySet<Domain> } {
  const primary = guess.domain;
  if (primary === null) return { primary, secondary: new Set() };
  const top = guess.scores[primary];
  const secondary = DOMAINS.filter((domain) => domain !== primary && guess.scores[domain] >= MIN_DOMAIN_SCORE && guess.scores[domain] >= top / 2);
  return { primary, secondary: new Set(secondary) };
}

// A question about what was decided ("what did we decide about the tickets?", "¿qué
// decidimos?") asks for the decisions whatever else it is about: its subject words may
// make another domain win.
const ASKS_FOR_DECISIONS =
  /\b(?:what|which|how|did|have|had)\b[^?.!]{0,40}\b(?:we|i|you)\s+(?:decide|decided|agree|agreed|settle|settled|choose|chose|pick|picked)\b|\bwhat (?:was|were) (?:the )?decisions?\b|\bque (?:decidimos|acordamos|elegimos|quedamos|decidi|decidiste)\b/u;

// The similarity a fact of `domain` needs to be relevant without being named.
function similarityNeeded(domain: Domain, concerned: ReturnType<typeof concernedDomains>, asksForDecisions: boolean): number {
  if (domain === concerned.primary || (asksForDecisions && domain === 'decisions')) return -Infinity;
  return concerned.secondary.has(domain) ? SECONDARY_SIMILARITY : RELEVANT_SIMILARITY;
}

/**
 * Ranks the live facts for one prompt. Pure and synchronous: it runs on every context
 * call. Excludes what may not be injected (stale, superseded, deleted, low confidence
 * unconfirmed for 30 days), facts mentioned in the last 3 turns, and facts that do not
 * justify their place: a fact of the message's primary domain always may (a decision
 * too when the message asks what was decided), and so may a standing instruction ("from
 * now on, answer in Spanish") whatever the domain; one of a
 * secondary domain needs similarity ≥ 0.25, any other ≥ 0.5, a dormant one ≥ 0.75 —
 * or the message names it (its value, or its short subject key), or asks for its value
 * (a question naming the rest of it: "where do I live?" for "I live in Lisbon").
 * Ordered by score, ties by id; `items` takes the facts in that order while they fit in
 * the token budget, skipping one that does not (it stays a candidate).
 */
export function selectFacts(
  facts: Iterable<IndexedFact>,
  request: FactSelectionRequest,
  options: SelectionOptions = DEFAULT_SELECTION,
  readers: Partial<SelectionReaders> = {},
): FactSelection {
  const stemsOf = readers.stemsOf ?? ((text: string) => new Set(contentStems(text)));
  const similarityOf = readers.similarityOf ?? ((fact: IndexedFact) => factSimilarity(request.embedding, fact));
  // A fact is named in the head of a message or not at all; a pasted document must not cost more.
  const head = request.message.slice(0, MESSAGE_SCAN_CHARS);
  const message = stemsOf(head);
  const recent = request.recentTurns.slice(-RECENT_TURNS).map(stemsOf);
  const domains = concernedDomains(request.domain);
  const asksForDecisions = ASKS_FOR_DECISIONS.test(foldText(head));
  let asked: ReadonlySet<string> | undefined;
  const questions = (): ReadonlySet<string> => (asked ??= questionStems(head));
  const ranked: SelectedFact[] = [];
  for (const fact of facts) {
    const verdict = injectionClass(fact, request.now);
    if (verdict === 'never') continue;
    const similarity = similarityOf(fact);
    const named = namesFact(message, fact) || asksForValue(message, fact, questions);
    const needed = verdict === 'on-request' ? EXPLICIT_SIMILARITY : fact.standing ? -Infinity : similarityNeeded(fact.domain, domains, asksForDecisions);
    const relevant = named || similarity >= needed;
    if (!relevant || recent.some((turn) => mentions(turn, fact.stems))) continue;
    ranked.push({
      id: fact.id,
      fact: fact.fact,
      domain: fact.domain,
      tokenCount: fact.tokenCount,
      score: scoreOf(fact, similarity, named, request.now),
      asked: named || similarity >= EXPLICIT_SIMILARITY,
    });
  }
  ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return splitByBudget(ranked, options);
}

function scoreOf(fact: IndexedFact, similarity: number, named: boolean, now: number): number {
  const recency = 0.5 ** (Math.max(0, now - fact.lastConfirmedAt) / RECENCY_HALF_LIFE_MS);
  const score =
    SCORE_WEIGHTS.similarity * Math.max(0, similarity) +
    SCORE_WEIGHTS.confidence * CONFIDENCE_WEIGHT[fact.confidence] +
    SCORE_WEIGHTS.recency * recency +
    SCORE_WEIGHTS.named * (named ? 1 : 0);
  // Rounded so that float noise never decides an order; ties then go to the id.
  return Math.round(score * 1e6) / 1e6;
}

// Fills the base in rank order, skipping a fact that does not fit in what is left and
// going on with the next ones: one oversized fact must not empty the base. What is
// skipped stays a candidate, in rank order.
function splitByBudget(ranked: readonly SelectedFact[], options: SelectionOptions): FactSelection {
  const items: SelectedFact[] = [];
  const candidates: SelectedFact[] = [];
  let used = 0;
  for (const fact of ranked) {
    if (used + fact.tokenCount <= options.tokenBudget) {
      items.push(fact);
      used += fact.tokenCount;
    } else if (candidates.length < options.maxCandidates) {
      candidates.push(fact);
    }
  }
  return { items, candidates };
}
