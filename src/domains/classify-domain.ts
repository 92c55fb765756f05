import { DOMAINS, type Domain } from './domain.js';
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

function ranked(scores: Record<Domain, number>): [Domain, number, number] {
  let best: Domain = DOMAINS[0];
  let top = -1;
  let second = 0;
  // Ties go to the domain listed first in DOMAINS: deterministic, never random.
  for (const domain of DOMAINS) {
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

/** The guess's domain when the evidence is strong and unambiguous, else null. */
export function confidentDomain(guess: DomainGuess): Domain | null {
  const [best, top, second] = ranked(guess.scores);
  if (top < CONFIDENT_DOMAIN_SCORE || top - second < CONFIDENT_DOMAIN_MARGIN) return null;
  return best;
}

/**
 * For topic-shift detection: true only when both domains are confident and different, so
 * a single weak keyword ("like", "team") never counts as a change. `previous` is the
 * earlier turn's confident domain (what a turn row stores), or null.
 */
export function isDomainChange(previous: string | null, current: DomainGuess): boolean {
  const after = confidentDomain(current);
  return previous !== null && after !== null && previous !== after;
}
