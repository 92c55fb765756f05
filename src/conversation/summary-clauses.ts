import { isContent, type Keyword } from './keywords.js';
import type { Sentence, Token } from './summary-text.js';

// Decision markers as folded word sequences ("we'll" folds to "well", "let's" to "lets").
const DECISION_MARKERS: readonly string[][] = [
  'decided', 'decide to', 'well go with', 'we will go with', 'ill go with', 'lets go with',
  'lets use', 'well use', 'we will use', 'agreed', 'chose', 'chosen', 'settled on', 'opted for',
  'were going with', 'the plan is', 'final decision', 'decidi', 'decidimos', 'decidio',
  'decidieron', 'decidido', 'vamos con', 'elegimos', 'elegi', 'quedamos en', 'optamos por',
  'opte por', 'nos quedamos con', 'me quedo con', 'vamos a usar', 'usaremos', 'acordamos',
  'la decision es',
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

/** Word limits of the clauses before the token budget trims them further. */
export const CLAUSE_WORDS = { decision: 10, question: 12, outcome: 12 } as const;

/** Clauses from sentences with a decision verb, oldest first; questions and negations skipped. */
export function findDecisions(sentences: readonly Sentence[]): string[][] {
  const decisions: string[][] = [];
  for (const sentence of sentences) {
    if (sentence.role === 'tool' || sentence.question) continue;
    const at = findMarker(sentence.tokens);
    if (at < 0) continue;
    const subject = sentence.tokens[at - 1];
    const start = subject?.proper === true ? at - 1 : at;
    decisions.push(clause(sentence.tokens.slice(start), CLAUSE_WORDS.decision, true));
  }
  return dedupe(decisions.filter((words) => words.length >= 2));
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
 * The most topical statement (by its keywords' weights, the earliest on ties) of the
 * last assistant turn, or else of the latest turn that has one; failing that, the last
 * decision; else nothing.
 */
export function findOutcome(sentences: readonly Sentence[], keywords: readonly Keyword[], decisions: readonly string[][]): string[] {
  const scores = new Map(keywords.map((k) => [k.key, k.score]));
  const statements = sentences.filter((s) => s.role !== 'tool' && !s.question && s.tokens.filter(isContent).length >= 2);
  const lastAssistant = statements.filter((s) => s.role === 'assistant').at(-1)?.turn;
  const turn = lastAssistant ?? statements.at(-1)?.turn;
  let best: Sentence | null = null;
  let bestScore = 0;
  for (const sentence of statements) {
    if (sentence.turn !== turn) continue;
    const score = sentence.tokens.filter(isContent).reduce((sum, token) => sum + (scores.get(token.stem) ?? 0), 0);
    if (best === null || score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  if (best !== null) return outcomeClause(best);
  return [...(decisions.at(-1) ?? [])];
}

/** A statement's words as an outcome shows them. */
export function outcomeClause(sentence: Sentence): string[] {
  return clause(sentence.tokens, CLAUSE_WORDS.outcome, false);
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
// clause that was cut loses its trailing function words ("use Kubernetes over the").
function clause(tokens: readonly Token[], maxWords: number, stopAtConnector: boolean): string[] {
  const words: Token[] = [];
  for (const token of tokens) {
    if (words.length >= maxWords) break;
    if (stopAtConnector && words.length > 1 && CLAUSE_ENDS.has(token.key)) break;
    words.push(token);
  }
  if (words.length < tokens.length) {
    while (words.length > 1 && !isContent(words[words.length - 1] as Token)) words.pop();
  }
  return words.map((token) => token.surface);
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
