import { isContent, type Keyword } from './keywords.js';
import { decisionDay } from './summary-decision-dates.js';
import { isUncountedNumber, isUnspaced, shownWords, tokenize, type Sentence, type Token } from './summary-text.js';

// Decision markers as folded word sequences ("we'll" folds to "well", "let's" to "lets").
const DECISION_MARKERS: readonly string[][] = [
  'decided', 'decide to', 'well go with', 'we will go with', 'ill go with', 'lets go with',
  'lets use', 'well use', 'we will use', 'agreed', 'chose', 'chosen', 'settled on', 'opted for',
  'were going with', 'the plan is', 'final decision', 'decidi', 'decidimos', 'decidio',
  'decidieron', 'decidido', 'vamos con', 'elegimos', 'elegi', 'quedamos en', 'optamos por',
  'opte por', 'nos quedamos con', 'me quedo con', 'vamos a usar', 'usaremos', 'acordamos',
  'la decision es', 'hemos decidido', 'he decidido', 'habiamos decidido', 'hemos elegido',
  'hemos acordado', 'quedamos que',
].map((marker) => marker.split(' '));

const NEGATIONS = new Set([
  'not', 'never', 'no', 'nunca', 'dont', 'didnt', 'havent', 'hasnt', 'hadnt', 'arent', 'isnt',
  'wasnt', 'werent', 'cant', 'couldnt', 'wont', 'todavia', 'aun', 'undecided',
]);
// A decision clause ends at its reason or contrast.
const CLAUSE_ENDS = new Set(['because', 'since', 'but', 'although', 'porque', 'pero', 'aunque', 'ya']);
const NON_ANSWERS = [
  'i dont know', 'not sure', 'no idea', 'cant say', 'cannot say', 'let me check', 'no se',
  'no estoy seguro', 'no estoy segura', 'ni idea', 'no tengo idea', 'no lo se',
];

// Words that open a new clause, so a statement may end before them: conjunctions and
// relatives ("…on Friday | which leaves…", "…filled with stars | and the meteor…").
const CLAUSE_OPENERS = new Set(
  `and but or so yet because since although though while when whenever where whereas wherever whether which who
  whom whose that if unless until once than y e o u ni pero porque aunque cuando donde mientras que si como cual`.split(/\s+/u),
);
const SUBORDINATORS = new Set(['if', 'when', 'because', 'although', 'though', 'while', 'unless', 'since', 'si', 'cuando', 'porque', 'aunque', 'mientras']);
// Prepositions open a phrase too ("We moved the launch | to Friday"), except "of"/"de", which
// mostly continue a noun ("a cup of coffee"), and after a verb in -ing, whose preposition is
// part of it ("I'm sticking | to my workout"). Not articles, pronouns or verbs: "to support |
// the", "opening night | is" leave it unsaid.
const PREPOSITIONS = new Set(
  `about above across after against along among around as at before behind below beside between beyond by despite
  during except for from in including inside into like near off on onto outside over per through throughout till
  to toward towards under unlike upon via with within without
  ante bajo con contra desde durante en entre hacia hasta mediante para por segun sin sobre tras`.split(/\s+/u),
);

/** Word limits of the clauses before the token budget trims them further. */
export const CLAUSE_WORDS = { decision: 10, question: 12, outcome: 12 } as const;

/**
 * The sentence with the words of its decision markers as function words ("Hemos decidido",
 * "quedamos en", "settled on"): they say that something was decided, never what it is
 * about, so they are no keyword or topic, in Spanish as in English (whose "decided",
 * "agreed" are stop words already).
 */
export function markDecisionMarkers(sentence: Sentence): Sentence {
  const { tokens } = sentence;
  for (let i = 0; i < tokens.length; i += 1) {
    for (const marker of DECISION_MARKERS) {
      if (!markerAt(tokens, i, marker)) continue;
      for (let j = i; j < i + marker.length; j += 1) (tokens[j] as Token).stop = true;
    }
  }
  return sentence;
}

/** A decision clause; its first `dateWords` words say when it was taken ("On 2026-03-14 we"). */
export interface Decision {
  words: string[];
  /** 0 when it says no day; without them, `words` is the decision as said from its verb (or named subject). */
  dateWords: number;
}

/**
 * Clauses from sentences with a decision verb, oldest first; questions and negations
 * skipped. A relative day that opens the clause ("Yesterday we decided…", "Ayer
 * decidimos…") is shown as its date before it, with the subject between them, as the
 * outcome shows it; the word limit counts the words from the verb.
 */
export function findDecisions(sentences: readonly Sentence[]): Decision[] {
  const decisions: Decision[] = [];
  for (const sentence of sentences) {
    if (sentence.role === 'tool' || sentence.question) continue;
    const { tokens } = sentence;
    const at = findMarker(tokens);
    if (at < 0) continue;
    const subject = tokens[at - 1];
    const start = subject?.proper === true && subject.dated === undefined ? at - 1 : at;
    const words = clause(tokens.slice(start), CLAUSE_WORDS.decision, true);
    const day = decisionDay(tokens, at, (token) => CLAUSE_OPENERS.has(token.key));
    const lead = day === null ? [] : [...day.words, ...shownWords(tokens.slice(Math.min(day.subjectFrom, start), start))];
    decisions.push({ words: [...lead, ...words], dateWords: lead.length });
  }
  return dedupeDecisions(decisions.filter((decision) => decision.words.length - decision.dateWords >= 2));
}

// The same decision said twice is one; said once with its day, it keeps the day.
function dedupeDecisions(decisions: readonly Decision[]): Decision[] {
  const kept: Decision[] = [];
  const byKey = new Map<string, number>();
  for (const decision of decisions) {
    const key = decision.words.slice(decision.dateWords).join(' ').toLowerCase();
    const index = byKey.get(key);
    if (index === undefined) {
      byKey.set(key, kept.push(decision) - 1);
    } else if ((kept[index] as Decision).dateWords === 0) {
      kept[index] = decision;
    }
  }
  return kept;
}

/**
 * User questions that no assistant turn after them answers, in the segment or in `reply`
 * (the sentences of the assistant turn right after the segment, numbered after it); an
 * answer that says "I don't know" / "no sé" leaves the question open.
 */
export function findOpenQuestions(sentences: readonly Sentence[], reply: readonly Sentence[] = []): string[][] {
  const open: string[][] = [];
  const answers = reply.length === 0 ? sentences : [...sentences, ...reply];
  for (const sentence of sentences) {
    if (sentence.role !== 'user' || !sentence.question) continue;
    if (!sentence.tokens.some(isContent)) continue;
    if (isAnsweredLater(sentence.turn, answers)) continue;
    open.push(clause(sentence.tokens, CLAUSE_WORDS.question, false));
  }
  return dedupe(open);
}

/**
 * An outcome and the shorter statements fitting may cut it to, each shorter than the one
 * before (see `SummaryDraft.outcomeForms`); `forms` is undefined for text whose phrases
 * cannot be told apart (Chinese, Japanese, Thai), which is cut word by word.
 */
export interface Outcome {
  words: string[];
  forms: string[][] | undefined;
}

/**
 * The most topical statement (by its keywords' weights, the earliest on ties) of the
 * last assistant turn, or else of the latest turn that has one; failing that, the last
 * decision; else nothing. A statement longer than an outcome may be is shown up to a
 * phrase boundary, or replaced by a shorter whole statement of the same turn (see
 * `outcomeChain`).
 */
export function findOutcome(sentences: readonly Sentence[], keywords: readonly Keyword[], decisions: readonly Decision[]): Outcome {
  const scores = new Map(keywords.map((k) => [k.key, k.score]));
  const score = (tokens: readonly Token[]): number => tokens.filter(isContent).reduce((sum, token) => sum + (scores.get(token.stem) ?? 0), 0);
  const statements = sentences.filter((s) => s.role !== 'tool' && !s.question && s.tokens.filter(isContent).length >= 2);
  const lastAssistant = statements.filter((s) => s.role === 'assistant').at(-1)?.turn;
  // A user's correction after the last answer is the outcome: "Actually, el presupuesto ahora
  // es de 1500 euros" after "Dijimos unos 1200 €" (the answer's 1200 was kept, stale).
  const correction = statements.filter((s) => s.role === 'user' && (lastAssistant === undefined || s.turn > lastAssistant) && correctsWhatWasSaid(s)).at(-1)?.turn;
  const turn = correction ?? lastAssistant ?? statements.at(-1)?.turn;
  const ofTurn = statements.filter((sentence) => sentence.turn === turn);
  let best: Sentence | null = null;
  let bestScore = 0;
  for (const sentence of ofTurn) {
    const sentenceScore = score(sentence.tokens);
    if (best === null || sentenceScore > bestScore) {
      best = sentence;
      bestScore = sentenceScore;
    }
  }
  if (best !== null) return outcomeChain(best, ofTurn, score);
  const decision = decisions.at(-1);
  if (decision === undefined) return { words: [], forms: [] };
  return outcomeChain({ turn: 0, role: 'user', question: false, tokens: tokenize(decision.words.join(' ')) }, [], score);
}

// The words that open a correction, among a statement's first words ("Actually, …", "En
// realidad…", "Correction: …", "Mejor dicho…").
const CORRECTION_OPENERS: ReadonlySet<string> = new Set(['actually', 'correction', 'correccion', 'realidad', 'rectifico', 'corrijo']);
const CORRECTION_REACH = 3;

function correctsWhatWasSaid(sentence: Sentence): boolean {
  const head = sentence.tokens.slice(0, CORRECTION_REACH);
  return head.some((token, at) => CORRECTION_OPENERS.has(token.key) || (token.key === 'mejor' && head[at + 1]?.key === 'dicho'));
}

/** A statement's words as a summary shows them (relative days as dates), to tell an outcome already said. */
export function statementWords(sentence: Sentence): string[] {
  return shownWords(sentence.tokens);
}

interface OutcomeForm {
  words: string[];
  score: number;
  order: number;
}

// The outcome, then each next shorter form: the most topical of the forms shorter than the
// one before (on ties the longer, then the earlier). Forms are the best statement whole
// when it is short enough, its heads that end at a phrase boundary, and the other whole
// statements of its turn. A statement with no such form keeps its head cut by words
// (never ending on a function word or an uncounted number) and is not cut further.
function outcomeChain(best: Sentence, ofTurn: readonly Sentence[], score: (tokens: readonly Token[]) => number): Outcome {
  const max = CLAUSE_WORDS.outcome;
  if (best.tokens.some(isUnspaced)) return { words: clause(best.tokens, max, false), forms: undefined };
  const forms: OutcomeForm[] = [];
  // The word limit counts the words said: a date shown for "yesterday" does not cut the statement.
  const add = (tokens: readonly Token[]): void => {
    if (tokens.length <= max) forms.push({ words: shownWords(tokens), score: score(tokens), order: forms.length });
  };
  add(best.tokens);
  const whole = forms[0];
  for (const end of phraseEnds(best.tokens)) add(best.tokens.slice(0, end));
  for (const sentence of ofTurn) if (sentence !== best && !sentence.tokens.some(isUnspaced)) add(sentence.tokens);
  const chain: OutcomeForm[] = whole === undefined ? [] : [whole];
  for (;;) {
    const limit = chain.at(-1)?.words.length ?? max + 1;
    let next: OutcomeForm | null = null;
    for (const form of forms) {
      if (form.words.length >= limit) continue;
      if (next === null || form.score > next.score || (form.score === next.score && form.words.length > next.words.length)) next = form;
    }
    if (next === null) break;
    chain.push(next);
  }
  const [first, ...rest] = chain;
  if (first === undefined) return { words: clause(best.tokens, max, false), forms: [] };
  return { words: first.words, forms: rest.map((form) => form.words) };
}

// Where a head of a statement may end and still say something: after a word that ends a
// phrase (a content word, a counted number or a date), before punctuation, a date or a
// word that opens the next phrase ("We moved the launch | to Friday | because…"), with at
// least two content words. Never after a function word ("…to the") or a number without
// what it counts ("Entre 250", "a girl around 8").
function phraseEnds(tokens: readonly Token[]): number[] {
  const ends: number[] = [];
  // "If the band rehearsal stays loud, …": a clause that opens with "if" says nothing until the one after it.
  let dependent = SUBORDINATORS.has(tokens[0]?.key ?? '');
  let content = 0;
  for (let end = 1; end < tokens.length; end += 1) {
    const last = tokens[end - 1] as Token;
    if (isContent(last)) content += 1;
    const next = tokens[end] as Token;
    const opens =
      next.breakBefore || CLAUSE_OPENERS.has(next.key) || next.dated !== undefined || (PREPOSITIONS.has(next.key) && !last.key.endsWith('ing'));
    if (dependent) {
      if (next.breakBefore) dependent = false;
      continue;
    }
    if (content >= 2 && opens && endsPhrase(last, tokens[end - 2])) ends.push(end);
  }
  return ends;
}

function endsPhrase(token: Token, previous: Token | undefined): boolean {
  if (token.dated !== undefined) return token.dated.length > 0;
  return isContent(token) && !(token.number && isUncountedNumber(token.surface, previous));
}

// Runs over every token of every sentence of a closing segment, against every marker:
// plain loops, so it allocates nothing per position.
function findMarker(tokens: readonly Token[]): number {
  for (let i = 0; i < tokens.length; i += 1) {
    for (const marker of DECISION_MARKERS) {
      if (markerAt(tokens, i, marker) && !negatedBefore(tokens, i)) return i;
    }
  }
  return -1;
}

function markerAt(tokens: readonly Token[], at: number, marker: readonly string[]): boolean {
  if (at + marker.length > tokens.length) return false;
  for (let j = 0; j < marker.length; j += 1) {
    if (tokens[at + j]?.key !== marker[j]) return false;
  }
  return true;
}

// A negation among the two words before `at` ("not decided", "no decidimos").
function negatedBefore(tokens: readonly Token[], at: number): boolean {
  for (let i = Math.max(0, at - 2); i < at; i += 1) {
    if (NEGATIONS.has(tokens[i]?.key ?? '')) return true;
  }
  return false;
}

function isAnsweredLater(turn: number, sentences: readonly Sentence[]): boolean {
  const reply = sentences.find((s) => s.role === 'assistant' && s.turn > turn);
  if (reply === undefined) return false;
  const text = reply.tokens.map((token) => token.key).join(' ');
  return !NON_ANSWERS.some((phrase) => ` ${text} `.includes(` ${phrase} `));
}

// Words of a clause: up to `maxWords`, stopped at a reason/contrast word when asked; a
// clause that was cut loses its trailing function words ("use Kubernetes over the") and a
// number left without what it counts ("Entre 250").
function clause(tokens: readonly Token[], maxWords: number, stopAtConnector: boolean): string[] {
  const words: Token[] = [];
  for (const token of tokens) {
    if (words.length >= maxWords) break;
    if (stopAtConnector && words.length > 1 && CLAUSE_ENDS.has(token.key)) break;
    words.push(token);
  }
  if (words.length < tokens.length) {
    while (words.length > 1 && !endsPhrase(words[words.length - 1] as Token, words[words.length - 2])) words.pop();
  }
  return shownWords(words);
}

function dedupe(items: readonly string[][]): string[][] {
  const seen = new Set<string>();
  return items.filter((words) => {
    const key = words.join(' ').toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
