import type { LocomoQuestion } from './locomo-data.js';
import { containsAnswer, matchEvidence, preparePromptText } from './locomo-match.js';

export const CATEGORY_NAMES: Readonly<Record<number, string>> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

/** Sums over questions for one method and one category (or all). */
export interface ScoreTally {
  questions: number;
  evidence: number;
  evidenceVerbatim: number;
  evidenceFuzzy: number;
  /** Questions whose answer was checked (adversarial items are not: their answer is a distractor). */
  answers: number;
  answersFound: number;
  tokens: number;
}

export function emptyTally(): ScoreTally {
  return { questions: 0, evidence: 0, evidenceVerbatim: 0, evidenceFuzzy: 0, answers: 0, answersFound: 0, tokens: 0 };
}

export function addTally(a: ScoreTally, b: ScoreTally): ScoreTally {
  return {
    questions: a.questions + b.questions,
    evidence: a.evidence + b.evidence,
    evidenceVerbatim: a.evidenceVerbatim + b.evidenceVerbatim,
    evidenceFuzzy: a.evidenceFuzzy + b.evidenceFuzzy,
    answers: a.answers + b.answers,
    answersFound: a.answersFound + b.answersFound,
    tokens: a.tokens + b.tokens,
  };
}

/** Whether an answer is scored for this item: adversarial (category 5) items never are. */
export function answerIsScored(question: LocomoQuestion): question is LocomoQuestion & { answer: string } {
  return question.category !== 5 && question.answer !== null;
}

/**
 * One question against one prompt: its evidence turns (dia_id → text) found verbatim and
 * fuzzily in `contents`, and its gold answer contained in them.
 */
export function scoreQuestion(
  question: LocomoQuestion,
  contents: readonly string[],
  tokens: number,
  turnText: ReadonlyMap<string, string>,
): ScoreTally {
  const prompt = preparePromptText(contents);
  const tally = { ...emptyTally(), questions: 1, tokens };
  for (const id of question.evidence) {
    const text = turnText.get(id);
    // An id the conversation does not have counts as evidence the prompt cannot hold.
    tally.evidence++;
    if (text === undefined) continue;
    const match = matchEvidence(text, prompt);
    if (match.verbatim) tally.evidenceVerbatim++;
    if (match.fuzzy) tally.evidenceFuzzy++;
  }
  if (answerIsScored(question)) {
    tally.answers = 1;
    tally.answersFound = containsAnswer(question.answer, prompt) ? 1 : 0;
  }
  return tally;
}

/** Tallies keyed by category, plus key 0 for all categories. */
export class TallyBook {
  private readonly tallies = new Map<number, ScoreTally>();

  add(category: number, tally: ScoreTally): void {
    for (const key of [category, 0]) this.tallies.set(key, addTally(this.tallies.get(key) ?? emptyTally(), tally));
  }

  get(category: number): ScoreTally {
    return this.tallies.get(category) ?? emptyTally();
  }

  merge(other: TallyBook): void {
    for (const [key, tally] of other.tallies) this.tallies.set(key, addTally(this.tallies.get(key) ?? emptyTally(), tally));
  }
}
