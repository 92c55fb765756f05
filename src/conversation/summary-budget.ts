import { SETTINGS } from '../config/settings.js';
import { ConfigError } from '../errors.js';
import { toChunk } from '../tokens/chunks.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { STOP_WORDS } from './stopwords.js';
import { isHiraganaOnly, isUncountedNumber, startsWithNumber } from './summary-text.js';
import { foldText } from './text-normalise.js';

/** The key-value summary of a closed segment (memory spec §1.2); every key is always present. */
export interface ConversationSummary {
  topic: string;
  discussed: string[];
  outcome: string;
  decisions: string[];
  open_questions: string[];
}

/** A summary before fitting: each string is kept as words so it can be cut cleanly. */
export interface SummaryDraft {
  /** Keywords, rendered joined by ", ". */
  topic: string[];
  discussed: string[][];
  outcome: string[];
  decisions: string[][];
  /** Rendered with a trailing "?". */
  open_questions: string[][];
  /**
   * What the outcome may be cut to, each shorter than the one before: heads of it that end
   * at a phrase boundary, or shorter whole statements of its turn. Past the last one it is
   * not cut, only dropped, so it never ends mid-phrase ("Entre 250"). Absent, it is cut
   * word by word (text whose phrases cannot be told: Chinese, Japanese, Thai).
   */
  outcomeForms?: string[][];
  /**
   * How many of the first words of each decision (by index) say when it was taken ("On
   * 2026-03-14 we"): fitting takes them from a decision before any of its own words. Absent
   * or 0: none.
   */
  decisionDates?: number[];
}

/**
 * The fitted summary; its minified JSON; the chunk the prompt renders (`toChunk(text)`:
 * the JSON plus a newline) and that chunk's exact token count.
 */
export interface FittedSummary {
  summary: ConversationSummary;
  text: string;
  chunk: string;
  tokenCount: number;
}

type ListKey = 'discussed' | 'open_questions' | 'decisions';
// Least valuable first: phrases go before open questions, which go before decisions.
const LISTS: readonly ListKey[] = ['discussed', 'open_questions', 'decisions'];

/** Renders a draft as minified JSON with the keys in the spec's order. */
export function renderSummary(draft: SummaryDraft): { summary: ConversationSummary; text: string } {
  const words = (items: string[][]): string[] => items.filter((w) => w.length > 0).map((w) => w.join(' '));
  const summary: ConversationSummary = {
    topic: draft.topic.join(', '),
    discussed: words(draft.discussed),
    outcome: draft.outcome.join(' '),
    decisions: words(draft.decisions),
    open_questions: words(draft.open_questions).map((q) => `${q}?`),
  };
  return { summary, text: JSON.stringify(summary) };
}

/**
 * Shrinks a draft until its rendered chunk counts at most `maxTokens` with the real
 * tokenizer: first drops list items from the end (the longest list first), then cuts
 * the longest string other than a decision word by word (the outcome to its next shorter
 * form, see `outcomeForms`), then drops the last single phrase and open question, and an
 * outcome that has no shorter form left; only then cuts and drops the decision, and last
 * the outcome and the topic. The last word left is clipped to the tokens that fit, and
 * dropped only when not even its first character does: a segment that said something
 * keeps a summary. A decision's day (`decisionDates`) is kept while cutting words of the
 * other strings makes room for it; when that is not enough, the summary is the one fitted
 * without any decision's day. Throws a ConfigError when not even the empty skeleton fits.
 */
export function fitSummary(draft: SummaryDraft, tokenizer: Tokenizer, maxTokens: number): FittedSummary {
  const dated = fitWithOutcome(draft, tokenizer, maxTokens);
  // A day gave way: what was cut to make room for it is not lost for nothing.
  if (!dated.datesDropped) return dated.fitted;
  return fitWithOutcome(withoutDecisionDates(draft), tokenizer, maxTokens).fitted;
}

interface FitResult {
  fitted: FittedSummary;
  /** A decision's day had to go. */
  datesDropped: boolean;
}

function fitWithOutcome(draft: SummaryDraft, tokenizer: Tokenizer, maxTokens: number): FitResult {
  const result = fitDraft(draft, tokenizer, maxTokens);
  // An outcome that is not cut mid-phrase held its place while the other strings were cut
  // around it: when not even its shortest form fits, the rest is fitted without it, whole.
  if (result.fitted.summary.outcome !== '' || draft.outcome.length === 0 || draft.outcomeForms === undefined) return result;
  return fitDraft({ ...draft, outcome: [], outcomeForms: [] }, tokenizer, maxTokens);
}

function withoutDecisionDates(draft: SummaryDraft): SummaryDraft {
  const { decisionDates, ...rest } = draft;
  return { ...rest, decisions: draft.decisions.map((words, i) => words.slice(decisionDates?.[i] ?? 0)) };
}

function fitDraft(draft: SummaryDraft, tokenizer: Tokenizer, maxTokens: number): FitResult {
  const current = cloneDraft(draft);
  let skeleton: { chars: number; tokens: number } | null = null;
  for (;;) {
    const { summary, text } = renderSummary(current);
    const chunk = toChunk(text);
    const tokenCount = tokenizer.count(chunk);
    if (tokenCount <= maxTokens) {
      const datesDropped = current.decisionDates?.some((count, i) => count < (draft.decisionDates?.[i] ?? 0)) ?? false;
      return { fitted: { summary, text, chunk, tokenCount }, datesDropped };
    }
    // Counting is the costly part: shrink, uncounted, to the length the values' own
    // tokens-per-character ratio says should fit, then count again (2–3 counts, not one
    // per word). The keys' ratio is left out: Chinese or Thai values cost several times
    // more per character than they do, and would be cut far below what fits.
    skeleton ??= measureSkeleton(tokenizer);
    const spareTokens = Math.max(0, maxTokens - skeleton.tokens);
    const targetChars = skeleton.chars + Math.floor(((text.length - skeleton.chars) * spareTokens) / Math.max(1, tokenCount - skeleton.tokens));
    let shrunk = false;
    while (shrinkOnce(current)) {
      shrunk = true;
      if (renderSummary(current).text.length <= targetChars) break;
    }
    if (!shrunk && !clipLastWord(current, tokenizer, tokenCount - maxTokens)) {
      throw new ConfigError(`a summary cannot fit in ${maxTokens} tokens: its keys alone need ${tokenCount}`, [
        { path: SETTINGS.maxSummaryTokens.env, message: `must be at least ${tokenCount}` },
      ]);
    }
  }
}

function measureSkeleton(tokenizer: Tokenizer): { chars: number; tokens: number } {
  const { text } = renderSummary({ topic: [], discussed: [], outcome: [], decisions: [], open_questions: [] });
  return { chars: text.length, tokens: tokenizer.count(toChunk(text)) };
}

// A decision is what a later "what did we decide…?" needs: it is cut last.
function shrinkOnce(draft: SummaryDraft): boolean {
  if (wordsLeft(draft) <= 1) return false;
  return (
    dropFromLongestList(draft) ||
    shortenLongest(draft) ||
    dropDecisionDate(draft) ||
    dropLastSingleItem(draft, ['discussed', 'open_questions']) ||
    dropUncutOutcome(draft) ||
    shortenLongestString(draft.decisions) ||
    dropLastSingleItem(draft, ['decisions']) ||
    clearStrings(draft)
  );
}

function wordsLeft(draft: SummaryDraft): number {
  const listWords = (items: string[][]): number => items.reduce((sum, words) => sum + words.length, 0);
  return draft.topic.length + draft.outcome.length + listWords(draft.discussed) + listWords(draft.decisions) + listWords(draft.open_questions);
}

const ELLIPSIS = '…';

// Clips the one word left (a long identifier, a run of text no word list split) to the
// head that the tokens `over` the limit leave it, marked with an ellipsis; at least one
// character goes, so repeated calls end, and the word is dropped only when not even its
// first character fits. False when no word is left.
function clipLastWord(draft: SummaryDraft, tokenizer: Tokenizer, over: number): boolean {
  const holder = [draft.topic, draft.outcome, ...draft.discussed, ...draft.decisions, ...draft.open_questions].find((words) => words.length > 0);
  const word = holder?.[0];
  if (holder === undefined || word === undefined) return false;
  const base = word.endsWith(ELLIPSIS) ? word.slice(0, -ELLIPSIS.length) : word;
  let head = tokenizer.truncate(base, tokenizer.count(base) - over - tokenizer.count(ELLIPSIS)).trimEnd();
  // The estimate is per word, the count is of the whole JSON: when it says nothing fits,
  // or cuts nothing, one character goes and the whole is counted again.
  if (head === '' || head.length >= base.length) head = Array.from(base).slice(0, -1).join('').trimEnd();
  if (head !== '') holder[0] = `${head}${ELLIPSIS}`;
  // One character and its ellipsis are over: the character alone may still fit.
  else if (word !== base) holder[0] = base;
  else holder.length = 0;
  return true;
}

function dropFromLongestList(draft: SummaryDraft): boolean {
  let target: ListKey | null = null;
  for (const key of LISTS) {
    if (draft[key].length >= 2 && (target === null || draft[key].length > draft[target].length)) target = key;
  }
  if (target === null) return false;
  draft[target].pop();
  return true;
}

// The longest string (the first of equal ones, in the order of the keys), the outcome
// among them: an outcome with forms moves to the next one, and with none left it is not
// cut, only dropped later; any other string loses its last word.
function shortenLongest(draft: SummaryDraft): boolean {
  const forms = draft.outcomeForms;
  if (forms === undefined) return shortenLongestString([...draft.discussed, draft.outcome, ...draft.open_questions, draft.topic]);
  const before = longestString(draft.discussed);
  const after = longestString([...draft.open_questions, draft.topic]);
  const next = forms[0];
  const outcomeLongest = next !== undefined && draft.outcome.length > (before?.length ?? 0) && draft.outcome.length >= (after?.length ?? 0);
  if (!outcomeLongest) return shortenLongestString([...draft.discussed, ...draft.open_questions, draft.topic]);
  draft.outcome = [...next];
  forms.shift();
  return true;
}

// With no shorter form left, an outcome goes whole before a decision is cut.
function dropUncutOutcome(draft: SummaryDraft): boolean {
  if (draft.outcomeForms === undefined || draft.outcomeForms.length > 0 || draft.outcome.length === 0 || draft.decisions.length === 0) return false;
  draft.outcome = [];
  return true;
}

// The day of the longest decision that still says one (the first of equal ones) goes,
// leaving the decision as said from its verb. Decisions only lose their last ones (popped),
// so an index still names the same decision.
function dropDecisionDate(draft: SummaryDraft): boolean {
  const dates = draft.decisionDates;
  if (dates === undefined) return false;
  let target = -1;
  draft.decisions.forEach((words, i) => {
    if ((dates[i] ?? 0) > 0 && (target < 0 || words.length > (draft.decisions[target] as string[]).length)) target = i;
  });
  if (target < 0) return false;
  (draft.decisions[target] as string[]).splice(0, dates[target]);
  dates[target] = 0;
  return true;
}

function longestString(strings: readonly string[][]): string[] | null {
  let longest: string[] | null = null;
  for (const words of strings) if (words.length >= 2 && (longest === null || words.length > longest.length)) longest = words;
  return longest;
}

function shortenLongestString(strings: readonly string[][]): boolean {
  const longest = longestString(strings);
  if (longest === null) return false;
  longest.pop();
  // Never end on a function word ("…over the") or a number without what it counts ("Entre 250").
  while (longest.length > 1 && (isStopWord(longest[longest.length - 1] ?? '') || isUncountedNumber(longest[longest.length - 1] ?? '', wordShape(longest[longest.length - 2])))) longest.pop();
  // Cut down to words that say nothing ("Who?" of "Who should own the export feature?"),
  // it is dropped: an empty item is not rendered, and its tokens go to what is left.
  if (longest.every(isStopWord)) longest.length = 0;
  return true;
}

// A shown word as `isUncountedNumber` reads the word before a number.
function wordShape(word: string | undefined): { stop: boolean; number: boolean } | undefined {
  return word === undefined ? undefined : { stop: isStopWord(word), number: startsWithNumber(word) };
}

function isStopWord(word: string): boolean {
  return STOP_WORDS.has(foldText(word).replace(/['’?¿!¡.,;:]/gu, '')) || isHiraganaOnly(word);
}

function dropLastSingleItem(draft: SummaryDraft, keys: readonly ListKey[]): boolean {
  for (const key of keys) {
    if (draft[key].length > 0) {
      draft[key].pop();
      return true;
    }
  }
  return false;
}

function clearStrings(draft: SummaryDraft): boolean {
  if (draft.outcome.length > 0) {
    draft.outcome = [];
    return true;
  }
  if (draft.topic.length > 0) {
    draft.topic = [];
    return true;
  }
  return false;
}

function cloneDraft(draft: SummaryDraft): SummaryDraft {
  return {
    topic: [...draft.topic],
    discussed: draft.discussed.map((w) => [...w]),
    outcome: [...draft.outcome],
    decisions: draft.decisions.map((w) => [...w]),
    open_questions: draft.open_questions.map((w) => [...w]),
    ...(draft.outcomeForms === undefined ? {} : { outcomeForms: draft.outcomeForms.map((w) => [...w]) }),
    ...(draft.decisionDates === undefined ? {} : { decisionDates: [...draft.decisionDates] }),
  };
}
