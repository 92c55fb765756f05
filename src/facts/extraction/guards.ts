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

// Never stored, whatever the user asks: credentials and payment details. A code or a key
// only with a word that makes it one: "postal code", "dress code", "the key to success"
// and "my favourite key is C minor" are none.
const SECRET = new RegExp(
  String.raw`\b(?:password|passwd|passcode|passphrase|pin|pin code|pin number|ssn|social security (?:number|no)|credit card|debit card|card number|cvv|cvv2|cvc|bank account|contrasena|clave|tarjeta|cuenta bancaria|api key|token|secret|private key|seed phrase|recovery phrase` +
    String.raw`|(?:door|alarm|gate|garage|safe|lock|access|security|entry|keypad|lockbox|unlock|verification|backup|recovery)\s+code` +
    String.raw`|code\s+(?:for|to|of)\s+(?:the|my|our)\s+(?:front\s+|back\s+)?(?:door|alarm|gate|garage|safe|lock)` +
    String.raw`|(?:wifi|wi-fi|wi fi|license|licence|product|ssh|encryption|access|recovery)\s+key` +
    String.raw`|codigo\s+(?:de|del)\s+(?:la\s+|el\s+|mi\s+)?(?:puerta|alarma|porton|garaje|cochera|seguridad|acceso|caja fuerte|entrada|candado))\b`,
  'u',
);
// A login is a credential when it is given: the user's ("my bank login is jdoe / …", "mi
// login del banco es…"), one for something ("the login for the router is admin / admin"),
// after a colon ("login: jdoe"), or its details; not in "fix the login bug" or "the login
// page is slow". Credentials and a user/password pair always are ("user/pass"; "usuario y
// clave" and "username and password" are in SECRET already).
const LOGIN_FOR = String.raw`(?:\s+(?:for|to|at|on|of|de|del|para|en)\s+(?:\S+\s+){0,3}?)`;
const LOGIN = new RegExp(
  String.raw`\b(?:my|our|mi|mis|nuestro|nuestra|nuestros)\s+(?:\S+\s+){0,2}?log-?in(?:\s+(?:details|info|information|data))?${LOGIN_FOR}?\s*(?:is|are|es|son|:)(?=\s|$)` +
    String.raw`|\blog-?in${LOGIN_FOR}\s*(?:is|are|es|son|:)(?=\s|$)|\blog-?in\s*:|\blog-?in\s+(?:details|info|information|credentials)\b` +
    String.raw`|\bdatos de (?:acceso|login|inicio de sesion)\b|\bcredentials?\b|\bcredenciales?\b|\buser(?:name)?\s*/\s*pass(?:word)?\b|\busuario\s*/\s*(?:clave|contrasena)\b`,
  'u',
);
// Words that name a credential only with a number beside them ("my IBAN is PT50…"); "I get
// Social Security" and "my account number is on the bill" name none.
const SECRET_WITH_NUMBER = /\b(?:iban|account number|account no|numero de cuenta|social security)\b/u;
// A combination is a lock's ("the safe combination is…", "la combinación es 12-34-56"),
// not "a combination of tea and coffee".
const COMBINATION =
  /\b(?:combination\s*(?:is|:)\s*\d+|combinacion\s*(?:es|:)\s*\d+|(?:safe|lock|padlock|locker|vault)\s+combination|combination\s+(?:to|for|of)\s+(?:the|my|our)\s+(?:safe|lock|padlock|locker|vault)|combinacion\s+(?:de|del)\s+(?:la\s+|el\s+|mi\s+)?(?:caja fuerte|candado|cerradura|casillero|locker|caja))\b/u;
// A payment card number by its shape: 13 to 19 digits, in groups split by single spaces or
// dashes, that pass the Luhn checksum every card number carries. Nothing in a number
// after "+" (a phone). The checksum keeps out most order numbers; dates are shorter.
const CARD_NUMBER = /(?<!\d|\+[\d -]*)\d(?:[ -]?\d){12,18}(?!\d)/gu;

/** True when folded text names a credential or payment detail. */
export function mentionsSecret(folded: string): boolean {
  if (SECRET.test(folded) || LOGIN.test(folded) || COMBINATION.test(folded)) return true;
  return (SECRET_WITH_NUMBER.test(folded) && /\p{N}/u.test(folded)) || hasCardNumber(folded);
}

function hasCardNumber(folded: string): boolean {
  // An exec loop, not matchAll (which copies the pattern per call); lastIndex is reset on every exit.
  CARD_NUMBER.lastIndex = 0;
  for (let match = CARD_NUMBER.exec(folded); match !== null; match = CARD_NUMBER.exec(folded)) {
    if (passesLuhn(match[0].replace(/\D/gu, ''))) {
      CARD_NUMBER.lastIndex = 0;
      return true;
    }
  }
  return false;
}

// The Luhn checksum: from the right, every second digit doubled (minus 9 above 9); the sum is a multiple of 10.
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
