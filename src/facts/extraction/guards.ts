/**
 * Sentence-level reasons to extract nothing: questions, hypotheticals and conditionals,
 * reported speech. They work on the scan form (folded, quotes masked).
 */

import { FIRST_PERSON_ES_ENDING } from './spanish-verbs.js';

const WH_OPENERS = /^[¿¡]?\s*(?:what|what's|whats|who|who's|whom|whose|where|where's|when|why|how|how's|which|donde|cuando|quien|quienes|cual|cuales|cuanto|cuanta|cuantos|cuantas|por que)\b/u;
const AUX_OPENERS =
  /^(?:do|does|did|is|are|was|were|am|can|could|would|will|shall|should|may|might|have|has|had|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|can't|couldn't|shouldn't|haven't|hasn't)\s+(?:you|u|ya|i|we|they|he|she|it|my|your|our|the|there|this|that)\b/u;
// "Suppose I moved…" imagines; "I suppose" only hedges (markers.ts).
const HYPOTHETICAL =
  /\b(?:imagine|imagining|(?<!\bi )suppose|supposing|what if|let's say|lets say|pretend|pretending|hypothetically|in theory|dreamt|dreamed|i wish|imagina|imaginate|imaginemos|supongamos|suponiendo|hipoteticamente|ojala|sone que|en teoria)\b/u;
const CONDITIONAL = /\b(?:if|unless|in case|whether|whenever|when|once|a menos que|en caso de que|cuando|siempre que)\b|\bsi\b(?!\s*[,!.])/u;
const REPORTING =
  /\b(?:said|says|told|tells|asked|asks|claims?|claimed|wrote|writes|thinks|believes|according to|dijo|dice|dicen|dijeron|conto|comento|escribio|segun|afirma|asegura|cree que|piensa que)\b/gu;

/** True when the clause asks something: a question mark, "¿", or a question opener. */
export function isQuestion(clauseScan: string, endsWithQuestionMark: boolean): boolean {
  if (endsWithQuestionMark || clauseScan.includes('?') || clauseScan.includes('¿')) return true;
  return WH_OPENERS.test(clauseScan) || AUX_OPENERS.test(clauseScan);
}

// An explicit doubt of what a statement says is no signal at all, where a hedge ("I think…",
// "not sure it was the right call") only lowers the confidence. A doubt says so only where
// it governs the statement: it opens the statement's clause ("I'm not certain we
// decided…", "no sé si decidimos…", "I don't know if we…"), or it ends the sentence with
// nothing after it ("…, but I am not sure", "…, no estoy seguro"), or it is a sentence of
// its own after it ("Not sure though."). "I switched to Vim, though I'm not sure I'll
// stay", "I moved to Berlin, not sure for how long", "I'm not sure about the color, but I
// decided to buy the car" doubt something else.
const SURE = '(?:(?:entirely|totally|completely|100%|really|quite)\\s+)?(?:sure|certain)';
const NOT_SURE_ES = 'no\\s+(?:estoy|estamos)\\s+(?:del\\s+todo\\s+|muy\\s+)?segur[oa]s?';
const DOUBT_OPENS = new RegExp(
  `^(?:(?:but|though|and|pero|aunque|y|honestly|tbh)[\\s,]+)*(?:(?:i'm|im|i\\s+am|we're|we\\s+are|yo|nosotros)\\s+)?` +
    `(?:(?:not\\s+${SURE}|unsure)\\s+(?:(?:if|whether|that)\\s+)?(?:i|we)\\b|(?:(?:i|we)\\s+)?(?:don't|dont|do\\s+not|can't|cant|cannot)\\s+(?:know|remember|recall)\\s+(?:if|whether)\\b` +
    `|${NOT_SURE_ES}\\s+(?:de\\s+)?(?:que|si)\\b|no\\s+se\\s+si\\b|no\\s+me\\s+acuerdo\\s+(?:de\\s+)?si\\b|ni\\s+idea\\s+(?:de\\s+)?si\\b)`,
  'u',
);
const DOUBT_ENDS = new RegExp(
  `(?:^|[\\s,;])(?:(?:but|though|pero|aunque)\\s+)?(?:(?:(?:i'm|im|i\\s+am)\\s+)?not\\s+${SURE}(?:\\s+(?:though|tho|about that|about it|of that|of it))?` +
    `|(?:yo\\s+)?${NOT_SURE_ES}(?:\\s+de\\s+(?:eso|esto))?)[\\s.!…]*$`,
  'u',
);
const DOUBT_ONLY = new RegExp(
  `^(?:(?:but|though|pero|aunque)\\s+)?(?:(?:i'm|im|i\\s+am)\\s+)?not\\s+${SURE}(?:\\s+(?:though|tho|about that|about it))?[\\s.!,]*(?:\\bbut\\b[\\s,]*)?$` +
    `|^(?:(?:pero|aunque)\\s+)?(?:yo\\s+)?${NOT_SURE_ES}[\\s.!,]*(?:\\bpero\\b[\\s,]*)?$`,
  'u',
);

/** True when the sentence ends with a doubt of what it says ("…, but I'm not sure"): nothing in it is a fact. */
export function endsInDoubt(sentenceScan: string): boolean {
  return DOUBT_ENDS.test(sentenceScan);
}

/** True when a clause opens with a doubt of the statement that follows ("I'm not sure we decided…", "no sé si…"). */
export function opensWithDoubt(clauseScan: string): boolean {
  return DOUBT_OPENS.test(clauseScan.trim());
}

/** True when a sentence, or what opens one ("Not sure, but…"), is only a doubt ("Not sure though.", "No estoy seguro."). */
export function isDoubtOnly(sentenceScan: string): boolean {
  return DOUBT_ONLY.test(sentenceScan.trim());
}

/** True when the sentence frames what follows as imagined ("imagine…", "what if…", "ojalá…"). */
export function isHypothetical(sentenceScan: string): boolean {
  return HYPOTHETICAL.test(sentenceScan);
}

/** True when text before the signal makes it conditional ("if I moved…", "si me mudara…", "cuando…"). */
export function isConditional(textBeforeSignal: string): boolean {
  return CONDITIONAL.test(textBeforeSignal);
}

// "When I travel I prefer aisle seats", "cuando viajo prefiero pasillo": a "when" clause
// in the present, then a first-person main clause in the present, is a habit, not a
// condition. Anything about the future, the past or a wish is not (NOT_HABITUAL_*).
const HABITUAL_WHEN_EN =
  /^(?:when|whenever)\s+(?:i|we|i'm|we're|i am|we are)\s+(?<cond>[a-z][a-z'-]*)[^,?]{0,60}?(?:,\s*|\s+)(?:i|we)\s+(?:(?:always|usually|normally|generally|often|never|typically)\s+)?(?<verb>[a-z]+)\b/u;
const HABITUAL_WHEN_ES = new RegExp(
  String.raw`^(?:cuando|siempre que)\s+(?:(?:yo|nosotros|me|nos)\s+)*\p{L}+${FIRST_PERSON_ES_ENDING}\b[^,?]{0,60}?(?:,\s*|\s+)(?:(?:yo|siempre|nunca|me|nos)\s+)*(?:\p{L}+${FIRST_PERSON_ES_ENDING})\b`,
  'u',
);
const NOT_HABITUAL_ANYWHERE =
  /\b(?:will|won't|wont|would|gonna|going to|tomorrow|tonight|next|later|soon|someday|if|unless|manana|proxim\p{L}*|voy a|vamos a|tengo que|hay que|pasado)\b|'ll\b|'d\b/u;
const NOT_HABITUAL_VERB_EN = /^(?:was|were|did|had|went|got|left|came|saw|took|made|lost|met|grew|began|need|have|has|must|should|can|could|might|may|want|wish|\p{L}+[^e]ed)$/u;

/** True when a clause opens with a habitual "when…" ("when I travel I prefer aisle seats"), not a condition. */
export function isHabitualWhen(clauseScan: string): boolean {
  if (NOT_HABITUAL_ANYWHERE.test(clauseScan)) return false;
  const english = HABITUAL_WHEN_EN.exec(clauseScan);
  if (english) return !NOT_HABITUAL_VERB_EN.test(english.groups?.['cond'] ?? '') && !NOT_HABITUAL_VERB_EN.test(english.groups?.['verb'] ?? '');
  return HABITUAL_WHEN_ES.test(clauseScan);
}

/** True when someone else's words are reported before the signal ("she said I…"); "I said"/"I told you" is the user's own. */
export function isReportedSpeech(textBeforeSignal: string): boolean {
  // An exec loop, not matchAll (which copies the pattern per call); REPORTING never matches
  // the empty string, and lastIndex is reset on every exit.
  REPORTING.lastIndex = 0;
  for (let match = REPORTING.exec(textBeforeSignal); match !== null; match = REPORTING.exec(textBeforeSignal)) {
    const before = textBeforeSignal.slice(Math.max(0, match.index - 3), match.index);
    if (!/\bi\s$/u.test(before)) {
      REPORTING.lastIndex = 0;
      return true;
    }
  }
  return false;
}

// What was decided is only a verb and a pronoun standing for something said before ("we
// decided to do it with pg_upgrade", "decidimos hacerla con pg_upgrade", "decidimos que lo
// haremos el lunes"): alone, the fact would not say what it is about. Only when nothing
// but a prepositional phrase or a time follows the pronoun: "call it Phoenix", "keep it
// simple and use SQLite" say what was decided, and "Carla lidere el proyecto" is a name
// ("car" + "la"), "los próximos sprints" an article.
const AFTER_PRONOUN_EN =
  '(?:[\\s.!]*$|\\s+(?:with|on|in|at|by|for|from|to|into|through|via|using|before|after|during|until|over|' +
  'today|tonight|tomorrow|now|soon|later|next|this|last|asap|again|first|right away)\\b)';
const PRONOUN_OBJECT_EN = new RegExp(
  "^(?:(?:i|we)(?:'ll|\\s+will|\\s+would|\\s+should|'re going to|\\s+are going to)\\s+)?(?:not\\s+)?(?:to\\s+)?[a-z]+\\s+" +
    `(?:(?:with|for|on|through|over|ahead with|back|up|off|out)\\s+)?(?:it|them)${AFTER_PRONOUN_EN}`,
  'u',
);
const AFTER_PRONOUN_ES =
  '(?:[\\s.!]*$|\\s+(?:con|en|para|por|de|desde|hasta|sin|a|al|el|la|los|las|este|esta|hoy|manana|ahora|ya|pronto|luego|antes|despues|asi)\\b)';
// An infinitive with its pronoun ("hacerla", "usarlo", "dárselo"), or "lo" before a verb
// in the first person plural or the future ("lo haremos", "lo usamos") or "ir a": "la"
// and "los" there are as often articles ("los próximos sprints", "la madre de Juan").
const PRONOUN_OBJECT_ES = new RegExp(
  '^(?:no\\s+)?(?:que\\s+)?(?:(?!(?:carlos|perlas?)\\b)\\p{L}+(?:ar|er|ir)(?:se|me|te|nos)?(?:lo|la|los|las)' + AFTER_PRONOUN_ES +
    '|(?:no\\s+)?(?:(?:lo|la|los|las)\\s+(?:vamos|voy) a\\s+\\p{L}+|lo\\s+(?:\\p{L}+(?:amos|emos|imos)|\\p{L}+r(?:e|emos)))\\b)',
  'u',
);

/** True when a decision's topic (folded, without "to"/"que") has only a pronoun for its object ("do it", "hacerla"). */
export function decidesOnPronoun(topic: string): boolean {
  return PRONOUN_OBJECT_EN.test(topic) || PRONOUN_OBJECT_ES.test(topic);
}

// The credential detection is shared with the conversation tier (its summaries leave the values out).
export { mentionsSecret } from '../../credentials.js';
