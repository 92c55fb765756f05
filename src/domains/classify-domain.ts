import { DOMAINS, TOPIC_DOMAINS, type Domain } from './domain.js';
import { DOMAIN_LEXICON } from './domain-lexicon.js';
import { foldedWords } from './fold-text.js';
import { buildLexiconIndex, scoreWords, type LexiconIndex } from './lexicon-index.js';

/** The classifier's answer: the winning domain (null without evidence) and every domain's score. */
export interface DomainGuess {
  domain: Domain | null;
  scores: Record<Domain, number>;
}

/** Below this total weight a text is chit-chat: no domain. One usual keyword reaches it. */
export const MIN_DOMAIN_SCORE = 1;
/** A guess is confident when its top score reaches this (more than one strong keyword)… */
export const CONFIDENT_DOMAIN_SCORE = 2;
/** …and leads the runner-up by at least this much. */
export const CONFIDENT_DOMAIN_MARGIN = 1.5;

const CLASSIFY_CHARS = 8000;

// Compiled once from a constant table: pure data, no I/O, no state that changes.
const DEFAULT_INDEX: LexiconIndex = buildLexiconIndex(DOMAIN_LEXICON);

function ranked(scores: Record<Domain, number>, domains: readonly Domain[] = DOMAINS): [Domain, number, number] {
  let best: Domain = domains[0] ?? DOMAINS[0];
  let top = -1;
  let second = 0;
  // Ties go to the domain listed first in DOMAINS: deterministic, never random.
  for (const domain of domains) {
    const score = scores[domain];
    if (score > top) {
      second = Math.max(second, top);
      top = score;
      best = domain;
    } else if (score > second) {
      second = score;
    }
  }
  return [best, top, second];
}

/**
 * Guesses the domain of a text from English and Spanish keyword lexicons (accent-folded,
 * lowercase, word boundaries). Deterministic and allocation-light: it runs on every message.
 */
export function classifyDomain(text: string, index: LexiconIndex = DEFAULT_INDEX): DomainGuess {
  // The head says what a message is about; a pasted document must not cost more.
  const scores = scoreWords(index, foldedWords(text.slice(0, CLASSIFY_CHARS)));
  const [best, top] = ranked(scores);
  return { domain: top >= MIN_DOMAIN_SCORE ? best : null, scores };
}

/**
 * The guess's domain when the evidence is strong and unambiguous, else null. `domains`:
 * those that compete (all of them unless given; the others' scores are ignored).
 */
export function confidentDomain(guess: DomainGuess, domains: readonly Domain[] = DOMAINS): Domain | null {
  const [best, top, second] = ranked(guess.scores, domains);
  if (top < CONFIDENT_DOMAIN_SCORE || top - second < CONFIDENT_DOMAIN_MARGIN) return null;
  return best;
}

/** What a turn is about, as a turn row stores it for the next turn's domain-change test. */
export function topicDomain(guess: DomainGuess): Domain | null {
  return confidentDomain(guess, TOPIC_DOMAINS);
}

/**
 * For topic-shift detection: true only when both topic domains are confident and
 * different, so a single weak keyword ("like", "team") never counts as a change. Only
 * TOPIC_DOMAINS take part: "we decided to go with Kubernetes" after a question about
 * Kubernetes is a decision about the same project, not a move to another topic.
 * `previous` is the earlier turn's `topicDomain` (what a turn row stores), or null; a
 * `decisions` stored by an older version says nothing of its topic.
 */
export function isDomainChange(previous: string | null, current: DomainGuess): boolean {
  if (previous === null || !TOPIC_DOMAINS.some((domain) => domain === previous)) return false;
  const after = confidentDomain(current, TOPIC_DOMAINS);
  return after !== null && previous !== after;
}
