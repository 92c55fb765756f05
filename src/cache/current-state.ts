import { QUESTION_AUXILIARIES, QUESTION_WORDS } from './policy-lexicon.js';
import { ELLIPTICAL_AUXILIARIES } from './reference-lexicon.js';
import {
  CLAUSE_OPENERS,
  FORMS_OF_BE,
  GENERIC_SUBJECTS,
  HELD_POSTS,
  INDEFINITE_ARTICLES,
  PARTICULAR_WORDS,
  STATE_ENDINGS,
  STATUS_COMPOUNDS,
  STATUS_WORDS,
} from './refusal-lexicon.js';
import { endingAt, endingPhrases } from './word-matcher.js';

// Words of a state that changes ("open", "failed", "status", "CEO") refuse a question only
// when it asks about a particular thing or post now; about a kind of thing, or as part of
// another noun ("the HTTP status code"), they are no clock.

const ENDINGS = endingPhrases(STATE_ENDINGS);
const CLAUSE_START: ReadonlySet<string> = new Set([...QUESTION_WORDS, ...QUESTION_AUXILIARIES, ...ELLIPTICAL_AUXILIARIES, ...FORMS_OF_BE, ...CLAUSE_OPENERS]);

/**
 * Whether a question (its core, without a recall tail) ends by asking about the state of a
 * particular thing: a yes/no question ("Is the store open?", "Is a pharmacy open?", "Did
 * the deploy succeed?"), or a subject that is no kind of thing ("When does Walmart open?",
 * "Why did my build fail?"). "How do I check if a port is open?" and "Why do most diets
 * fail?" ask about a kind of thing.
 */
export function asksStateNow(core: readonly string[]): boolean {
  const start = endingAt(core, ENDINGS);
  if (start < 0) return false;
  // "…if a port is open": the verb before the state belongs to its clause, not its start.
  const end = start > 1 && CLAUSE_START.has(core[start - 1] as string) ? start - 1 : start;
  let opener = end - 1;
  while (opener >= 0 && !CLAUSE_START.has(core[opener] as string)) opener--;
  const asksYesOrNo = opener < 0 || (opener === 0 && !QUESTION_WORDS.has(core[0] as string));
  return asksYesOrNo || !namesAKind(core.slice(opener + 1, end));
}

/** Whether a question asks for the status of a thing ("What is the status of my order?"), not a "status code". */
export function asksStatus(words: readonly string[]): boolean {
  return words.some((word, at) => {
    if (!STATUS_WORDS.has(word)) return false;
    const next = words[at + 1];
    return next === undefined || !(STATUS_COMPOUNDS.has(next) || /^\p{N}+$/u.test(next));
  });
}

/** Whether a question asks who holds a post ("Who is the CEO of Twitter?"), not what the post is ("What is a CEO?"). */
export function asksHolderOfPost(words: readonly string[]): boolean {
  return words.some((word, at) => HELD_POSTS.has(word) && !INDEFINITE_ARTICLES.has(words[at - 1] ?? ''));
}

function namesAKind(subject: readonly string[]): boolean {
  return GENERIC_SUBJECTS.has(subject[0] ?? '') && !subject.some((word) => PARTICULAR_WORDS.has(word));
}
