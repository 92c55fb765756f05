import {
  CHANGE_ADVERB_EN,
  CHANGE_ADVERB_ES,
  CHANGE_WORD,
  COPULA,
  COPULA_EN,
  COPULA_ES,
  CORRECTION_SIGN,
  SPACED_COPULA,
} from './change-words.js';
import type { FoldedText } from './folded-text.js';
import { isConditional } from './guards.js';
import type { ClauseMarkers } from './markers.js';
import { matchRule, ruleHit, type RuleHit, type TriggeredPatterns } from './rule-support.js';
import { guessLanguage } from './rules-generic.js';
import { namesNoValue, withoutAmountDe } from './rules-possessive.js';
import { withoutChangeWords } from './statement-text.js';
import { isPersonKey, nounKey } from './subject-key.js';

// "Actually, the standup moved to 10:00", "the standup is at 10:00 now", "en realidad la
// daily pasó a las 10": a new value for a thing the user named before. Said this way, the
// statement is no request to keep anything (spec §1.1: explicit signals only), but it
// contradicts a stored fact, which must not stay active. So it is read only with a sign of
// a change (a correction lead-in, "now"/"ahora", a verb of change) and kept only as a new
// value of a live fact of its subject (`replacesOnly`, turn-facts.ts): otherwise it is
// conversation. Asked to be remembered, it is an ordinary fact.

// A determiner makes the words after it a thing ("the standup", "la daily"), not a
// sentence's start ("Some of us are…", "Just moved to…", "Today is…").
const DETERMINER_EN = '(?:the|our|my|this)\\s+';
const DETERMINER_ES = '(?:el|la|los|las|mi|mis|nuestro|nuestra|nuestros|nuestras)\\s+';
// What the statement is about: a noun phrase of up to three words ("the standup", "la daily",
// "the team offsite"), which a phrase with "of"/"de" or "for"/"para" may qualify ("el
// presupuesto de la boda", "the budget for the trip").
const WORD = '[\\p{L}\\p{N}-]+';
const QUALIFIED_BY = '(?:of|for|de|del|para)\\s+(?:(?:the|our|my|el|la|los|las|mi|mis|nuestro|nuestra)\\s+)?';
const THING = `(?<x>${WORD}(?:\\s+${WORD}){0,2}?(?:\\s+${QUALIFIED_BY}${WORD}(?:\\s+${WORD})??)?)`;
// The article of a qualifier is no pronoun: "para el viaje" names no "él".
const QUALIFIER_ARTICLE = /\b(?:of|for|de|del|para)\s+(?:the|our|my|el|la|los|las|mi|mis|nuestro|nuestra)\s+/gu;
const COPULAR_EN = new RegExp(`^${DETERMINER_EN}${THING}\\s+(?<pre>${CHANGE_ADVERB_EN}\\s+)?${COPULA_EN}\\s+(?<post>${CHANGE_ADVERB_EN}\\s+)?(?<value>.+)$`, 'du');
const COPULAR_ES = new RegExp(`^${DETERMINER_ES}${THING}\\s+(?<pre>${CHANGE_ADVERB_ES}\\s+)?${COPULA_ES}\\s+(?<post>${CHANGE_ADVERB_ES}\\s+)?(?<value>.+)$`, 'du');
const MOVED_EN = new RegExp(
  `^${DETERMINER_EN}${THING}\\s+(?:(?:has|have|was|were|got|has been|have been)\\s+)?(?:(?:now|just|actually)\\s+)?` +
    '(?:moved|changed|switched|shifted|pushed|rescheduled|bumped)\\s+(?:(?:back|forward|up)\\s+)?to\\s+(?<value>.+)$',
  'du',
);
const MOVED_ES = new RegExp(
  `^${DETERMINER_ES}${THING}\\s+(?:(?:ahora|ya)\\s+)?(?:se\\s+(?:movio|cambio|paso|corrio|reprogramo)|paso|cambio)\\s+(?<value>(?:a|al|para)\\s+.+)$`,
  'du',
);
// A sign of a change in the clause, with a copula: "now"/"ahora" (not "now that…"), "actually", "en realidad".
const SIGNALLED_COPULA = new RegExp(`\\b${CHANGE_WORD}\\b(?! that).*\\s${COPULA}\\s|\\s${COPULA}\\s.*\\b${CHANGE_WORD}\\b(?! that)`, 'u');
// A pronoun, or a word that makes the phrase no noun phrase ("if I moved to…").
const NOT_A_THING =
  /\b(?:i|i'm|we|you|he|she|it|they|that|this|there|here|what|which|who|if|when|and|or|but|other|one|ones|everything|nothing|everyone|something|yo|el|ella|ellos|eso|esto|si|cuando|que|y|o|pero|todo|nada|algo)\b/u;
// A clause, an action under way, a comparison or a pointer after the copula is no value
// ("the problem is that…", "the standup is getting longer", "Python is better for this", "es otro").
const NOT_A_VALUE =
  /^(?:that|whether|if|what|how|why|when|where|who|because|to|not|no|never|better|worse|best|worst|que|si|porque|como|cuando|donde|nunca|mejor|peor|otr[oa]s?)\b|^\p{L}+ing\b|\b(?:it|this|that|eso|esto)$/u;

/**
 * A new value for a named thing in a clause with a sign of change, or null. `clause` is
 * the clause before its lead-ins were stripped ("Now the standup…" keeps its "now").
 */
export function correctionFact(body: FoldedText, clause: FoldedText, markers: ClauseMarkers): RuleHit | null {
  const signalled = markers.correction || SIGNALLED_COPULA.test(clause.scan);
  // Without a sign of change only MOVED_EN and MOVED_ES are tried, and both need a verb of change.
  if (!signalled && !MOVE_WORD.test(body.scan)) return null;
  if (isConditional(body.scan)) return null;
  const shapes = signalled ? [MOVED_EN, MOVED_ES, COPULAR_EN, COPULAR_ES] : [MOVED_EN, MOVED_ES];
  // "My oldest son is…" is no Spanish "son" (they are).
  const language = guessLanguage(body.folded, markers.language ?? 'en');
  for (const pattern of shapes) {
    if ((pattern === MOVED_ES || pattern === COPULAR_ES) !== (language === 'es')) continue;
    const groups = matchRule(body, pattern);
    const value = withoutAmountDe(groups?.value('value') ?? null, language);
    const through = groups?.statementUpTo('value');
    const statement = groups && through ? withoutChangeWords(body, groups, through, ['pre', 'post']) : null;
    const x = groups?.folded('x').trim() ?? '';
    if (!groups || !value || !statement || NOT_A_THING.test(x.replace(QUALIFIER_ARTICLE, ' '))) continue;
    const subject = nounKey(x);
    // What people do is theirs, and about them possessive rules read what one has one of ("my manager is Marta now").
    if (subject === '' || isPersonKey(subject) || NOT_A_VALUE.test(value.folded) || namesNoValue(value.folded)) continue;
    const kept = markers.explicit || markers.notice || markers.fromNowOn;
    return { ...ruleHit('corrected', language, 'assert', subject, value, statement, null, true), replacesOnly: !kept };
  }
  return null;
}

// A verb of change, or a sign of change with a copula ("…is…now", "ahora…es…"); the words
// of the correction lead-ins too, which mark a clause as a correction (markers.ts).
// Words whole where the patterns need them so: "removed" holds no "moved", "know" no "now",
// "this" no "is" (this runs on every message, and on each clause of one that passes the gate).
const MOVE_WORD = /\b(?:moved|changed|switched|shifted|pushed|rescheduled|bumped|movio|cambio|paso|corrio|reprogramo)\b/u;

/** What every correction needs (rule-support.ts, Trigger). */
export const CORRECTION_TRIGGER: TriggeredPatterns = {
  trigger: { test: (folded) => MOVE_WORD.test(folded) || (CORRECTION_SIGN.test(folded) && SPACED_COPULA.test(folded)) },
  patterns: [MOVED_EN, MOVED_ES, SIGNALLED_COPULA],
};
