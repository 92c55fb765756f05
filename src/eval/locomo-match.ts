// How the LoCoMo evaluation decides that a prompt "holds" an evidence turn or a gold answer.

const ARTICLES = /\b(a|an|the)\b/g;
// Unicode-aware: Spanish and accented names keep their letters.
const PUNCTUATION = /[^\p{L}\p{N}\s]/gu;
const FUZZY_STOPWORDS = new Set(
  (
    'i me my we our you your he she it its they them their is am are was were be been being have has had do does did ' +
    'and or but if so to of in on at for with about as by from that this these those what which who how when where ' +
    'just really very too also not no yes oh hey hi wow lol im its thats dont can will would could should'
  ).split(' '),
);

/** Share of an evidence turn's content words the prompt must hold for the fuzzy criterion. */
export const FUZZY_SHARE = 0.8;

/** Whitespace runs become one space; ends are trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** SQuAD's answer normalisation: lowercase, no punctuation, no articles, single spaces. */
export function normaliseAnswer(text: string): string {
  return collapseWhitespace(text.toLowerCase().replace(PUNCTUATION, ' ').replace(ARTICLES, ' '));
}

/** The text a prompt is searched in, prepared once per prompt. */
export interface PromptText {
  /** Whitespace-collapsed, for the verbatim test. */
  collapsed: string;
  /** SQuAD-normalised and padded with spaces, for whole-word answer containment. */
  normalised: string;
  words: ReadonlySet<string>;
}

export function preparePromptText(contents: readonly string[]): PromptText {
  const normalised = normaliseAnswer(contents.join('\n'));
  return {
    collapsed: collapseWhitespace(contents.join('\n')),
    normalised: ` ${normalised} `,
    words: new Set(normalised.split(' ').filter((w) => w !== '')),
  };
}

/** How an evidence turn is found in a prompt. */
export interface EvidenceMatch {
  /** The turn's whitespace-collapsed text is a substring of the prompt's. */
  verbatim: boolean;
  /** Share of the turn's distinct content words (stopwords aside) that occur in the prompt. */
  wordShare: number;
  /** verbatim, or wordShare ≥ FUZZY_SHARE. */
  fuzzy: boolean;
}

export function matchEvidence(turnText: string, prompt: PromptText): EvidenceMatch {
  const collapsed = collapseWhitespace(turnText);
  const verbatim = collapsed !== '' && prompt.collapsed.includes(collapsed);
  const words = contentWords(turnText);
  const found = words.filter((w) => prompt.words.has(w)).length;
  const wordShare = words.length === 0 ? (verbatim ? 1 : 0) : found / words.length;
  return { verbatim, wordShare, fuzzy: verbatim || wordShare >= FUZZY_SHARE };
}

/**
 * The normalised gold answer occurs in the normalised prompt as whole words. Answers
 * that normalise to nothing (pure punctuation) are never contained.
 */
export function containsAnswer(answer: string, prompt: PromptText): boolean {
  const normalised = normaliseAnswer(answer);
  return normalised !== '' && prompt.normalised.includes(` ${normalised} `);
}

// Distinct normalised words minus stopwords; all distinct words when only stopwords remain.
function contentWords(text: string): string[] {
  const all = [...new Set(normaliseAnswer(text).split(' ').filter((w) => w !== ''))];
  const content = all.filter((w) => !FUZZY_STOPWORDS.has(w));
  return content.length > 0 ? content : all;
}
