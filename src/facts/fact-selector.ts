import { MIN_DOMAIN_SCORE, type DomainGuess } from '../domains/classify-domain.js';
import { DOMAINS, type Domain } from '../domains/domain.js';
import { foldText } from '../domains/fold-text.js';
import { DAY_MS } from '../clock.js';
import { injectionClass } from './decay-rules.js';
import type { FactConfidence } from './extraction/index.js';
import { factSimilarity, type IndexedFact } from './fact-index.js';
import type { FactSelection, FactSelectionRequest, SelectedFact } from './fact-selection.js';
import { asksForValue, namesFact, namesRareWord, ownQuestionRareWords, questionStems, RARE_WORD_FACTS, speaksOf, type Question } from './fact-selector-names.js';
import { contentStems, mentions, namesAll } from './fact-words.js';
import { messageRareWords } from './rare-words.js';

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

/** A fact of a domain the message concerns (primary or secondary) is justified by this similarity, unnamed. */
export const SECONDARY_SIMILARITY = 0.25;
/** A fact outside the message's domains (or any fact when it has none) is justified by this similarity, unnamed. */
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
// "Where did we land on…", "what did we end up choosing", "¿en qué quedó lo de…?", "¿qué se decidió…?" ask the same.
const ASKS_FOR_DECISIONS =
  /\b(?:what|which|how|did|have|had)\b[^?.!]{0,40}\b(?:we|i|you)\s+(?:decide|decided|agree|agreed|settle|settled|choose|chose|pick|picked)\b|\bwhat (?:was|were) (?:the )?decisions?\b|\bwhere did (?:we|i) land\b|\bwhat did (?:we|i) end up\b|\bque (?:decidimos|acordamos|elegimos|quedamos|decidi|decidiste|se decidio|se acordo)\b|\ben que (?:quedo|quedamos|quedaron)\b|\bcomo quedo lo de\b/u;
// A domain named as the user's collection ("remind me of my preferences", "list our
// decisions", "mis proyectos"). "My work" is left out: it is as often one thing of it.
const NAMES_A_DOMAIN = /\b(?:my|our|mis|nuestr[oa]s)\s+(preferences|decisions|projects|preferencias|decisiones|proyectos)\b/gu;
const NAMED_DOMAINS: Readonly<Record<string, Domain>> = {
  preferences: 'preferences',
  preferencias: 'preferences',
  decisions: 'decisions',
  decisiones: 'decisions',
  projects: 'projects',
  proyectos: 'projects',
};

// A question about the user as a whole ("what do you know about me?", "tell me about
// myself", "¿qué sabes de mí?", "decime lo que recordás de mí") asks for every domain: they
// are all the user's. A Spanish "mí" ends its clause: "qué sabes de mi proyecto" asks for one thing.
const ASKS_ABOUT_THE_USER = new RegExp(
  [
    String.raw`\byou\s+(?:\w+\s+){0,2}(?:know|remember|recall|learned|learnt|stored|saved|kept|have)\s+(?:\w+\s+){0,2}(?:about|of|on)\s+(?:me|myself)\b`,
    String.raw`\btell me\s+(?:\w+\s+){0,2}about\s+(?:me|myself)\b`,
    String.raw`\b(?:sabes|recuerdas|recordas|acuerdas|acordas|conoces|tienes|tenes|guardado|guardaste)(?:\s+(?:tu|vos))?\s+(?:de|sobre|acerca de)\s+mi(?!\s*\p{L})`,
    String.raw`\b(?:hablame|cuentame|contame|decime|dime)\s+(?:de|sobre|acerca de)\s+mi(?!\s*\p{L})`,
  ].join('|'),
  'u',
);

// The domains whose facts a (folded) message asks for as a whole: all of them for a
// question about the user, what was decided, or "my preferences".
function domainsAskedFor(folded: string): ReadonlySet<Domain> {
  if (ASKS_ABOUT_THE_USER.test(folded)) return new Set(DOMAINS);
  const asked = new Set<Domain>();
  if (ASKS_FOR_DECISIONS.test(folded)) asked.add('decisions');
  for (const [, word] of folded.matchAll(NAMES_A_DOMAIN)) {
    const domain = word === undefined ? undefined : NAMED_DOMAINS[word];
    if (domain !== undefined) asked.add(domain);
  }
  return asked;
}

// The similarity a fact of `domain` needs for the message to justify it without naming it.
function similarityNeeded(domain: Domain, concerned: ReturnType<typeof concernedDomains>): number {
  return domain === concerned.primary || concerned.secondary.has(domain) ? SECONDARY_SIMILARITY : RELEVANT_SIMILARITY;
}

/**
 * Ranks the live facts for one prompt. Pure and synchronous: it runs on every context
 * call. Excludes what may not be injected (stale, superseded, deleted, low confidence
 * unconfirmed for 30 days), facts mentioned in the last 3 turns (with their value: a
 * question asking for it shows none), and facts that do not
 * justify their place. The message justifies a fact when it names it (its value, or its
 * short subject key), asks for its value (a question naming the rest of it and nothing
 * else: "where do I live?" for "I live in Lisbon", not "what music do I prefer?" for "I
 * prefer green tea"; `asksForValue`), speaks of it by its words (`speaksOf`), asks for
 * its whole domain, or for every domain by asking about the user (`domainsAskedFor`), or
 * is similar enough: ≥ 0.25 for a fact of a domain the message concerns, ≥ 0.5 for any
 * other, or names one of its rare words (`namesRareWord`: "Is penicillin safe for me?"
 * for "I am allergic to penicillin"; only the best ranked `RARE_WORD_FACTS` facts that
 * nothing else justifies, so that a word many facts share does not fill the prompt); a
 * standing instruction ("from now on, answer in Spanish", or any fact of an
 * instruction's subject: `IndexedFact.standing`) is justified whatever the message. A
 * dormant fact comes back only when named, asked for, named by a rare word in a question
 * of the user's own (`ownQuestionRareWords`: "When are we going to Japan?") or ≥ 0.75
 * similar. A fact of the
 * message's primary domain the message does not justify is still relevant (the spec's
 * domain filter), below every fact the message justifies: it may fill what they leave of
 * the base, and is never a growth candidate. Each group is ordered by score, ties by id;
 * `items` takes the facts in that order while they fit in the token budget, skipping one
 * that does not (a justified one stays a candidate).
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
  const turns = request.recentTurns.slice(-RECENT_TURNS).map(stemsOf);
  // A question and the answer after it show a fact together ("Do you know my favourite board
  // game?" / "Yes: Catan"): each turn, and each two in a row, is read as one text.
  const recent = [...turns, ...turns.slice(1).map((turn, i) => new Set([...(turns[i] as ReadonlySet<string>), ...turn]))];
  const domains = concernedDomains(request.domain);
  const askedDomains = domainsAskedFor(foldText(head));
  let asked: readonly Question[] | undefined;
  const questions = (): readonly Question[] => (asked ??= questionStems(head));
  const rare = messageRareWords(head, message);
  let ownRare: ReadonlySet<string> | undefined;
  // A dormant fact one of the message's rare words names comes back when a question of the user's own names it.
  const askedByRareWord = (fact: IndexedFact): boolean => namesRareWord(rare, fact) && namesRareWord((ownRare ??= ownQuestionRareWords(head)), fact);
  const justified: SelectedFact[] = [];
  const ofDomain: SelectedFact[] = [];
  const byRareWord: RareWordMatch[] = [];
  for (const fact of facts) {
    // A message imported with an earlier time (`at`) knows no fact stated after it.
    if (fact.createdAt > request.now) continue;
    const verdict = injectionClass(fact, request.now);
    if (verdict === 'never') continue;
    const similarity = similarityOf(fact);
    const named = namesFact(message, fact) || asksForValue(message, fact, questions);
    const askedDormant = verdict === 'on-request' && !named && askedByRareWord(fact);
    const byMessage =
      verdict === 'on-request'
        ? named || askedDormant || similarity >= EXPLICIT_SIMILARITY
        : named ||
          fact.standing ||
          askedDomains.has(fact.domain) ||
          similarity >= similarityNeeded(fact.domain, domains) ||
          speaksOf(message, fact);
    // A sensitive fact (an address, a diagnosis) goes only where the message justifies it.
    const inDomain = verdict !== 'on-request' && fact.domain === domains.primary && !fact.sensitive;
    const rareWord = !byMessage && verdict !== 'on-request' && namesRareWord(rare, fact);
    if (!(byMessage || rareWord || inDomain) || recent.some((turn) => shownIn(turn, fact))) continue;
    const selected: SelectedFact = {
      id: fact.id,
      fact: fact.fact,
      domain: fact.domain,
      tokenCount: fact.tokenCount,
      score: scoreOf(fact, similarity, named, request.now),
      asked: named || askedDormant || similarity >= EXPLICIT_SIMILARITY,
    };
    if (byMessage) justified.push(selected);
    else if (rareWord) byRareWord.push({ selected, inDomain });
    else ofDomain.push(selected);
  }
  byRareWord.sort((a, b) => byRank(a.selected, b.selected));
  for (const [rank, { selected, inDomain }] of byRareWord.entries()) {
    if (rank < RARE_WORD_FACTS) justified.push(selected);
    else if (inDomain) ofDomain.push(selected);
  }
  justified.sort(byRank);
  ofDomain.sort(byRank);
  return splitByBudget(justified, ofDomain, options);
}

// A recent turn shows a fact when it mentions it with its value, if it has one: "What is my
// favourite board game?" mentions "My favourite board game is Catan" and shows nothing of
// it; the next prompt needs it most.
function shownIn(turn: ReadonlySet<string>, fact: IndexedFact): boolean {
  return mentions(turn, fact.stems) && (fact.valueStems.length === 0 || namesAll(turn, fact.valueStems));
}

// A fact the message justifies by a rare word alone (`namesRareWord`), and whether it is of the message's primary domain.
interface RareWordMatch {
  selected: SelectedFact;
  inDomain: boolean;
}

function byRank(a: SelectedFact, b: SelectedFact): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
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

// Fills the base in rank order, the justified facts first, skipping a fact that does not
// fit in what is left and going on with the next ones: one oversized fact must not empty
// the base. A justified fact skipped stays a candidate, in rank order; a fact of the
// domain alone does not: growth adds only what the message justifies.
function splitByBudget(justified: readonly SelectedFact[], ofDomain: readonly SelectedFact[], options: SelectionOptions): FactSelection {
  const items: SelectedFact[] = [];
  const candidates: SelectedFact[] = [];
  let used = 0;
  const fits = (fact: SelectedFact): boolean => used + fact.tokenCount <= options.tokenBudget;
  for (const fact of justified) {
    if (fits(fact)) {
      items.push(fact);
      used += fact.tokenCount;
    } else if (candidates.length < options.maxCandidates) {
      candidates.push(fact);
    }
  }
  for (const fact of ofDomain) {
    if (!fits(fact)) continue;
    items.push(fact);
    used += fact.tokenCount;
  }
  return { items, candidates };
}
