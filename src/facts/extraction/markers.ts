import { CHANGE_ADVERBS, CORRECTION_LEAD_IN, MISTAKE_LEAD_IN, PRESENT_PHRASES_EN } from './change-words.js';
import { sliceFolded, trimFolded, type FoldedText } from './folded-text.js';
import { alternatives, type TriggeredPatterns } from './rule-support.js';

/** What the stripped lead-in and tail of a clause said about it. */
export interface ClauseMarkers {
  /** "remember that…", "recordá que…": the user asked for it to be kept. */
  explicit: boolean;
  /** "just so you know…", "for the record…": a statement offered as information. */
  notice: boolean;
  hedged: boolean;
  correction: boolean;
  /**
   * "From now on" / "a partir de ahora": `'opens'` before the statement ("From now on,
   * answer in French", "from now on I take the bus"), which it keeps as a standing one;
   * `'closes'` after it ("Answer in English from now on"), where it makes an instruction of
   * an imperative but is no reason of its own to keep what the user says of themselves
   * ("I'll answer in English from now on": their resolution, said in passing). Either way
   * it is no part of the statement or its value.
   */
  fromNowOn: false | 'opens' | 'closes';
  /**
   * The request to remember has neither "that" nor a colon or comma ("remember the
   * Alamo", "remember my birthday"): what follows is the verb's object, a statement only
   * when it reads as a clause (rules-generic.ts).
   */
  bareObject: boolean;
  /** The language of a marker that gives it away ("recordá que…" is Spanish), else null. */
  language: 'en' | 'es' | null;
}

/** The explicit marker alone: a clause joined by "and"/"y" to one asked to be remembered, a statement read as asked to be. */
export const REMEMBERED: ClauseMarkers = { explicit: true, notice: false, hedged: false, correction: false, fromNowOn: false, bareObject: false, language: null };

/** A clause without its lead-in and tail. */
export interface MarkedClause {
  body: FoldedText;
  markers: ClauseMarkers;
}

// The signs of change that open a clause as a filler: every change word but the correction
// lead-ins ("actually", "en realidad": matched as such first) and "actualmente", which the
// state rules read as part of their statement ("Actualmente vivo en Madrid").
const FILLER_CHANGE_WORDS = alternatives([...CHANGE_ADVERBS.en.filter((word) => word !== 'actually'), ...PRESENT_PHRASES_EN, 'ahora']);

type MarkerKind = 'filler' | 'vocative' | 'wakeWord' | 'explicit' | 'notice' | 'hedge' | 'correction' | 'fromNowOn';

// "From now on" and its kin: a lead-in ("From now on, answer in French") or, only the
// phrases that say nothing else there, after what they qualify ("Answer in English from
// now on", "respondeme en español de ahora en adelante"). "Going forward", "starting now"
// and "en adelante" also end a range ("list the invoices from March going forward", "los
// vuelos de las 10 en adelante"): lead-ins only.
const CLOSING_FROM_NOW_ON =
  'from now on|from today on|a partir de ahora|a partir de hoy|de ahora en adelante|de ahora en mas|de aca en mas|desde ahora(?: en adelante)?';
const FROM_NOW_ON = `${CLOSING_FROM_NOW_ON}|going forward|starting today|starting now|en adelante`;

// What the user says of themselves in Spanish: a pronoun or possessive of theirs, or one of
// the commonest verbs in the first person ("soy", "vivo", "trabajamos"). A closed list: many
// words end as such a verb does ("abajo hay un escalón", "esto quema").
const FIRST_PERSON_VERBS_ES = alternatives([
  'soy', 'estoy', 'tengo', 'vivo', 'trabajo', 'prefiero', 'uso', 'necesito', 'odio', 'hablo', 'estudio', 'tomo', 'juego',
  'somos', 'estamos', 'tenemos', 'vivimos', 'trabajamos', 'preferimos', 'usamos', 'necesitamos', 'odiamos', 'hablamos',
  'estudiamos', 'tomamos', 'jugamos',
]);
const OWN_STATEMENT_ES = `(?:(?:yo|me|nos|mi|mis|nuestr[oa]s?)\\b|(?:(?:no|ya|tambien|siempre|nunca)\\s+)?${FIRST_PERSON_VERBS_ES}\\b)`;

const HEADING = new RegExp(
  '^(?:(?:(?:good|great|big|exciting|happy|sad|bad|some|quick|small|little|latest|personal|life)\\s+)?(?:news|updates?)|heads[\\s-]up|side\\s+note' +
    '|p\\.?\\s?[sd]\\.?|posdata|(?:(?:buena|buenas|gran|grandes|una|ultima|ultimas)\\s+)?(?:noticias?|novedad(?:es)?)|actualizacion|ojo|aviso|dato)\\s*:\\s*',
  'u',
);

// "Recordame que…"/"recuérdame que…" is "remind me that…" (a reminder, like English
// "remind me"), not "remember that…": no explicit marker.
const LEAD_INS: ReadonlyArray<[MarkerKind, RegExp]> = [
  [
    'explicit',
    /^(?:(?:please|pls|also|and|just|so|oh)\s+)*(?:(?:i (?:want|need) you to|i'd like you to|i would like you to|make sure (?:you|to))\s+)?(?:(?:always )?remember|don't forget|do not forget|dont forget|never forget|keep in mind|bear in mind|take note|make a note|note|memorize)(?!\s+(?:to|me|about|when|where|what|who|how|why|if)\b)(?:\s+(?:that|this|que)\b)?(?:\s*[:,-]\s*|\s+|$)/u,
  ],
  [
    'explicit',
    /^(?:(?:por favor|porfa|tambien|y)\s+)*(?:(?:quiero|necesito) que (?:recuerdes|te acuerdes de|no te olvides de|no olvides)|recorda|recuerda|recordad|acordate de|acordate|acuerdate de|acuerdate|no te olvides de|no te olvides|no olvides|ten en cuenta|tene en cuenta|toma nota de|toma nota|anota|apunta|guardate)(?:\s*(?::\s*|que\b\s*))/u,
  ],
  // "Recuérdalo: …", "Guárdalo: …": the pronoun stands for what the colon announces.
  ['explicit', /^(?:(?:por favor|porfa|tambien|y)\s+)*(?:recuerdalo|recordalo|guardalo|guardatelo|apuntalo|anotalo)\s*:\s*/u],
  // "Guarda que…" is also "watch out, …" in Rioplatense ("guarda que viene el auto"): a
  // request to keep only before what the user says of themselves ("guarda que soy alérgico…").
  ['explicit', new RegExp(`^(?:(?:por favor|porfa|tambien|y)\\s+)*guarda\\s*(?::\\s*|que\\s+)(?=${OWN_STATEMENT_ES})`, 'u')],
  [
    'notice',
    /^(?:just so you know|so you know|for the record|for your information|fyi|for future reference|you should know(?: that)?|para que sepas(?: que)?|para que lo sepas|que sepas que|para tu informacion|te cuento que|sabe que)(?:\s*[:,-]\s*|\s+|$)/u,
  ],
  [
    'hedge',
    /^(?:i think|i guess|i believe|i suppose|i feel like|i'm not sure but|not sure but|maybe|probably|perhaps|possibly|creo que|me parece que|supongo que|quizas|quiza|tal vez|capaz que|a lo mejor|probablemente|posiblemente|no estoy segur[oa] pero)(?:\s+that\b)?(?:\s*,\s*|\s+|$)/u,
  ],
  ['correction', CORRECTION_LEAD_IN],
  ['correction', MISTAKE_LEAD_IN],
  [
    'fromNowOn',
    new RegExp(`^(?:${FROM_NOW_ON})(?:\\s*[:,-]\\s*|\\s+|$)`, 'u'),
  ],
  // A heading of news or an aside before a colon ("Update: I now work at Globex", "Good news:
  // I moved to Berlin!", "Novedad: ahora trabajo en…", "PD: me mudé…", "Ojo: …"): read past,
  // as "btw:" is. A closed list: a name before a colon is someone's line of a pasted chat
  // ("Ana: I live in Lisbon"), not the user's statement.
  ['filler', HEADING],
  [
    'filler',
    new RegExp(
      '^(?:(?:oh|ok|okay|well|so|yes|yeah|yep|hey|hi|hello|um+|uh+|hmm+|also|and|but|btw|by the way|anyway|honestly|personally|basically|like|lol|haha|please|wait|sorry|in fact|i mean|' +
        // The signs of change that open a clause: stripped here, read on the clause by the correction rule (rules-correction.ts).
        `${FILLER_CHANGE_WORDS}|at the moment|right now|` +
        'bueno|pues|che|mira|oye|ey|hola|y|pero|tambien|ademas|igual|dale|claro|ah+|o sea|por cierto|por favor|de hecho)(?:\\s*[,!:.-]\\s*|\\s+)|(?:no|nope|si|sip)\\s*[,!.]\\s*)',
      'u',
    ),
  ],
  ['vocative', /^[\p{L}\p{N}]+,\s+/u],
  // A wake word or name without a comma, only before an explicit request ("olly remember that…").
  ['wakeWord', /^(?:hey\s+)?[\p{L}]+\s+(?=(?:please\s+)?(?:remember|don't forget|do not forget|recorda|recuerda|acordate|no te olvides|no olvides)\b)/u],
];

const NOT_VOCATIVE = new Set([
  'if', 'si', 'when', 'cuando', 'what', 'que', 'how', 'why', 'i', 'yo', 'my', 'mi', 'imagine', 'imagina', 'suppose', 'you',
  'we', 'they', 'he', 'she', 'do', 'did', 'does', 'don\'t', 'didn\'t', 'can', 'could', 'would', 'will', 'to', 'not',
  'never', 'always', 'also', 'just', 'please', 'and', 'should', 'must', 'may', 'might', 'won\'t', 'i\'d', 'tu', 'vos',
  'no', 'nunca', 'siempre', 'lo', 'te', 'se', 'me', 'cannot', 'can\'t', 'wouldn\'t', 'hey',
]);
// A wake word without a comma must be a name: a determiner, preposition or adverb before
// "remember" makes it no request to the assistant ("the remember button", "still remember").
const NOT_WAKE_WORD = new Set([
  'the', 'a', 'an', 'this', 'that', 'these', 'those', 'some', 'any', 'every', 'each', 'your', 'his', 'her', 'its',
  'our', 'their', 'of', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'as', 'or', 'than', 'still', 'really', 'totally',
  'vaguely', 'clearly', 'barely', 'hardly', 'definitely', 'certainly', 'only', 'even', 'ever', 'el', 'la', 'los',
  'las', 'un', 'una', 'de', 'en', 'con', 'por', 'para', 'o',
]);
// A trailing "remember" needs a comma before it: "I will remember that" is the user's own
// promise. After it, the request may point back with a pronoun ("…, don't forget that",
// "…, recuerda eso", "…, acuérdate de eso", "…, tenlo en cuenta").
const TRAILING_REQUESTS =
  "remember (?:that|this)|remember|(?:don't|dont|do not) forget(?: (?:that|this|it))?|keep (?:that|this|it) in mind|bear (?:that|this|it) in mind|" +
  'recordalo|recuerdalo|acordate(?: de)? (?:eso|esto)|acuerdate(?: de)? (?:eso|esto)|acordatelo|acuerdatelo|recorda (?:eso|esto)|recuerda (?:eso|esto)|' +
  'no lo olvides|no te olvides(?: de (?:eso|esto))?|no olvides (?:eso|esto)|tenlo en cuenta|tene(?:lo| eso) en cuenta|ten eso en cuenta|apuntalo|anotalo|guardalo|guardatelo';
const POLITE_WORD = '(?:please|pls|por favor|porfa)';
const TRAIL = new RegExp(
  `(?:\\s*[,.!-]\\s*|\\s+)(you should know|just so you know|for the record|fyi|para que sepas|para que lo sepas)[.!\\s]*$` +
    `|\\s*[,-]\\s*(?:${POLITE_WORD}\\s*,?\\s+)?(${TRAILING_REQUESTS})(?:\\s*,?\\s*${POLITE_WORD})?[.!\\s]*$`,
  'u',
);
// Hedges that follow what they qualify ("I live in Porto, I think", "vivo en Madrid, creo"),
// after a comma or dash; the first-person ones also without ("I work at Acme I think").
const TRAILING_HEDGES =
  "i think(?: so)?|i guess|i believe|i suppose|i'm not sure|im not sure|not sure|or so i (?:think|believe|hear)|maybe|perhaps|probably|possibly|" +
  'creo(?: yo)?|supongo|me parece|quizas|quiza|tal vez|probablemente|posiblemente|no estoy segur[oa]';
const HEDGE_TAIL = new RegExp(`(?:\\s*[,-]\\s*(${TRAILING_HEDGES})|\\s+(i think|i guess|i believe|i suppose))[.!\\s]*$`, 'u');
const HEDGE_ONLY = new RegExp(`^(?:${TRAILING_HEDGES})[.!\\s]*$`, 'u');
const FROM_NOW_ON_TAIL = new RegExp(`(?:\\s*[,-]\\s*|\\s+)(${CLOSING_FROM_NOW_ON})[.!\\s]*$`, 'u');
const FROM_NOW_ON_ONLY = new RegExp(`^(?:${CLOSING_FROM_NOW_ON})[.!\\s]*$`, 'u');
const MAX_LEAD_INS = 8;
const SPANISH_MARKER =
  /\b(?:que|para|recorda|recuerda|recordad|recordame|recuerdalo|recordalo|guardalo|guardatelo|guarda|guardate|apuntalo|anotalo|acordate|acuerdate|olvides|cuenta|nota|anota|apunta|sepas|partir|ahora|aca|realidad|quise|dicho|correccion|creo|parece|supongo|quizas|quiza|tal vez|capaz|probablemente|posiblemente|segur[oa]|desde|adelante|perdon|equivoque|confundi|equivocad[oa]|error mio)\b/u;

// How a request to remember ends when a clause follows it, not an object (the Spanish
// ones always end so: their pattern needs "que" or a colon).
const INTRODUCES_CLAUSE = /(?:\b(?:that|this|que)|[:,-])\s*$/u;

function applyLeadIn(kind: MarkerKind, text: string, markers: ClauseMarkers): void {
  if (kind === 'explicit') {
    markers.explicit = true;
    markers.bareObject = !INTRODUCES_CLAUSE.test(text);
  } else if (kind === 'notice') markers.notice = true;
  else if (kind === 'hedge') markers.hedged = true;
  else if (kind === 'correction') markers.correction = true;
  else if (kind === 'fromNowOn') markers.fromNowOn = 'opens';
  if (kind === 'filler' || kind === 'vocative' || kind === 'wakeWord') return;
  markers.language ??= SPANISH_MARKER.test(text) ? 'es' : 'en';
}

function matchLeadIn(scan: string): [MarkerKind, string] | null {
  for (const [kind, pattern] of LEAD_INS) {
    const match = pattern.exec(scan);
    if (!match || match[0].length === 0) continue;
    if (kind === 'vocative' || kind === 'wakeWord') {
      const word = match[0].replace(/^hey\s+/u, '').replace(/[,\s]+$/u, '');
      if (NOT_VOCATIVE.has(word) || (kind === 'wakeWord' && NOT_WAKE_WORD.has(word))) continue;
    }
    return [kind, match[0]];
  }
  return null;
}

// "Can you remember that I'm vegan?", "¿Podés recordar que soy vegano?": asked politely, a
// request to remember, not a question. "Can you remember that I told you…" asks whether
// something is remembered (CONVERSATION_BACK).
const POLITE_REMEMBER =
  /^(?:(?:please|pls|por favor)[\s,]+)?(?:(?:can|could|would|will) (?:you|u)(?: please)? (?:remember|keep in mind|bear in mind|make a note|take note|note)(?: that\b|\s*(?=:))|(?:podes|podrias|puedes|podras|podria)(?: por favor)? (?:recordar|acordarte de|acordarte|tener en cuenta|anotar) que\b)(?:\s*:\s*|\s+)/u;
const CONVERSATION_BACK =
  /^(?:i|we)\s+(?:\p{L}+\s+)?(?:told|said|mentioned|asked|talked|showed|sent|wrote|gave)\b|^(?:yo\s+)?te\s+(?:dije|conte|mencione|pregunte|pase|mostre|mande|escribi|hable)\b/u;

/**
 * The statement a polite request to remember asks to keep, and the markers it gets (the
 * request is explicit), or null. The question mark does not make it a question.
 */
export function politeRememberRequest(sentence: FoldedText): MarkedClause | null {
  const scan = sentence.scan.replace(/^[¿¡]\s*/u, '');
  const match = POLITE_REMEMBER.exec(scan);
  if (!match) return null;
  const start = sentence.scan.length - scan.length + match[0].length;
  const body = trimFolded(sliceFolded(sentence, start, sentence.folded.length));
  if (body.folded.length === 0 || CONVERSATION_BACK.test(body.scan)) return null;
  const language = /^(?:por favor[\s,]+)?(?:podes|podrias|puedes|podras|podria)\b/u.test(scan) ? 'es' : 'en';
  return { body, markers: { explicit: true, notice: false, hedged: false, correction: false, fromNowOn: false, bareObject: false, language } };
}

// The markers that let a statement no rule recognises be kept (genericFact): asked to remember, offered as information, "from now on".
const KEEPING_KINDS: ReadonlySet<MarkerKind> = new Set(['explicit', 'notice', 'fromNowOn']);

/** What every lead-in and tail that marks a statement to keep needs (rule-support.ts, Trigger). */
export const KEEPING_MARKER_TRIGGER: TriggeredPatterns = {
  trigger: new RegExp(
    'remember|forget|in mind|note|memoriz|recuerd|acuerd|olvid|record|acord|en cuenta|nota|apunta|guardalo|guardatelo|guarda(?:te|lo|telo)?\\s*(?::|que\\b)' +
      '|you know|should know|fyi|information|informacion|future reference|sepas|te cuento que|sabe que' +
      `|${FROM_NOW_ON}`,
    'u',
  ),
  patterns: [...LEAD_INS.filter(([kind]) => KEEPING_KINDS.has(kind)).map(([, pattern]) => pattern), TRAIL, FROM_NOW_ON_TAIL, POLITE_REMEMBER],
};

/**
 * A clause that only qualifies the one before it: a hedge ("…, I think") or "from now on"
 * ("Answer in English, from now on"). It belongs to that clause.
 */
export function isTrailingQualifier(scan: string): boolean {
  return HEDGE_ONLY.test(scan) || FROM_NOW_ON_ONLY.test(scan);
}

/** Strips fillers, vocatives, remember/notice/hedge/correction/"from now on" lead-ins, remember tails and hedge tails. */
export function stripMarkers(clause: FoldedText): MarkedClause {
  const markers: ClauseMarkers = {
    explicit: false,
    notice: false,
    hedged: false,
    correction: false,
    fromNowOn: false,
    bareObject: false,
    language: null,
  };
  let body = clause;
  for (let round = 0; round < MAX_LEAD_INS; round++) {
    const found = matchLeadIn(body.scan);
    if (!found) break;
    const [kind, text] = found;
    applyLeadIn(kind, text, markers);
    body = sliceFolded(body, text.length, body.folded.length);
  }
  const tail = TRAIL.exec(body.scan);
  if (tail && tail.index > 0) {
    if (tail[1] !== undefined) markers.notice = true;
    else markers.explicit = true;
    const name = (tail[1] ?? tail[2] ?? '').trim();
    markers.language ??= SPANISH_MARKER.test(name) || !/^(?:remember|don't|dont|do not|keep|bear)\b/u.test(name) ? 'es' : 'en';
    body = sliceFolded(body, 0, tail.index);
  }
  const hedge = HEDGE_TAIL.exec(body.scan);
  if (hedge && hedge.index > 0) {
    applyLeadIn('hedge', hedge[1] ?? hedge[2] ?? '', markers);
    body = sliceFolded(body, 0, hedge.index);
  }
  const lasting = FROM_NOW_ON_TAIL.exec(body.scan);
  if (lasting && lasting.index > 0) {
    markers.fromNowOn ||= 'closes';
    markers.language ??= SPANISH_MARKER.test(lasting[1] ?? '') ? 'es' : 'en';
    body = sliceFolded(body, 0, lasting.index);
  }
  return { body: trimFolded(body), markers };
}
