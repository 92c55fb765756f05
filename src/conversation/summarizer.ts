import { setNewest } from '../bounded-map.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { candidatePhrases, isTopical, rankKeywords, type Keyword, type Phrase } from './keywords.js';
import { fitSummary, type FittedSummary, type SummaryDraft } from './summary-budget.js';
import { findDecisions, findOpenQuestions, findOutcome, markDecisionMarkers, statementWords } from './summary-clauses.js';
import { isAcknowledgement, withoutShiftPhrases } from './summary-fillers.js';
import { DEFAULT_TEXT_LIMITS, pastedCodeLanguage, splitSentences, tokenize, type Sentence, type SummaryTurn, type TextLimits } from './summary-text.js';

export type { ConversationSummary } from './summary-budget.js';
export type { FittedSummary };
export type { SummaryTurn } from './summary-text.js';

/** How much a summary may hold before the token budget trims it. */
export interface SummarizerOptions {
  /** MAX_TOKENS_PER_SUMMARY: the rendered chunk never counts more. */
  maxTokens: number;
  topicKeywords: number;
  maxDiscussed: number;
  maxDecisions: number;
  maxOpenQuestions: number;
  limits: TextLimits;
}

/**
 * A segment's summary, and the words it is found by besides its own (`searchWords`): the
 * segment's top keywords, of which the summary shows only a few. "¿Qué te conté del
 * carpintero?" finds the summary whose topic kept "Ramón, martes, diciembre" of a segment
 * about the carpenter. Keywords come from the sentences as the summary reads them, with
 * secret values masked.
 */
export interface SegmentSummary extends FittedSummary {
  searchWords: string[];
}

// How many of a segment's keywords it is found by (`SegmentSummary.searchWords`).
const SEARCH_KEYWORDS = 16;

export const DEFAULT_SUMMARIZER_OPTIONS: SummarizerOptions = {
  maxTokens: 50,
  topicKeywords: 3,
  maxDiscussed: 4,
  maxDecisions: 3,
  maxOpenQuestions: 2,
  limits: DEFAULT_TEXT_LIMITS,
};

/**
 * Summarises a closed segment into `{topic, discussed, outcome, decisions,
 * open_questions}` without an LLM, deterministically, in English and Spanish: topic =
 * top keywords; discussed = salient noun phrases; decisions = clauses with a decision
 * verb; open_questions = user questions no later assistant turn answers (`reply`: the
 * assistant turn right after the segment, when a window edge or a shift put it in the
 * next one); outcome = the most topical statement of the last assistant turn (the reply,
 * when it answers the question the segment ends with), ended at a phrase boundary or
 * replaced by a shorter whole statement of that turn when it must be cut, never cut
 * mid-phrase. A turn's relative days ("yesterday", "ayer", "last week") are written as the
 * dates they point to from its `at`, when it has one; a decision keeps the day that opens
 * its clause ("On 2026-03-14 we decided…") while the budget has room for it (else it is shown
 * from its verb, the rest as if no day was said). No field ever holds a secret value
 * (a password, a code, a card or account number, an IBAN, a key: see `withoutSecretValues`),
 * a topic-change phrase ("Switching topics, …"), a piece of a word a cut left, or, in the
 * topic, a span of time ("day", "week"). `saidBefore`: the outcome of the
 * summary before; a statement of the segment's first turn, an answer, that reads as it is
 * left out (that summary took it from the answer after its question). `text` is the minified JSON,
 * `chunk` what the prompt renders (`toChunk(text)`) and `tokenCount` the chunk's exact
 * count (≤ maxTokens). Work is bounded by the text limits, whatever the size of the
 * turns.
 */
export function summarizeSegment(
  turns: readonly SummaryTurn[],
  tokenizer: Tokenizer,
  options: Partial<SummarizerOptions> = {},
  reply: SummaryTurn | null = null,
  saidBefore = '',
): SegmentSummary {
  const opts = { ...DEFAULT_SUMMARIZER_OPTIONS, ...options };
  // "De acuerdo.", "Sounds good, thanks!": filler never makes a topic or an outcome.
  const said = saidAlready(turns, saidBefore);
  const sentences = readSentences(turns, opts.limits).filter((sentence) => !said(sentence));
  // Tells which questions were answered; and a segment that ends with a question the reply
  // answers has that answer as its outcome (else it would be the next segment's, under the
  // next topic). Topic, phrases and decisions come from the segment's own turns.
  const replySentences = reply === null ? [] : readSentences([reply], opts.limits).map((sentence) => ({ ...sentence, turn: turns.length }));
  const keywords = rankKeywords(sentences);
  const allDecisions = findDecisions(sentences);
  const finalQuestion = sentences.filter((sentence) => sentence.turn === turns.length - 1 && sentence.role === 'user' && sentence.question);
  const answeredAfter = replySentences.length > 0 && finalQuestion.length > 0 && findOpenQuestions(finalQuestion, replySentences).length === 0;
  const outcome = findOutcome(answeredAfter ? [...sentences, ...replySentences] : sentences, keywords, allDecisions);
  const decisions = allDecisions.filter((decision) => !saysNothingMore(decision.words, outcome.words)).slice(-opts.maxDecisions);
  const decisionWords = decisions.map((decision) => decision.words);
  // A day ("yesterday", shown as its date) weighs in choosing the outcome, but is when, not what: never a topic or a phrase.
  const dated = datedKeys(sentences);
  const subjects = keywords.filter((keyword) => !dated.has(keyword.key));
  const phrases = candidatePhrases(sentences, keywords).filter((phrase) => !phrase.keys.some((key) => dated.has(key)));
  const topic = topicItems(subjects, phrases, opts.topicKeywords);
  const draft: SummaryDraft = {
    topic: topic.items,
    discussed: selectDiscussed(phrases, subjects, topic.keys, decisionWords, opts.maxDiscussed),
    outcome: outcome.words,
    decisions: decisionWords,
    decisionDates: decisions.map((decision) => decision.dateWords),
    open_questions: findOpenQuestions(sentences, replySentences).slice(-opts.maxOpenQuestions),
    ...(outcome.forms === undefined ? {} : { outcomeForms: outcome.forms }),
  };
  if (saysNothing(draft)) {
    // Only pasted code and words that keep nothing ("Noted."): say that code was pasted.
    const language = pastedCodeLanguage(turns, opts.limits);
    if (language !== null) draft.discussed = [[...(language === '' ? [] : [language]), 'code', 'block']];
    else draft.topic = leadingWords(sentences, opts.topicKeywords);
  }
  const searchWords = subjects.filter(isTopical).slice(0, SEARCH_KEYWORDS).map((keyword) => keyword.display);
  return { ...fitSummary(draft, tokenizer, opts.maxTokens), searchWords };
}

// The sentences that say something: without acknowledgements ("De acuerdo.") and without
// the phrases that only announce a topic change ("Switching topics, …").
function readSentences(turns: readonly SummaryTurn[], limits: TextLimits): Sentence[] {
  const sentences: Sentence[] = [];
  turns.forEach((turn, index) => {
    for (const sentence of turnSentences(turn, limits)) sentences.push(index === 0 ? sentence : { ...sentence, turn: index });
  });
  return sentences;
}

// A turn's sentences depend on its role, text and time alone, and the same turn is read
// again and again: by each segment summarised ahead that holds it (as a continuation and
// as a topic shift) and at closing. They are kept for the most recent turns read with the
// default limits (as the turn at index 0; nothing downstream changes a sentence).
const TURN_SENTENCES_KEPT = 256;
const turnSentencesMemo = new Map<string, readonly Sentence[]>();

function turnSentences(turn: SummaryTurn, limits: TextLimits): readonly Sentence[] {
  const read = (): Sentence[] =>
    splitSentences([turn], limits)
      .map(withoutShiftPhrases)
      .map(markDecisionMarkers)
      .filter((sentence) => sentence.tokens.length > 0 && !isAcknowledgement(sentence));
  if (limits !== DEFAULT_TEXT_LIMITS) return read();
  const key = `${turn.role}\u0000${turn.at ?? ''}\u0000${turn.content}`;
  const known = turnSentencesMemo.get(key);
  if (known !== undefined) return known;
  const sentences = read();
  setNewest(turnSentencesMemo, key, sentences, TURN_SENTENCES_KEPT);
  return sentences;
}

function datedKeys(sentences: readonly Sentence[]): Set<string> {
  const keys = new Set<string>();
  for (const sentence of sentences) for (const token of sentence.tokens) if (token.dated !== undefined && token.dated.length > 0) keys.add(token.stem);
  return keys;
}

// Whether a sentence of the segment's first turn, an answer, reads as the outcome the summary
// before took from it: as that outcome's words exactly, or as many of them as fitting left
// when it was clipped with "…". An outcome of one word matches too much to tell.
function saidAlready(turns: readonly SummaryTurn[], outcome: string): (sentence: Sentence) => boolean {
  const clipped = outcome.endsWith('…');
  const words = outcome.replace(/…$/u, '').split(' ').filter((word) => word !== '');
  if (words.length < 2 || turns[0]?.role !== 'assistant') return () => false;
  const last = words.length - 1;
  // Word by word: "We removed it" is not said by "We removed items…"; only a clipped last word is a prefix.
  // An outcome cut at a phrase boundary ("Here is a thought on the flights" of "…: check the
  // itinerary first") says only its words: the statement is said only when it has no more.
  const reads = (clause: readonly string[]): boolean =>
    (clipped || clause.length === words.length) && words.every((word, i) => (clipped && i === last ? clause[i]?.startsWith(word) === true : clause[i] === word));
  return (sentence) => sentence.turn === 0 && !sentence.question && reads(statementWords(sentence));
}

// The first words of a segment that no rule above could rank but that still say
// something: the head of a long run (an identifier, a URL, text no word list splits) and
// short words of scripts without a stop list ("мы", "猫"). Short Latin words that are
// not stop words are chat ("k", "ty", "np"): a segment of those and of stop words
// ("Noted.", "ok") keeps nothing.
function leadingWords(sentences: readonly Sentence[], count: number): string[] {
  const words = new Set<string>();
  for (const sentence of sentences) {
    for (const token of sentence.tokens) {
      if (words.size >= count) return [...words];
      // A number alone ("hello again 3") names nothing: the segment is purged, not summarised as "3".
      if (token.stop || token.vocative || BARE_NUMBER.test(token.key)) continue;
      if (token.clipped || !LATIN.test(token.key)) words.add(token.surface);
    }
  }
  return [...words];
}

const LATIN = /\p{Script=Latin}/u;
const BARE_NUMBER = /^[\p{N}.,]+$/u;

// Words for spans of time, as stems: like a date, they say when, not what ("…feed it twice
// a day", "la semana que viene"), so a segment about a sourdough starter is not about "day".
// A name that shares a stem ("Tim") is still one.
const TIME_UNITS: ReadonlySet<string> = new Set(
  tokenize(
    `day days week weeks weekend weekends month months year years hour hours minute minutes night nights morning mornings
    evening evenings time times today tonight tomorrow dia dias semana semanas mes meses ano anos hora horas minuto
    minutos noche noches manana mananas tarde tardes`,
  ).map((token) => token.stem),
);

// The top keywords but numbers, months and spans of time; those that occur together as a
// phrase are shown as that phrase ("Maria Lopez", not "Maria, Lopez"), which then counts
// as one of the items.
function topicItems(keywords: readonly Keyword[], phrases: readonly Phrase[], count: number): { items: string[]; keys: Set<string> } {
  const candidates = keywords.filter((keyword) => isTopical(keyword) && (keyword.proper || !TIME_UNITS.has(keyword.key))).slice(0, count * 2);
  const allowed = new Set(candidates.map((k) => k.key));
  const keys = new Set<string>();
  const items: string[] = [];
  for (const keyword of candidates) {
    if (items.length >= count) break;
    if (keys.has(keyword.key)) continue;
    const phrase = phrases.find((p) => p.keys.length > 1 && p.keys.length <= 3 && p.keys.includes(keyword.key) && p.keys.every((key) => allowed.has(key)));
    for (const key of phrase?.keys ?? [keyword.key]) keys.add(key);
    items.push(phrase?.display ?? keyword.display);
  }
  return { items, keys };
}

// Phrases and single keywords by score; each pick must add a word that neither the
// topic, a decision nor an earlier pick holds. A single word must be a name or a
// number or recur: a lone "happy" says little.
function selectDiscussed(
  phrases: readonly Phrase[],
  keywords: readonly Keyword[],
  topicKeys: ReadonlySet<string>,
  decisions: readonly string[][],
  max: number,
): string[][] {
  const singles: Phrase[] = keywords
    // A number of one or two digits alone ("Step 2", "0") says nothing without what it
    // counts; with it, it comes as a phrase ("200 grados", "40 minutes").
    .filter((k) => !isBareSmallNumber(k) && (k.proper || k.number || k.count >= 2))
    .map((k) => ({ keys: [k.key], display: k.display, score: k.score, first: k.first }));
  // On equal scores a phrase beats a single word; then the earlier one wins.
  const ranked = [...phrases, ...singles].sort((a, b) => b.score - a.score || isPhrase(b) - isPhrase(a) || a.first - b.first);
  const covered = new Set([...topicKeys, ...decisions.flatMap((words) => tokenize(words.join(' ')).map((token) => token.stem))]);
  const chosen: string[][] = [];
  for (const candidate of ranked) {
    if (chosen.length >= max) break;
    if (candidate.keys.every((key) => covered.has(key))) continue;
    for (const key of candidate.keys) covered.add(key);
    chosen.push(candidate.display.split(' '));
  }
  return chosen;
}

function isBareSmallNumber(keyword: Keyword): boolean {
  return keyword.number && /^\p{N}{1,2}$/u.test(keyword.display);
}

function isPhrase(candidate: Phrase): number {
  return candidate.keys.length > 1 ? 1 : 0;
}

// A decision whose every word the outcome already holds is not repeated.
function saysNothingMore(words: readonly string[], outcome: readonly string[]): boolean {
  const stems = (text: readonly string[]): string[] => tokenize(text.join(' ')).map((token) => token.stem);
  const inOutcome = new Set(stems(outcome));
  return stems(words).every((stem) => inOutcome.has(stem));
}

function saysNothing(draft: SummaryDraft): boolean {
  return draft.topic.length === 0 && draft.discussed.length === 0 && draft.outcome.length === 0 && draft.decisions.length === 0 && draft.open_questions.length === 0;
}
