import { CONTROL_TOKEN_MARK, sliceFolded, trimFolded, type FoldedText } from './folded-text.js';
import { isTrailingQualifier, stripMarkers, type MarkedClause } from './markers.js';
import { periodRole } from './sentence-periods.js';

/** One sentence of a message, with the punctuation that ended it ("?", "!", "." or ""). */
export interface Sentence {
  readonly text: FoldedText;
  readonly terminal: string;
}

/** One clause of a sentence and where it starts inside the sentence (folded index). */
export interface Clause {
  readonly text: FoldedText;
  readonly start: number;
}

const SENTENCE_END = /[.!?;\u2026]+(?=\s|$)|\n+/gu;
const FIRST_PERSON_START =
  "i|i'm|i've|i'd|i'll|im|ive|my|we|we're|we've|our|yo|mi|mis|nos|me|ya|ahora|now|also|actually|tambien|" +
  'vivo|trabajo|laburo|prefiero|decidi|decidimos|elegi|elegimos|siempre|nunca|estoy|from now on|a partir de ahora|de ahora en mas';
const QUESTION_START = 'how|what|and you|do you|did you|are you|have you|can you|y vos|y tu|y usted|que tal|como';
/** After "and", verbs whose subject is the previous clause's ("I live in Lisbon and work at Acme"). */
export const SHARED_SUBJECT_VERBS = 'work|live|moved|switched';
// Scripts written without spaces between words: no word list reads a clause in them, so
// "and"/"y" between two runs of them is taken to join two clauses ("我住在东京 and 我喜欢茶").
const UNSPACED = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]`;
const CLAUSE_BREAK = new RegExp(
  `(?:,\\s*|\\s+)(?:and|but|so|because|though|although|while|whereas|y|e|pero|porque|aunque|mientras|asi que)\\s+(?=(?:${FIRST_PERSON_START})\\b)` +
    `|(?:,\\s*|\\s+)and\\s+(?=(?:${SHARED_SUBJECT_VERBS})\\b)` +
    `|,\\s*(?=(?:${FIRST_PERSON_START}|${QUESTION_START})\\b)` +
    `|(?<=${UNSPACED})(?:,\\s*|\\s+)(?:and|y)\\s+(?=${UNSPACED})`,
  'gu',
);

// No closures in the two splitters: they run on every sentence of every message, and tsx
// (tests, scripts) wraps every closure it creates to keep its name, a cost per call.
// Neither uses matchAll, which copies the (long) pattern on every call; an exec loop on
// the shared global pattern is safe because neither pattern matches the empty string.

/** Splits a message into sentences on end punctuation and line breaks, not inside quotes. */
export function splitSentences(message: FoldedText): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(message.scan); match !== null; match = SENTENCE_END.exec(message.scan)) {
    const at = match.index;
    const role = match[0] === '.' ? periodRole(message, at) : 'ends';
    if (role === 'continues') continue;
    const terminal = match[0].includes('?') ? '?' : match[0].includes('!') ? '!' : match[0].trim().length > 0 ? '.' : '';
    pushSentence(sentences, message, start, role === 'ends-acronym' ? at + 1 : at, terminal);
    start = at + match[0].length;
  }
  pushSentence(sentences, message, start, message.folded.length, '');
  return sentences;
}

// A model control token opening a sentence ("<|im_start|>user\nI live in Lisbon") cut nothing
// from it: the sentence starts after it. Anywhere else it may stand for what was said (clauseFact).
const LEADING_CONTROL_TOKENS = new RegExp(`[\\s${CONTROL_TOKEN_MARK}]+`, 'uy');

function pushSentence(sentences: Sentence[], message: FoldedText, start: number, end: number, terminal: string): void {
  LEADING_CONTROL_TOKENS.lastIndex = start;
  const lead = LEADING_CONTROL_TOKENS.exec(message.folded)?.[0].length ?? 0;
  const text = trimFolded(sliceFolded(message, Math.min(start + lead, end), end));
  if (text.folded.length > 0) sentences.push({ text, terminal });
}

/**
 * Between two clauses: a comma (or semicolon, colon, dash), nothing else. It joins a forget
 * request to the statement after it, a "when" clause to its habit, and an appositive that
 * names a credential to the value before it ("hunter2, my wifi password").
 */
export const PUNCTUATION_ONLY = /^\s*[,;:-]+\s*$/u;

/**
 * Splits a sentence into clauses at conjunctions or commas that open a new first-person
 * clause or a question. A last clause that only hedges ("…, I think") or says "from now
 * on" ("Answer in English, from now on") stays with the clause it qualifies.
 */
export function splitClauses(sentence: FoldedText): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  CLAUSE_BREAK.lastIndex = 0;
  for (let match = CLAUSE_BREAK.exec(sentence.scan); match !== null; match = CLAUSE_BREAK.exec(sentence.scan)) {
    pushClause(clauses, sentence, start, match.index);
    start = match.index + match[0].length;
  }
  pushClause(clauses, sentence, start, sentence.folded.length);
  const last = clauses.at(-1);
  const qualified = clauses.at(-2);
  if (last !== undefined && qualified !== undefined && isTrailingQualifier(last.text.scan)) {
    clauses.splice(-2, 2, { text: trimFolded(sliceFolded(sentence, qualified.start, sentence.folded.length)), start: qualified.start });
  }
  return clauses;
}

function pushClause(clauses: Clause[], sentence: FoldedText, start: number, end: number): void {
  const raw = sliceFolded(sentence, start, end);
  const text = trimFolded(raw);
  const lead = raw.folded.length - raw.folded.trimStart().length;
  if (text.folded.length > 0) clauses.push({ text, start: start + lead });
}

/** "and that", "y que": a clause joined to the one before with its own "that" (a regular expression's source). */
export const AND_THAT = '(?:and|y|e)\\s+(?:that|que)';
// "…and that B", "…y que B": another clause of what was asked to be remembered, with its own "that".
const AND_THAT_BREAK = new RegExp(`(?:,\\s*|\\s+)${AND_THAT}\\s+`, 'gu');
const HOLDS_AND_THAT = new RegExp(`\\b${AND_THAT}\\b`, 'u');
const THAT_OR_QUE = /\b(?:that|que)\b/u;

/**
 * A clause asked to be remembered, apart at each "and that" / "y que" ("remember that I live
 * in Lisbon and that I work at Acme"): each later clause starts after its "that", so the
 * gap before it ends in "and that". Only when no other "that"/"que" stands before a split:
 * in "recuerda que prefiero que me llames y que me escribas" the second "que" may continue
 * either, so the clause stays whole.
 */
export function withRememberedThatApart(clauses: Clause[]): Clause[] {
  return clauses.flatMap((clause) => (HOLDS_AND_THAT.test(clause.text.scan) ? rememberedThatClauses(clause) : [clause]));
}

function rememberedThatClauses(clause: Clause): Clause[] {
  const { body, markers } = stripMarkers(clause.text);
  const lead = clause.text.scan.indexOf(body.scan);
  if (!markers.explicit || lead < 0) return [clause];
  const pieces: Clause[] = [];
  let start = lead;
  AND_THAT_BREAK.lastIndex = 0;
  for (let found = AND_THAT_BREAK.exec(body.scan); found !== null; found = AND_THAT_BREAK.exec(body.scan)) {
    const end = lead + found.index;
    if (THAT_OR_QUE.test(clause.text.scan.slice(start, end))) return [clause];
    pieces.push({ text: trimFolded(sliceFolded(clause.text, pieces.length === 0 ? 0 : start, end)), start: clause.start + (pieces.length === 0 ? 0 : start) });
    start = end + found[0].length;
  }
  const [first] = pieces;
  if (first === undefined || !stripMarkers(first.text).markers.explicit) return [clause];
  pieces.push({ text: trimFolded(sliceFolded(clause.text, start, clause.text.folded.length)), start: clause.start + start });
  return pieces.filter((piece) => piece.text.folded.length > 0);
}

const WHEN_OPENER = /^(?:when|whenever|cuando|siempre que)\b/u;

/**
 * A clause opening with "when…" joined to the clause after a comma: "remember that when I
 * travel, I prefer aisle seats" is one statement. Apart, the second clause is never read
 * (the "when" before it is a condition), so joining them loses nothing.
 */
export function withWhenClausesJoined(sentence: FoldedText, clauses: Clause[]): Clause[] {
  if (!/\b(?:when|whenever|cuando|siempre que)\b/u.test(sentence.scan)) return clauses;
  const out: Clause[] = [];
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i] as Clause;
    const next = clauses[i + 1];
    const gap = next === undefined ? '' : sentence.scan.slice(clause.start + clause.text.folded.length, next.start);
    if (next !== undefined && PUNCTUATION_ONLY.test(gap) && WHEN_OPENER.test(stripMarkers(clause.text).body.scan)) {
      out.push({ text: sliceFolded(sentence, clause.start, next.start + next.text.folded.length), start: clause.start });
      i += 1;
    } else {
      out.push(clause);
    }
  }
  return out;
}

// What follows from a statement ("…vegetarian, so restaurants need…", "…, así que…", "…,
// por eso…", "…, which means…") is no part of it. One the user says of themselves is a
// clause of its own ("…, so I prefer…": CLAUSE_BREAK); any other is left out of the clause.
const CONSEQUENCE =
  "so|so that|asi que|por eso|por lo que|por lo tanto|which means|that means|which is why|that's why|thats why|therefore|hence|" +
  'lo que significa|lo cual significa|lo que quiere decir|de modo que|de manera que|con lo cual|entonces';
// Without a comma, only the words that never join anything else ("soy vegetariana así que…").
const BARE_CONSEQUENCE = "asi que|which means|lo que significa|y por eso|and that's why|and thats why";
const CONSEQUENCE_START = new RegExp(`,\\s*(?:(?:and|y)\\s+)?(?:${CONSEQUENCE})\\s|\\s(?:${BARE_CONSEQUENCE})\\s`, 'u');

/** A clause's body without the consequence that follows its statement, if any. */
export function withoutConsequence(clause: MarkedClause): MarkedClause {
  const found = CONSEQUENCE_START.exec(clause.body.scan);
  return found === null || found.index === 0 ? clause : { ...clause, body: trimFolded(sliceFolded(clause.body, 0, found.index)) };
}
