import { foldMessage, type FoldedText } from './folded-text.js';
import { matchRule, type Language, type TriggeredPatterns } from './rule-support.js';
import { ASSISTANT_VERBS_EN } from './rules-habit.js';
import { FIRST_PERSON_ES_ENDING } from './spanish-verbs.js';

// "I no longer use Emacs", "I don't play chess anymore", "ya no uso Linux": the user takes
// back something they said about themselves. Home and employer have rules of their own
// (rules-state.ts); any other statement is taken back by its own words: the statement it
// negates, read as the user would have asked to remember it, gives the subject and value
// of the fact to retire. Only the present: "I don't use Emacs" without "anymore" is no
// change of state, and "I no longer…" about someone else is theirs. Nor what only the
// conversation gives a meaning ("I don't see her anymore", "I don't want this list any
// more"), a passing state ("I'm not sure any more") or an action under way ("I'm no
// longer hurting his ears"): no fact is stored in such words.

const POINTS_AWAY = /\b(?:it|this|that|these|those|them|him|her|his|hers|their|theirs|he|she|they|here|there|eso|esto|aqui|alli|ahi)\b/u;
const PASSING_STATE_EN = /^(?:sure|certain|ready|able|allowed|afraid|mad|angry|upset|hungry|tired|\p{L}+ing)\b/u;
const NO_LONGER_EN = /^(?<who>i|we)(?<be>'m|'re|\s+am|\s+are)?\s+no longer\s+(?<rest>.+)$/du;
const NOT_ANYMORE_EN = /^(?<who>i|we)(?:\s+(?:don't|dont|do not)|(?<be>'m|'re|\s+am|\s+are)\s+not)\s+(?<rest>.+?)\s+(?:anymore|any more|any longer)$/du;
// The Spanish statement taken back starts with a verb in the first person ("ya no uso…",
// "ya no soy…", "ya no me levanto…"), the user's own doing; "no uso más Linux" says the same.
const FIRST_PERSON_ES = new RegExp(`^(?:(?:me|nos)\\s+)?\\p{L}+${FIRST_PERSON_ES_ENDING}\\b`, 'u');
const YA_NO_ES = /^(?:yo\s+)?ya no\s+(?<rest>.+)$/du;
const NO_MAS_ES = /^(?:yo\s+)?no\s+(?<verb>(?:(?:me|nos)\s+)?\S+)\s+mas\s+(?<rest>.+)$/du;

// An instruction to the assistant taken back ("Don't run the linter before commits
// anymore", "Stop running the linter", "Deja de usar emojis", "Ya no uses emojis"): the
// instruction, whichever its sense, is no longer wanted; read as "always…", it gives the
// action the instruction is stored under (rules-habit.ts).
const DONT_ANYMORE_EN = /^(?:please\s+)?(?:don't|dont|do not)\s+(?<verb>[a-z][a-z'-]*)(?<rest>\s+.+?)\s+(?:anymore|any more|any longer)$/du;
const STOP_EN = /^(?:please\s+)?stop\s+(?<verb>[a-z]+ing)(?<rest>\s+.+?)?(?:\s*,?\s+(?:please|pls))?$/du;
const STOP_ES = /^(?:por favor\s+)?(?:deja|deje|dejad)\s+de\s+(?<verb>\p{L}+?)(?<ending>ar|er|ir)(?<rest>\s+.+?)?(?:\s*,?\s+(?:por favor|porfa))?$/du;
const YA_NO_IMPERATIVE_ES = /^(?:por favor\s+)?ya no\s+(?<verb>\p{L}+(?:es|as))(?<rest>\s+.+)$/du;

/** What a clause takes back: the statements it negates, as the user would have made them. */
export interface TakenBack {
  language: Language;
  /** The plain statement ("I use Emacs"), then the same as a habit ("I always use Emacs"), which is stored under another subject. */
  statements: FoldedText[];
  /** An instruction to the assistant is taken back, in either sense: its action, not its value, names it. */
  instruction: boolean;
}

// "running" → "run", "using" → "use", "writing" → "write", "emailing" → "email": a gerund's
// base form, by its spelling, with the verbs the spelling gets wrong. A silent "e" comes
// back after one vowel and one consonant in a one-syllable stem ("mak", "us", "typ") or
// after an ending that takes one ("translat", "summariz", "includ"), never after "-en",
// "-er", "-it" ("open", "answer", "edit"); a doubled consonant is one ("runn", "committ")
// unless the verb ends with it ("add", "call", "pass").
const BASE_FORM_EXCEPTIONS: Readonly<Record<string, string>> = {
  being: 'be', seeing: 'see', creating: 'create', releasing: 'release', increasing: 'increase',
  decreasing: 'decrease', leaving: 'leave', receiving: 'receive', believing: 'believe', changing: 'change',
  arranging: 'arrange', exchanging: 'exchange', pasting: 'paste', syncing: 'sync',
};
const SILENT_E_ENDINGS = /(?:at|iz|is|yz|ys|ud|uc|ac|ov|ir|ur|ut|ot|ar|in|id|ib|iv|od|ag|as|os)$/u;
const NEEDS_E_CLUSTER = /(?:rg|dg|nc|rc)$/u;

/**
 * The base form of an English gerund ("using" → "use", "running" → "run", "replying" →
 * "reply"). A verb an instruction may use (ASSISTANT_VERBS_EN) is found as itself
 * ("scheduling" → "schedule", "choosing" → "choose"); the spelling rules guess the others.
 */
export function gerundBase(ing: string): string {
  const known = BASE_FORM_EXCEPTIONS[ing];
  if (known !== undefined) return known;
  const stem = ing.slice(0, -3);
  const listed = [stem, `${stem}e`, stem.slice(0, -1)].find((candidate) => ASSISTANT_VERBS_EN.has(candidate));
  if (listed !== undefined) return listed;
  if (/([b-df-hj-km-rtv-y])\1$/u.test(stem)) return stem.slice(0, -1);
  if (/u$/u.test(stem) || NEEDS_E_CLUSTER.test(stem)) return `${stem}e`;
  // "qu" is a consonant ("quot" of "quoting").
  const shape = stem.replace(/qu/gu, 'q');
  if (!/(?:^|[^aeiou])[aeiouy][b-df-hj-np-tvz]$/u.test(shape)) return stem;
  const syllables = shape.match(/[aeiouy]+/gu)?.length ?? 0;
  return syllables === 1 || SILENT_E_ENDINGS.test(stem) ? `${stem}e` : stem;
}

/**
 * The sense of the instruction a retraction takes back: "Stop using em dashes", "Don't
 * use em dashes anymore", "Deja de usar…", "Ya no uses…" take back "Always use em dashes"
 * (or "Use em dashes"), never "Never use em dashes", which they repeat. The first word of
 * an instruction's value is its sense (rules-habit.ts, actionKey).
 */
export const RETRACTED_SENSE = 'always';

/** The instruction a clause takes back, as "always…" statements to read its action from, or null. */
export function instructionTakenBack(body: FoldedText): TakenBack | null {
  const dont = matchRule(body, DONT_ANYMORE_EN);
  if (dont) return { language: 'en', statements: [foldMessage(`always ${dont.get('verb')?.original ?? ''}${dont.get('rest')?.original ?? ''}`)], instruction: true };
  const stop = matchRule(body, STOP_EN);
  if (stop) {
    const rest = stop.get('rest')?.original ?? '';
    return { language: 'en', statements: [foldMessage(`always ${gerundBase(stop.folded('verb'))}${rest}`)], instruction: true };
  }
  const quit = matchRule(body, STOP_ES);
  if (quit) {
    const imperative = `${quit.folded('verb')}${quit.folded('ending') === 'ar' ? 'a' : 'e'}`;
    return { language: 'es', statements: [foldMessage(`siempre ${imperative}${quit.get('rest')?.original ?? ''}`)], instruction: true };
  }
  const yaNo = matchRule(body, YA_NO_IMPERATIVE_ES);
  if (yaNo) return { language: 'es', statements: [foldMessage(`nunca ${yaNo.get('verb')?.original ?? ''}${yaNo.get('rest')?.original ?? ''}`)], instruction: true };
  return null;
}

/** The statements a clause body takes back ("I no longer use Emacs" → "I use Emacs", "I always use Emacs"), or null. */
export function takenBack(body: FoldedText): TakenBack | null {
  for (const pattern of [NO_LONGER_EN, NOT_ANYMORE_EN]) {
    const groups = matchRule(body, pattern);
    const rest = groups?.get('rest');
    if (!groups || !rest) continue;
    if (POINTS_AWAY.test(rest.scan) || (groups.get('be') !== null && PASSING_STATE_EN.test(rest.scan))) return null;
    const who = `${groups.get('who')?.original ?? 'I'}${groups.get('be')?.original ?? ''}`;
    const statements = [`${who} ${rest.original}`];
    if (groups.get('be') === null) statements.push(`${who} always ${rest.original}`);
    return { language: 'en', statements: statements.map(foldMessage), instruction: false };
  }
  const yaNo = matchRule(body, YA_NO_ES);
  const noMas = yaNo ? null : matchRule(body, NO_MAS_ES);
  const rest = yaNo?.get('rest')?.original ?? (noMas ? `${noMas.get('verb')?.original ?? ''} ${noMas.get('rest')?.original ?? ''}` : null);
  if (rest === null) return null;
  const statements = [rest, `siempre ${rest}`].map(foldMessage);
  const [plain] = statements;
  if (plain === undefined || !FIRST_PERSON_ES.test(plain.folded) || POINTS_AWAY.test(plain.scan)) return null;
  return { language: 'es', statements, instruction: false };
}

/** What every retraction pattern needs (rule-support.ts, Trigger). */
export const RETRACTION_TRIGGER: TriggeredPatterns = {
  trigger: /no longer|anymore|any more|any longer|ya no|\smas\s|stop|deja|deje|dejad/u,
  patterns: [NO_LONGER_EN, NOT_ANYMORE_EN, YA_NO_ES, NO_MAS_ES, DONT_ANYMORE_EN, STOP_EN, STOP_ES, YA_NO_IMPERATIVE_ES],
};
