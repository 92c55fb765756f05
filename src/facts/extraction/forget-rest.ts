import { CHANGE_ADVERB_EN, CHANGE_ADVERB_ES, COPULA, COPULA_ES } from './change-words.js';
import { foldMessage, sliceFolded, type FoldedText } from './folded-text.js';
import { forgetRequestIn } from './forget-request.js';
import { namesNoValue } from './rules-possessive.js';
import { PUNCTUATION_ONLY, splitClauses, type Clause } from './split-clauses.js';
import type { ForgetRequest } from './types.js';
import { cleanValue } from './value-text.js';

// "Forget that I work at Acme, I work at Globex now": a request to forget, then what holds
// instead. The rest is read as statements of their own, except a rest that only gives a
// new value to what was forgotten ("…, now it is 10000 euros", "…, ahora es de 3000
// euros"): its pronoun stands for the forgotten statement's subject, so it is read as that
// statement with the new value ("my budget for the kitchen is 10000 euros").

/** What follows a request to forget in its sentence. */
export type ForgetRest =
  | { request: ForgetRequest; rest: Clause[]; restated: null }
  /** `restated`: the forgotten statement with the rest's value, read as the target is (as if asked to be remembered). */
  | { request: ForgetRequest; rest: null; restated: FoldedText };

const CHANGE_ADVERB = new RegExp(`\\b(?:${CHANGE_ADVERB_EN}|${CHANGE_ADVERB_ES})\\b`, 'u');
const PRONOUN_REST_EN = new RegExp(
  `^(?:(?:and|but|so)\\s+)?(?:${CHANGE_ADVERB_EN}\\s+)?(?:it|that|this)(?:'s|\\s+is|\\s+has become|\\s+became)\\s+(?:${CHANGE_ADVERB_EN}\\s+)?(?<value>.+)$`,
  'du',
);
// Spanish leaves the pronoun out: "ahora es de 3000 euros".
const PRONOUN_REST_ES = new RegExp(`^(?:(?:y|pero)\\s+)?(?:${CHANGE_ADVERB_ES}\\s+)?(?:${COPULA_ES}|pasa a ser|paso a ser)\\s+(?<value>.+)$`, 'du');
// "…, it's 10000 euros now": a rest the clause splitter keeps with the request ("it" opens no clause of the user's).
const PRONOUN_REST_START = new RegExp(`,\\s*(?=(?:(?:and|but|so)\\s+)?(?:${CHANGE_ADVERB_EN}\\s+)?(?:it|that|this)(?:'s|\\s+is)\\s)`, 'u');
// The forgotten statement's subject and copula: "my budget for the kitchen is …", "mi presupuesto para el viaje es …".
const COPULAR_TARGET = new RegExp(`^(?<subject>.+?)\\s+(?<copula>${COPULA})\\s+\\S`, 'du');

/**
 * A request to forget in a sentence's first clause and what follows its comma, or null
 * when the sentence is one request ("forget that I work at Acme and I live in Lisbon"
 * names both, and forgets neither as ambiguous) or its first clause asks to forget
 * nothing in particular.
 */
export function forgetThenStatements(sentence: FoldedText): ForgetRest | null {
  const clauses = withPronounRestApart(sentence, splitClauses(sentence));
  const [first, second] = clauses;
  if (first === undefined || second === undefined) return null;
  if (!PUNCTUATION_ONLY.test(sentence.scan.slice(first.start + first.text.folded.length, second.start))) return null;
  const request = forgetRequestIn(first.text, false);
  if (!request?.target) return null;
  const [target] = request.targets;
  const restated = clauses.length === 2 && request.targets.length === 1 && target !== undefined ? withNewValue(target, second.text) : null;
  return restated ? { request, rest: null, restated } : { request, rest: clauses.slice(1), restated: null };
}

function withPronounRestApart(sentence: FoldedText, clauses: Clause[]): Clause[] {
  const [only] = clauses;
  const comma = clauses.length === 1 && only !== undefined ? PRONOUN_REST_START.exec(only.text.scan) : null;
  if (only === undefined || comma === null) return clauses;
  const start = only.start + comma.index + comma[0].length;
  return [
    { text: sliceFolded(only.text, 0, comma.index), start: only.start },
    { text: sliceFolded(sentence, start, only.start + only.text.folded.length), start },
  ];
}

// "my budget for the kitchen is 8000 euros" and "now it is 10000 euros" → "my budget for
// the kitchen is 10000 euros"; null unless the rest is only a new value (with a word that
// says it changed) and the target says what its subject is.
function withNewValue(target: string, rest: FoldedText): FoldedText | null {
  if (!CHANGE_ADVERB.test(rest.scan)) return null;
  const match = PRONOUN_REST_EN.exec(rest.scan) ?? PRONOUN_REST_ES.exec(rest.scan);
  const span = match?.indices?.groups?.['value'];
  const value = span ? cleanValue(sliceFolded(rest, span[0], span[1])) : null;
  if (!value || namesNoValue(value.folded)) return null;
  const statement = foldMessage(target);
  const spans = COPULAR_TARGET.exec(statement.scan)?.indices?.groups;
  const subject = spans?.['subject'];
  const copula = spans?.['copula'];
  if (!subject || !copula) return null;
  const original = (at: [number, number]): string => sliceFolded(statement, at[0], at[1]).original;
  return foldMessage(`${original(subject)} ${original(copula)} ${value.original}`);
}
