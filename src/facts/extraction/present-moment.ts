import { foldMessage, type FoldedText } from './folded-text.js';
import { valueBoundary } from './value-text.js';

// A preference or a decision limited to the present moment ("I prefer tea today", "prefiero
// pizza hoy", "I decided to order pizza tonight", "decidí pedir sushi esta noche", "Right
// now I prefer tea") is a moment of the conversation, not a lasting fact: nothing is
// stored, and never the statement without its time word ("I prefer tea"), which says what
// the user did not. A day opening a decision says when it was taken ("Today I decided…",
// time-phrases.ts), and the start of something lasting ("starting today", "a partir de
// hoy", "desde hoy") is no moment either.

const MOMENT =
  '(?:today|tonight|this\\s+(?:morning|afternoon|evening|time)|right\\s+now|for\\s+(?:today|tonight|now|the\\s+moment|this\\s+once)|at\\s+the\\s+moment' +
  '|hoy(?!\\s+en\\s+dia)|esta\\s+(?:noche|tarde|manana|vez)|ahora\\s+mismo|por\\s+(?:hoy|esta\\s+noche|ahora|el\\s+momento|esta\\s+vez)|de\\s+momento|en\\s+este\\s+momento)';
// The words that make the moment a start or an end of something lasting.
const NOT_AFTER = '(?<!\\b(?:starting|beginning|from|as\\s+of|since|until|till|a\\s+partir\\s+de|desde|hasta|empezando|comenzando)\\s+)';
const AFTERWORDS = '(?:\\s+(?:lol|haha+|jaja+|jeje+|though|tbh|then|anyway|entonces|igual|please|pls|por\\s+favor))*';
const ENDS_WITH_MOMENT = new RegExp(`(?:^|[\\s,])${NOT_AFTER}${MOMENT}${AFTERWORDS}[\\s.!…]*$`, 'u');
const MOMENT_ONLY = new RegExp(`^\\s*[,;:-]?\\s*${MOMENT}${AFTERWORDS}[\\s.!…]*$`, 'u');
const CLOSES_WITH_MOMENT = new RegExp(`(?:^|[\\s,])${NOT_AFTER}${MOMENT}[\\s,;:-]*$`, 'u');
// A decision to start or end something lasting with a trailing day says when it was taken,
// as a leading day does ("I decided to start running today", "I decided to switch to Linux
// this morning", "decidí dejar de fumar hoy"): the statement leaves the day out and the
// decision holds, unless the act is over within the moment (isMomentaryAct). Any other act
// with its day is that day's plan ("We decided to ship today", "decidimos quedarnos en casa
// esta tarde"), and a decision for the evening ("…tonight") or limited to the moment
// ("…for now", "…this time", "…por ahora") is still no lasting decision.
const DECIDED_AT = '(?:today|this\\s+(?:morning|afternoon)|right\\s+now|hoy(?!\\s+en\\s+dia)|esta\\s+(?:manana|tarde)|ahora\\s+mismo)';
const ENDS_WITH_DECIDED_AT = new RegExp(`(?:^|[\\s,]+)${NOT_AFTER}${DECIDED_AT}${AFTERWORDS}[\\s.!…]*$`, 'u');
const LASTING_START =
  /^(?:to\s+|que\s+)?(?:start|begin|quit|stop|switch|move\s+to|become|give\s+up|take\s+up|learn|go\s+(?:vegan|vegetarian|keto)|cut\s+out|join|retire|empezar|comenzar|dejar\s+de|cambiarme|pasarme|mudarme|aprender|hacerme)\b/u;
const DECIDED_AT_ONLY = new RegExp(`^\\s*[,;:-]?\\s*${DECIDED_AT}${AFTERWORDS}[\\s.!…]*$`, 'u');
// "From now on I prefer tea for the moment": the limit takes back the "from now on".
const FOR_THE_MOMENT =
  /\b(?:for\s+(?:now|the\s+moment|today|tonight|this\s+once)|at\s+the\s+moment|por\s+(?:ahora|el\s+momento|hoy|esta\s+(?:vez|noche))|de\s+momento)\b/u;

/**
 * True when a rule's value, as its group holds it through the end of the clause, ends with
 * the present moment: "tea today", "to stay home tonight", "tea today, thanks", "tea, today".
 */
export function saidOfTheMoment(raw: FoldedText): boolean {
  const end = valueBoundary(raw);
  return ENDS_WITH_MOMENT.test(raw.scan.slice(0, end)) || MOMENT_ONLY.test(raw.scan.slice(end));
}

/**
 * Where, in a decision's value as its group holds it through the end of the clause, the
 * day it was taken begins ("to start running today" → before " today"), or null when it
 * ends with no such day or decides no lasting change.
 */
export function decidedAtStart(raw: FoldedText): number | null {
  if (!LASTING_START.test(raw.scan.trimStart())) return null;
  const end = valueBoundary(raw);
  const trailing = ENDS_WITH_DECIDED_AT.exec(raw.scan.slice(0, end));
  if (trailing !== null) return trailing.index;
  return DECIDED_AT_ONLY.test(raw.scan.slice(end)) ? end : null;
}

/** True when a clause limits what it says to the moment ("for now", "por ahora"): no "from now on" rule. */
export function limitedToTheMoment(scan: string): boolean {
  return FOR_THE_MOMENT.test(scan);
}

/**
 * True when what stands before `statement` (a slice of `sentence`) in its sentence, the
 * clauses before it and its own lead-ins, ends with the present moment: "Today, " of
 * "Today, I prefer tea", "Ok, right now " of "Ok, right now I prefer…".
 */
export function opensWithTheMoment(sentence: FoldedText, statement: FoldedText): boolean {
  const lead = sentence.original.slice(0, Math.max(0, statement.base - sentence.base));
  return CLOSES_WITH_MOMENT.test(foldMessage(lead).scan);
}

// A decision whose whole object is one everyday act, over within the hour ("I decided to
// take a nap", "decidí echarme una siesta", "we decided to order pizza"): a moment of the
// day (a nap, a shower, a walk, a meal), as "I moved to the kitchen to get coffee" is, not
// something that holds after it, whenever it was taken ("Tonight I decided to order
// pizza"). Narrow on purpose: a light verb and one of these acts, and nothing after them,
// so that "I decided to learn Japanese" or "…to take a break from social media" are decisions.
const MOMENTARY_ACT_EN = new RegExp(
  '^(?:not\\s+)?(?:to\\s+)?(?:(?:take|have|grab|get|go\\s+for|do)\\s+(?:(?:a|an|my|some)\\s+)?(?:(?:quick|short|little|long|power|hot|cold)\\s+)?' +
    '(?:nap|break|breather|rest|shower|bath|walk|stroll|run|jog|swim|snack|bite|coffee|tea|beer|drink|siesta|breakfast|lunch|dinner)' +
    '|(?:order|get|grab|eat|have)\\s+(?:(?:a|some)\\s+)?(?:pizza|sushi|takeout|takeaway|delivery|chinese|thai|indian|burgers?|tacos|food)' +
    '|go\\s+to\\s+(?:bed|sleep)(?:\\s+early)?|sleep\\s+in|stay\\s+in|call\\s+it\\s+a\\s+(?:day|night))$',
  'u',
);
const MOMENTARY_ACT_ES = new RegExp(
  '^(?:no\\s+)?(?:(?:echar|tomar|dormir|hacer|dar)(?:me|nos|se)?\\s+(?:una?\\s+)?(?:(?:pequen[oa]|breve|buen[oa]?|rapid[oa])\\s+)?' +
    '(?:siesta|descanso|pausa|ducha|bano|paseo|vuelta|cafe|cafecito|merienda|cerveza|caminata)' +
    '|(?:pedir|comer|cenar|almorzar)\\s+(?:(?:una?|unas|unos|algo\\s+de)\\s+)?(?:pizzas?|sushi|comida|delivery|empanadas|hamburguesas?|tacos)' +
    '|(?:ir|irme|irnos)\\s+a\\s+(?:dormir|la\\s+cama)(?:\\s+temprano)?|acostarme(?:\\s+temprano)?|salir\\s+a\\s+(?:caminar|correr|pasear))$',
  'u',
);

/** True when what was decided (folded, its "to"/"que" left out or not) is one everyday act of the moment, as a whole. */
export function isMomentaryAct(decided: string): boolean {
  return MOMENTARY_ACT_EN.test(decided) || MOMENTARY_ACT_ES.test(decided);
}
