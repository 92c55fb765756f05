import { originalThrough, sliceFolded, type FoldedText } from './folded-text.js';
import { contentWords } from './subject-key.js';
import { cleanValueSpan } from './value-text.js';

// The condition a preference or an instruction holds under, said after it ("I prefer short
// answers when I am at work", "prefiero que me respondas en español cuando te escribo en
// español", "reply in English when I write in English"). Cut off, the statement would
// hold always: for an answer in English, the opposite of what was asked. So the condition
// stays in the statement and in its subject ("assistant language when user writes
// spanish"), as what restricts a preference does ("aisle seats on buses"): a rule for one
// condition never replaces one for another condition, nor the rule without any.

/** What follows a statement's value: nothing that restricts it, a condition kept with it, or one that cannot be (the statement is not kept). */
export type ConditionReading = { kind: 'none' } | KeptCondition | { kind: 'unkept' };

/** A condition kept with its statement: the statement through it, and the words its subject gets after " when ". */
export interface KeptCondition {
  kind: 'kept';
  statement: string;
  key: string;
}

const NONE: ConditionReading = { kind: 'none' };
const UNKEPT: ConditionReading = { kind: 'unkept' };

// The words that open a condition after what it restricts, in both languages (a condition said
// first, CONDITION_FIRST below, opens with fewer of them).
const CONDITION_WORDS = 'when|whenever|if|unless|cuando|siempre que|si|a menos que|salvo que';
const OPENER = new RegExp(`^\\s*,?\\s*(?:${CONDITION_WORDS})\\s+`, 'u');
/** Regex source: where a condition opens inside a clause ("…in English when I write…"). */
export const CONDITION_OPENER = String.raw`\s+(?:${CONDITION_WORDS})\s+`;
const CONDITION_INSIDE = new RegExp(CONDITION_OPENER, 'u');

// Politeness, not a condition: "I prefer short answers if possible" is a preference for short answers.
const POLITE = /^(?:possible|you can|you could|you don't mind|that's ok|that's okay|ok|okay|posible|puedes|podes|podeis|se puede|es posible|sea posible|no te importa)$/u;
// A condition that is a moment, not a recurring situation ("when I'm back", "when you're
// ready", "cuando vuelva", "if I move next year", "when you get a chance", "cuando
// puedas"): the statement is a request for then, not a lasting one. "When you explain
// code" recurs.
const PASSING =
  /\b(?:you can|you could|you get a chance|you have (?:a )?(?:minute|moment|second|time)|will|won't|wont|would|gonna|going to|tomorrow|tonight|next|later|soon|today|yesterday|this time|back|ready|done|finish|finished|arrive|get there|was|were|did|had|manana|hoy|ayer|esta vez|proxim\p{L}*|voy a|vamos a|vuelva|vuelvo|regrese|termine|llegue|listo|lista|puedas|tengas|quieras|fue|era)\b|'ll\b|'d\b/u;
// Words a condition's key leaves out, so that wordings of one condition share it ("I'm at work", "I am at work").
const FILLER: ReadonlySet<string> = new Set(['i', 'm', 'im', 'am', 'we', 're', 'are', 'is', 'me', 'te', 'yo', 'nos', 'estoy', 'estamos', 'ti', 'you']);
const MAX_KEY_WORDS = 6;
// The user writing or speaking in a language: one key in either language ("when I write in
// English", "cuando te escribo en inglés", "if I speak English").
const WRITING = /\b(?:writ\w*|speak\w*|talk\w*|messag\w*|text\w*|escrib\w*|habl\w*|mensaj\w*)\b/u;
const LANGUAGES: ReadonlyArray<[string, RegExp]> = [
  ['english', /\b(?:english|ingles)\b/u],
  ['spanish', /\b(?:spanish|espanol|castellano)\b/u],
  ['french', /\b(?:french|frances)\b/u],
  ['german', /\b(?:german|aleman)\b/u],
  ['italian', /\b(?:italian|italiano)\b/u],
  ['portuguese', /\b(?:portuguese|portugues)\b/u],
  ['catalan', /\b(?:catalan)\b/u],
];

function conditionKey(condition: string): string {
  if (WRITING.test(condition)) {
    const language = LANGUAGES.find(([, pattern]) => pattern.test(condition));
    if (language !== undefined) return `user writes ${language[0]}`;
  }
  return contentWords(condition)
    .filter((word) => !FILLER.has(word))
    .slice(0, MAX_KEY_WORDS)
    .join(' ');
}

function foldedIndex(body: FoldedText, originalOffset: number): number {
  if (body.origin === null) return originalOffset;
  const at = body.origin.findIndex((position) => position >= originalOffset);
  return at < 0 ? body.folded.length : at;
}

/**
 * The condition right after `value` (a slice of `body`): none (nothing, or only politeness
 * such as "if possible"), kept (the statement through it, and the words its subject gets
 * after " when "), or unkept (a passing moment, something the assistant does, or too long
 * to read): then the statement must not be kept either.
 */
export function conditionAfter(body: FoldedText, value: FoldedText): ConditionReading {
  const end = foldedIndex(body, value.base - body.base + value.original.length);
  const opener = OPENER.exec(body.scan.slice(end));
  if (opener === null) return NONE;
  const rest = sliceFolded(body, end + opener[0].length, body.folded.length);
  const span = cleanValueSpan(rest, true);
  if (span === null) return UNKEPT;
  const condition = sliceFolded(rest, span[0], span[1]);
  return readCondition(condition, originalThrough(body, condition));
}

/**
 * A clause cut where its condition opens ("reply in English" of "reply in English when I
 * write in English"), with what that condition is (`conditionAfter`), or null when it
 * holds none.
 */
export function beforeCondition(clause: FoldedText): { head: FoldedText; condition: ConditionReading } | null {
  const opener = CONDITION_INSIDE.exec(clause.scan);
  if (opener === null || opener.index === 0) return null;
  const head = sliceFolded(clause, 0, opener.index);
  return { head, condition: conditionAfter(clause, head) };
}

// "When I write in Spanish, answer in Spanish": the condition, its comma, the instruction.
const CONDITION_FIRST = /^(?:when|whenever|if|cuando|siempre que|si)\s+(?<condition>[^,]+?)\s*,\s*(?<instruction>\S.*)$/du;

/**
 * A clause that opens with its condition ("when I write in Spanish, answer in Spanish",
 * "cuando te escriba en español, respóndeme en español"): what it asks under it, and that
 * condition (`conditionAfter`) with the whole clause for its statement; null when it opens
 * with none.
 */
export function conditionFirst(clause: FoldedText): { instruction: FoldedText; condition: ConditionReading } | null {
  const spans = CONDITION_FIRST.exec(clause.scan)?.indices?.groups;
  const said = spans?.['condition'];
  const asked = spans?.['instruction'];
  if (said === undefined || asked === undefined) return null;
  const condition = sliceFolded(clause, said[0], said[1]);
  const reading = cleanValueSpan(condition, true)?.[1] === condition.folded.length ? readCondition(condition, clause.original) : UNKEPT;
  return { instruction: sliceFolded(clause, asked[0], asked[1]), condition: reading };
}

function readCondition(condition: FoldedText, statement: string): ConditionReading {
  if (POLITE.test(condition.folded)) return NONE;
  if (PASSING.test(condition.scan)) return UNKEPT;
  const key = conditionKey(condition.folded);
  return key === '' ? UNKEPT : { kind: 'kept', statement, key };
}

/** The subject of a statement kept with its condition. */
export function conditionalSubject(subject: string, key: string): string {
  return `${subject} when ${key}`;
}

/**
 * A rule's statement and subject as `condition` leaves them: as they were under none, with
 * the condition in both when it is kept, and null (nothing to store) when it cannot be.
 */
export function underCondition(condition: ConditionReading, statement: string, subject: string): { statement: string; subject: string } | null {
  if (condition.kind === 'unkept') return null;
  return condition.kind === 'kept' ? { statement: condition.statement, subject: conditionalSubject(subject, condition.key) } : { statement, subject };
}
