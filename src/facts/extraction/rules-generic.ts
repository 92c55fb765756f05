import type { FoldedText } from './folded-text.js';
import { isConditional, isHabitualWhen } from './guards.js';
import type { ClauseMarkers } from './markers.js';
import { matchRule, ruleHit, type Language, type RuleHit } from './rule-support.js';
import { fromNowOnInstruction } from './rules-habit.js';
import { nounKey, textKey } from './subject-key.js';

// A statement with no specific rule is kept only when the user flagged it explicitly
// ("remember that…", "for the record…", "from now on…").

const NOT_A_STATEMENT = /^(?:to|me to|about|me about|of|me|when|where|what|how|who|why|which|a|an|de|a que|lo de)\b/u;
const FIRST_PERSON_EN = /^(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|we'll|my|our)\b/u;
const DETERMINER_START_EN = /^(?:the|a|an|our|his|her|their|\d)/u;
const COPULAR_EN = /^(?:(?:the|our|this|that)\s+)?(?<x>[\p{L}\p{N} -]{1,30}?)\s+(?:is|are)\s+(?<value>\S.*)$/du;
const COPULAR_ES = /^(?:(?:el|la|los|las|nuestro|nuestra|nuestros|nuestras)\s+)?(?<x>[\p{L}\p{N} -]{1,30}?)\s+(?:es|son|esta|estan)\s+(?<value>\S.*)$/du;
// Expletive and generic openers make a platitude ("remember, there's more to life…"), not a fact.
const GENERIC_START_EN = /^(?:there|there's|it|it's|this|that|these|those|here|everything|nothing|life|people|everyone|nobody)\b/u;
const PRONOUN_SUBJECT = /^(?:it|that|this|there|he|she|they|you|eso|esto|ella|el|ellos|vos|tu|usted)$/u;
const MAX_WORDS = 24;
const ES_WORDS = new Set(['el', 'la', 'los', 'las', 'que', 'de', 'en', 'y', 'es', 'mi', 'mis', 'por', 'con', 'para', 'una', 'un', 'se', 'lo', 'yo', 'tengo', 'soy', 'estoy', 'son']);
const EN_WORDS = new Set(['the', 'and', 'is', 'i', 'my', 'to', 'of', 'in', 'that', 'it', 'a', 'for', 'on', 'with', 'we', 'you', 'am', 'are', "i'm", 'have']);

/** English or Spanish by counting function words; on a tie, the fallback (the marker's language). */
export function guessLanguage(folded: string, fallback: Language = 'en'): Language {
  let es = 0;
  let en = 0;
  for (const word of folded.split(/[^\p{L}']+/u)) {
    if (ES_WORDS.has(word)) es++;
    if (EN_WORDS.has(word)) en++;
  }
  return es === en ? fallback : es > en ? 'es' : 'en';
}

// "the standup is at 9" → subject "standup", value "at 9"; null unless a short noun phrase is the subject.
function copular(body: FoldedText, language: Language): { subject: string; value: FoldedText | null } | null {
  const groups = matchRule(body, language === 'en' ? COPULAR_EN : COPULAR_ES);
  const x = groups?.folded('x').trim();
  if (!groups || !x || x.split(/\s+/u).length > 3 || PRONOUN_SUBJECT.test(x)) return null;
  const subject = nounKey(x);
  return subject === '' ? null : { subject, value: groups.value('value') };
}

/** A fact from a flagged statement that no specific rule recognised, or null. */
export function genericFact(body: FoldedText, markers: ClauseMarkers): RuleHit | null {
  if (!markers.explicit && !markers.notice && !markers.fromNowOn) return null;
  const words = body.folded.split(/\s+/u).filter((word) => word.length > 0);
  if (words.length < 2 || words.length > MAX_WORDS) return null;
  // "Remember that when I travel I prefer aisle seats": a habit, kept as one statement.
  const habit = isHabitualWhen(body.scan);
  if (!habit && (NOT_A_STATEMENT.test(body.scan) || isConditional(body.scan))) return null;
  const language = guessLanguage(body.folded, markers.language ?? 'en');
  const firstPerson = habit || (language === 'en' ? FIRST_PERSON_EN.test(body.scan) : true);
  if (markers.fromNowOn && !habit && !FIRST_PERSON_EN.test(body.scan) && !/^(?:yo|nosotros)\b/u.test(body.scan)) {
    return fromNowOnInstruction(body, language);
  }
  if (language === 'en' && GENERIC_START_EN.test(body.scan)) return null;
  const pair = habit ? null : copular(body, language);
  if (language === 'en' && !firstPerson && !pair && !DETERMINER_START_EN.test(body.scan) && !/^\p{Lu}/u.test(body.original)) {
    return null;
  }
  const subject = pair?.subject ?? `note ${textKey(body.folded)}`;
  return ruleHit('statement', language, 'assert', subject, pair?.value ?? null, body.original, null, false);
}
