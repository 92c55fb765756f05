import { alternatives } from './rule-support.js';

// The words that tell a value changed, and the copulas that give it: one list for the
// corrections said in passing (rules-correction.ts), what follows a request to forget
// (forget-rest.ts), the lead-ins stripped from a clause (markers.ts) and the message
// gate's trigger for corrections (rules-correction.ts).

/** Adverbs that, next to a copula, say the value is new: "the standup is at 10 now", "ahora es de 3000 euros". */
export const CHANGE_ADVERBS = { en: ['now', 'actually', 'currently'], es: ['ahora', 'en realidad', 'actualmente'] } as const;
/** Phrases that say what holds at present: a sign of change too, anywhere in a clause with a copula. */
export const PRESENT_PHRASES_EN = ['nowadays', 'these days'] as const;
export const COPULAS = { en: ['is', 'are'], es: ['es', 'son', 'esta', 'estan'] } as const;

/** Regex source: a change adverb of either language. */
export const CHANGE_ADVERB_EN = alternatives(CHANGE_ADVERBS.en);
export const CHANGE_ADVERB_ES = alternatives(CHANGE_ADVERBS.es);
/** Regex source: any sign of change, in either language. */
export const CHANGE_WORD = alternatives([...CHANGE_ADVERBS.en, ...PRESENT_PHRASES_EN, ...CHANGE_ADVERBS.es]);
export const COPULA_EN = alternatives(COPULAS.en);
export const COPULA_ES = alternatives(COPULAS.es);
export const COPULA = alternatives([...COPULAS.en, ...COPULAS.es]);

/**
 * The lead-ins that make a clause a correction (markers.ts): "actually", "I meant", "no
 * wait", "en realidad", "quise decir", "mejor dicho", "corrección".
 */
export const CORRECTION_LEAD_IN =
  /^(?:actually|correction|i meant(?: to say)?(?: that)?|no wait|en realidad|perdon,? quise decir(?: que)?|quise decir(?: que)?|mejor dicho|correccion)(?:\s*[:,-]\s*|\s+|$)/u;
/**
 * Owning up to a mistake is a correction of what follows it, after a colon, comma or dash
 * ("sorry, I was wrong: I live in Malaga", "me equivoqué: vivo en Málaga"), or in a clause
 * of its own ("…, I was wrong, I live…"); "I was wrong about…" is no lead-in.
 */
export const MISTAKE_LEAD_IN =
  /^(?:(?:sorry|oops|perdon|perdona|perdone|uy)[\s,!]+)?(?:i was wrong|i got (?:it|that) wrong|i made a mistake|my mistake|my bad|i misspoke|me equivoque|me confundi|estaba equivocad[oa]|error mio)(?:\s*[:,\u2013\u2014-]\s*|$)/u;
/**
 * A substring of every text the two lead-ins above or a change word match, for the
 * message gate: "now" only where no letter, digit or "_" comes before it ("know",
 * "snow" hold no "now"), as the patterns' word boundary wants.
 */
export const CORRECTION_SIGN =
  /(?:^|[^a-z0-9_])now|actually|these days|currently|ahora|actualmente|correction|correccion|meant|no wait|en realidad|quise decir|mejor dicho|wrong|mistake|my bad|misspoke|equivoque|confundi|equivocad|error mio/u;
/**
 * A copula as the correction patterns read it: between spaces ("this is" holds none, "this
 * is it" one), or at the start of the text, as a trigger may ask (rule-support.ts): the gate
 * must hold for a clause's text without the "I " a clause sharing its subject is read after.
 */
export const SPACED_COPULA = new RegExp(`(?:^|\\s)${COPULA}\\s`, 'u');
