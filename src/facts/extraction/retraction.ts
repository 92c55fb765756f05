import { foldMessage, type FoldedText } from './folded-text.js';
import { matchRule, type Language, type TriggeredPatterns } from './rule-support.js';
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

/** What a clause takes back: the statements it negates, as the user would have made them. */
export interface TakenBack {
  language: Language;
  /** The plain statement ("I use Emacs"), then the same as a habit ("I always use Emacs"), which is stored under another subject. */
  statements: FoldedText[];
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
    return { language: 'en', statements: statements.map(foldMessage) };
  }
  const yaNo = matchRule(body, YA_NO_ES);
  const noMas = yaNo ? null : matchRule(body, NO_MAS_ES);
  const rest = yaNo?.get('rest')?.original ?? (noMas ? `${noMas.get('verb')?.original ?? ''} ${noMas.get('rest')?.original ?? ''}` : null);
  if (rest === null) return null;
  const statements = [rest, `siempre ${rest}`].map(foldMessage);
  const [plain] = statements;
  if (plain === undefined || !FIRST_PERSON_ES.test(plain.folded) || POINTS_AWAY.test(plain.scan)) return null;
  return { language: 'es', statements };
}

/** What every retraction pattern needs (rule-support.ts, Trigger). */
export const RETRACTION_TRIGGER: TriggeredPatterns = {
  trigger: /no longer|anymore|any more|any longer|ya no|\smas\s/u,
  patterns: [NO_LONGER_EN, NOT_ANYMORE_EN, YA_NO_ES, NO_MAS_ES],
};
