import { sliceFolded, type FoldedText } from './folded-text.js';
import { isQuestion } from './guards.js';
import type { TriggeredPatterns } from './rule-support.js';
import { AND_THAT } from './split-clauses.js';
import type { ForgetRequest } from './types.js';

// The corrections that usually open a take-back ("actually no, forget that", "en realidad no, olvidá eso").
const CORRECTIONS = 'actually|wait|sorry|oops|en realidad|perdon|mejor|espera';
// Fillers and corrections; "no" only with a comma, since "no recuerdes eso" is itself the request.
const LEAD = new RegExp(
  `^(?:(?:please|pls|and|also|ok|okay|so|hey|oh|hmm|um|never mind|nevermind|por favor|porfa|y|tambien|bueno|che|ah|${CORRECTIONS})[\\s,!]+|(?:no|nope)\\s*[,!]+\\s*)*`,
  'u',
);
// "Scratch that": only ever about what was just said. "Olvídalo" alone is "never mind", as
// "forget it" is; with "no me hagas caso" ("ignore me") it takes back what was just said.
const TAKE_BACK = /^(?:scratch|strike) (?:that|this)$/u;
const TAKE_BACK_ES = /^(?:olvidalo|olvida eso)(?:\s*[,;-]\s*|\s+(?:y\s+)?)no me hagas caso$|^no me hagas caso\s*[,;-]\s*(?:y\s+)?(?:olvidalo|olvida eso)$/u;
// "I live in Lisbon, forget that": the sentence takes itself back.
const TAKEN_BACK_TAIL = new RegExp(
  `[,;-]\\s*(?:(?:no|${CORRECTIONS})[\\s,]+)*(?:forget|don't remember|do not remember|dont remember|scratch|strike|olvida|no recuerdes|borra)\\s+(?:that|this|eso|esto)$`,
  'u',
);
const FORGET_EN =
  /^(?:forget|don't remember|do not remember|dont remember|stop remembering|unlearn|(?:delete|erase|remove)(?= (?:that|this) from your memory| the fact| what you know| what i said| everything you know))\s*(?:(?<deictic>that|this)(?:\s+from your memory)?|(?:what|everything) (?:i (?:said|told you)|you know) about\s+(?<about>.+)|(?:the fact )?that\s+(?<clause>.+)|about\s+(?<topic>.+)|(?<mine>my\s+.+)|the fact\s+(?<fact>.+)|the\s+(?<thing>.+))$/du;
// "forget" opens a Spanish request too, as a bilingual user says it ("Forget lo de mi vuelo").
const FORGET_ES =
  /^(?:olvida|olvidate de|olvidate|no recuerdes|deja de recordar|forget(?= lo del?\b| que\b)|(?:borra|elimina)(?= eso| ese dato| lo que| lo del?\b| que| de tu memoria))\s*(?:(?<deictic>eso|esto|lo anterior|ese dato)(?:\s+de tu memoria)?|(?:lo )?que (?:te dije|sabes) (?:sobre|de)\s+(?<about>.+)|que\s+(?<clause>.+)|lo del?\s+(?<topic>.+)|(?<mine>mis?\s+.+)|de tu memoria\s+(?<fact>.+))$/du;
const TARGET_EDGE = /^[\s"'.,;:!?¿¡]+|[\s"'.,;:!?¿¡]+$/gu;
// "…and that B", "…y que B": another clause to forget, with its own "that".
const AND_THAT_BREAK = new RegExp(`(?:,\\s*|\\s+)${AND_THAT}\\s+`, 'gu');

function target(text: FoldedText, match: RegExpExecArray): string | null {
  const spans = match.indices?.groups ?? {};
  for (const name of ['about', 'clause', 'topic', 'mine', 'fact', 'thing']) {
    const span = spans[name];
    if (!span) continue;
    const said = edgeless(sliceFolded(text, span[0], span[1]).original);
    return said === null || name === 'clause' ? said : withoutKindWord(said);
  }
  return null;
}

// "Forget the linter rule", "forget about the pnpm thing", "olvida lo de la regla del
// linter": the word for what kind of fact it is names no fact's content ("Always run the
// linter" holds no "rule"), so only what it qualifies is the target.
const KIND_WORD_EN =
  /\s+(?:rules?|instructions?|things?|stuff|decisions?|facts?|preferences?|ones?|notes?|info|information|part|business|setting|settings)$/iu;
const KIND_WORD_ES =
  /^(?:(?:la|el|esa|ese|esta|este|lo)\s+)?(?:regla|reglas|cosa|cosas|decision|decisión|tema|instruccion|instrucción|preferencia|nota|dato)\s+(?:del?|sobre)\s+/iu;

function withoutKindWord(target: string): string {
  const kept = target.replace(KIND_WORD_EN, '').replace(KIND_WORD_ES, '');
  return /^(?:the|el|la|lo)?$/iu.test(kept.trim()) ? target : kept;
}

// "Forget about the sertraline, please": the polite word is said to the assistant, not part of what to forget.
const POLITE_TAIL = /(?:[\s,;]+(?:please|pls|plz|thanks|thank you|por favor|porfa|porfis|gracias))+[\s.,;:!?]*$/iu;

// Matched on the target's last characters only: tried at every place a separator starts
// across a whole target, the pattern was quadratic (~170 ms for an 8,000-character message).
const POLITE_TAIL_CHARS = 48;

function edgeless(text: string): string | null {
  const tailStart = Math.max(0, text.length - POLITE_TAIL_CHARS);
  const polite = POLITE_TAIL.exec(text.slice(tailStart));
  const said = polite === null ? text : text.slice(0, tailStart + polite.index);
  return said.replace(TARGET_EDGE, '') || null;
}

// The clauses of a "that" target, each with its own "that" ("A and that B" → A, B).
function clauseTargets(text: FoldedText, match: RegExpExecArray): string[] | null {
  const span = match.indices?.groups?.['clause'];
  if (!span) return null;
  const clause = sliceFolded(text, span[0], span[1]);
  const targets: string[] = [];
  let start = 0;
  AND_THAT_BREAK.lastIndex = 0;
  for (let found = AND_THAT_BREAK.exec(clause.scan); found !== null; found = AND_THAT_BREAK.exec(clause.scan)) {
    targets.push(sliceFolded(clause, start, found.index).original);
    start = found.index + found[0].length;
  }
  targets.push(sliceFolded(clause, start, clause.folded.length).original);
  return targets.flatMap((each) => edgeless(each) ?? []);
}

/** The forget request in one sentence (scan form already stripped of lead-ins), or null. */
export function forgetRequestIn(sentence: FoldedText, endsWithQuestionMark: boolean): ForgetRequest | null {
  if (isQuestion(sentence.scan, endsWithQuestionMark)) return null;
  const lead = LEAD.exec(sentence.scan)?.[0].length ?? 0;
  const body = sliceFolded(sentence, lead, sentence.folded.length);
  const scan = body.scan.replace(/[.!\s]+$/u, '');
  for (const [pattern, language] of [[FORGET_EN, 'en'], [FORGET_ES, 'es']] as const) {
    const match = pattern.exec(scan);
    if (!match) continue;
    const whole = target(body, match);
    return { target: whole, targets: clauseTargets(body, match) ?? (whole === null ? [] : [whole]), language };
  }
  if (TAKE_BACK.test(scan)) return { target: null, targets: [], language: 'en' };
  return TAKE_BACK_ES.test(scan) ? { target: null, targets: [], language: 'es' } : null;
}

/**
 * True when a sentence ends by taking itself back ("I live in Lisbon, forget that",
 * "vivo en Lima, olvidá eso"): nothing in it is a fact, and nothing said before is touched.
 */
export function takesItselfBack(sentence: FoldedText): boolean {
  const match = TAKEN_BACK_TAIL.exec(sentence.scan.replace(/[.!\s]+$/u, ''));
  return match !== null && match.index > 0;
}

/** What every forget request needs (rule-support.ts, Trigger). */
export const FORGET_TRIGGER: TriggeredPatterns = {
  trigger: /forget|remember|unlearn|delete|erase|remove|olvid|recuerd|record|borra|elimina|scratch|strike/u,
  patterns: [FORGET_EN, FORGET_ES, TAKE_BACK, TAKE_BACK_ES],
};
