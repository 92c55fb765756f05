import { foldText } from '../conversation/text-normalise.js';
import { localDay, weekStart } from '../local-days.js';

/** A message that asks about earlier conversation, and the time span it names, if any. */
export interface PastReference {
  phrase: string;
  /** The day range of "yesterday" / "ayer" / "last week"… in local days; null when no time is named. */
  range: { from: number; to: number } | null;
  /** The words that named the range ("yesterday", "la semana pasada"): when, not what. */
  rangePhrase: string | null;
}

interface Pattern {
  pattern: RegExp;
  /** `from: 'last-week'`: back to the Monday of the week before this one. */
  days?: { from: number | 'last-week'; to: number };
  /** Matched against the message as written (case-insensitive), where accents still tell tenses apart. */
  accented?: true;
}

// Spanish questions in a past tense, matched from the verb (a rare word, where an
// interrogative is a common one: a long message costs one pass): an interrogative at most
// 80 characters before it in its clause (`lead`), and a "?" ending that clause, so a
// relative "que" in a statement ("la casa que compramos es bonita") asks nothing.
const ES_WHICH = 'cuando|que|donde|adonde|quien|quienes|por que|cuanto|cuanta|cuantos|cuantas|cual|cuales';
const ES_INTERROGATIVES = `${ES_WHICH}|como`;
const ES_ASKED_BEFORE = (interrogatives: string): string => String.raw`(?<=(?<lead>\b(${interrogatives})\b[^?.!¿\n]{0,80}?)\b(?<verb>[a-z]+))`;
const ES_ASKED_AFTER = String.raw`(?=[^.!?¿\n]{0,160}\?)`;
// Forms that are only a past, folded: the imperfect in -aba ("se llamaba", "costaba"; not
// "acaba", "sílaba", "traba"), the imperfect in -ía of common verbs ("salía", "había"; a
// closed list, since nouns end so too: "día", "batería"; not "hacia", a preposition), the
// preterite's 2nd person singular ("elegiste"; not "existe", "chiste", "contraste") and
// 3rd plural ("compraron", "eligieron", "dijeron"), and irregular or -er preterites of the
// 1st persons ("fuimos", "comimos", "estuve").
const ES_PAST_FORMS = [
  String.raw`[a-z]+(aba|abas|aban|abamos|aste|asteis|iste|isteis|aron|ieron|jeron|yeron)\b(?<!\b([a-z](aba|abas|aban|abamos|aste|asteis|iste|isteis|aron)|acaba|acabas|acaban|acabamos|menoscaba|silaba|silabas|traba|trabas|traban|alaba|alabas|alaban|guayaba|guayabas|aldaba|contraste|desgaste|traste|engaste|existe|resiste|insiste|consiste|asiste|desiste|persiste|subsiste|reviste|inviste|desviste|embiste|chiste|triste|quiste|alpiste|despiste|sharon))`,
  String.raw`(?!hacia\b)(hab|ten|sal|viv|pod|sab|quer|dec|hac|ven|com|le|cre|parec|conoc|val|ofrec|serv|ped|segu|deb|sol|ve|pon|tra|sent|dorm|escrib|abr|sub|recib|met|perd|vend|aprend|cab)(ia|ias|ian|iamos)`,
  'iba|ibas|iban|ibamos',
  'fui|estuve|tuve|puse|pude|quise|supe|vine|hice|estuvimos|pusimos|vimos|dimos|pudimos|quisimos|supimos|vinimos|trajimos|anduvimos|condujimos|leimos|creimos',
  'comimos|bebimos|vendimos|perdimos|aprendimos|conocimos|escogimos|recogimos|cogimos|entendimos|volvimos|devolvimos|rompimos|respondimos|ofrecimos|metimos|resolvimos|prometimos',
].join('|');
// The 1st person plural of -ar and -ir verbs is a present as well as a preterite ("¿dónde
// compramos los billetes?" asks where we bought them, or where to buy them): only verbs of
// a choice or a transaction, what one later asks about; not with a time still to come in
// the clause ("¿qué compramos para mañana?"), nor after "cómo" ("¿cómo reservamos?" asks
// how to). "¿Dónde vivimos?", "¿cómo configuramos…?" and what recurs ("¿cuánto pagamos de
// alquiler?") stay the present.
const ES_DONE_TOGETHER =
  'elegimos|decidimos|acordamos|reservamos|compramos|regalamos|pedimos|contratamos|alquilamos|encargamos|mandamos|enviamos|invitamos|visitamos|firmamos|apuntamos|anotamos|comentamos|mencionamos|definimos|planeamos|probamos';
const ES_STILL_TO_COME = String.raw`\b(hoy|ahora|ahorita|manana|luego|despues|esta noche|esta tarde|esta semana|este finde|este fin de semana|este mes|este ano|proximo|proxima|que viene|que vienen)\b`;
// Written as typed (case-insensitive), the preterite's 3rd and 1st person singular keep an
// accent that folding loses; not after an article or a preposition, where such a word is a
// noun or a name ("al dominó", "de Beyoncé", "un soufflé") ("¿qué nos recomendó?", "¿dónde dejé las llaves?"; folded,
// "recomendo" is also "I recommend"); not "qué" itself, nor nouns ("café", "bebé").
const ES_ACCENTED_PAST = new RegExp(
  String.raw`[óé](?![\p{L}\p{N}])` +
    String.raw`(?<=(?<lead>(?<![\p{L}\p{N}])(cu[aá]ndo|qu[eé]|d[oó]nde|ad[oó]nde|qui[eé]n(es)?|c[oó]mo|por qu[eé]|cu[aá]nt[oa]s?|cu[aá]l(es)?)(?![\p{L}\p{N}])[^?.!¿\n]{0,80}?)(?<![\p{L}\p{N}])(?<!(?<![\p{L}\p{N}])(?:el|la|los|las|un|una|unos|unas|al|del|de|con|para|por|en|sin|sobre)\s+)(?<verb>\p{L}+ó|(?!(caf|beb|pur|comit|jos|chal|carn|bid|canap|parqu|pat|cors|est|consom|clich|clis|buqu|quinqu|fianc|resum|touch)é)\p{L}{3,}é))` +
    ES_ASKED_AFTER,
  'iu',
);

// Accent-folded, lower-case text is matched (the message as written for `accented` ones).
// Days count back from today (0 = today).
const PATTERNS: readonly Pattern[] = [
  { pattern: /\b(the day before yesterday|anteayer|antes de ayer)\b/, days: { from: 2, to: 2 } },
  { pattern: /\b(yesterday|ayer)\b/, days: { from: 1, to: 1 } },
  // A summary names a day of last week "the week of <its Monday>": asked on a Thursday, "last
  // week" spans the 7 days before and the whole calendar week before this one (10 days).
  { pattern: /\b(last week|la semana pasada)\b/, days: { from: 'last-week', to: 1 } },
  { pattern: /\b(the other day|el otro dia)\b/, days: { from: 7, to: 1 } },
  { pattern: /\b(this morning|earlier today|esta manana|hoy temprano)\b/, days: { from: 0, to: 0 } },
  { pattern: /\bwhat (did|have) (we|i|you) (decide|agree|say|talk|discuss|choose|pick|conclude)\w*/ },
  { pattern: /\b(did|have) we (decide|agree|talk|discuss|settle)\w*/ },
  // "Do you remember what we chose…", "remember how we fixed it?"; not what still has to
  // happen ("remember what you need to bring", "remember what I have to buy").
  { pattern: /\b(remember|recall) (what|when|how|where|which|who|why|whether|if) (we|i|you)\b(?! (need|have|want|should|must|can|could|will|would|are|am|do|does|like|mean|think|know|get|use|go)\b)/ },
  // "remind me to…", "remind me at 5", "remind me tomorrow" ask for a reminder: the future.
  { pattern: /\b(last time|earlier|previously|remind me(?!\s+(to|in|at|on|tomorrow|tonight|later|next|every|when)\b)|we talked about|we discussed|we decided|we agreed)\b/ },
  // "before" ends its clause when it means "earlier" ("as I said before."); followed by a
  // word it is a deadline ("before the weekend", "before I leave"), not the past.
  { pattern: /\bbefore\b(?!\s*[a-z0-9])/ },
  { pattern: /\bque (decidimos|acordamos|hablamos|dijimos|elegimos|escogimos|definimos|quedamos)\b/ },
  // "¿Cómo quedamos con el despliegue?" asks what was agreed; "¿cómo quedamos para el
  // viernes / mañana?" arranges what comes.
  { pattern: /\bcomo quedamos\b(?!\s+(para|manana|hoy|esta|este|el (lunes|martes|miercoles|jueves|viernes|sabado|domingo|finde)|luego|despues|a las)\b)/ },
  // "¿Te acuerdas de lo que…?", "¿recuerdas cómo configuramos…?"; not how to do something
  // ("¿te acuerdas de cómo configurar…?").
  { pattern: /\b(te acuerdas|te acordas|recuerdas|recordas)( de)? (lo que|como|cuando|donde|cual|quien)\b(?!\s+(\w+(ar|er|ir)(lo|la|los|las|le|les|me|te|se|nos)?|se|hay|es|son|esta|estan|tengo|tienes|tiene|hago|haces|hace)\b)/ },
  // The pluperfect ("¿qué habíamos decidido…?") and the impersonal past ("¿qué se decidió…?").
  { pattern: /\bhabia(mos|s|n)? (decidido|acordado|hablado|dicho|elegido|quedado|conversado|comentado)\b/ },
  { pattern: /\bse (decidio|acordo|hablo|eligio|resolvio|concluyo)\b/ },
  // "¿En qué quedó lo del despliegue?", "¿cómo terminó eso?": how a matter ended. Folded,
  // "termino" is also "I finish": only with a matter after it ("lo del…", "eso", "todo").
  { pattern: /\b(en que|como) (quedo|termino|acabo|salio|resulto) (lo|eso|todo)\b/ },
  // Questions in the past tense ("when did Caroline go…?", "what was the name…?", "…the
  // puppy she got?"): an auxiliary or a common irregular past.
  { pattern: /\b(when|what|where|who|how|why|which)\b[^?.!]{0,80}?\b(did|was|were|had|went|said|told|used to|got|bought|met|saw|made|took|gave|found|came|chose|(?<!\b(is|s|are|be|been|the|any|anything|nothing|none|turn|go|keep|or|have|has|still|got) )left(?!\s+(over|side|hand|or)\b|-))\b/ },
  { pattern: /\b(did|was|were) (i|we|you|he|she|they)\b/ },
  { pattern: /\b\d+ (days?|weeks?|months?|years?) ago\b|\b(a while|long) ago\b/ },
  // The Spanish past of a question: "¿cuándo fue…?", "¿qué te conté del carpintero?",
  // "¿cuándo dijimos que…?", and the imperfect of what something was ("¿cuánto era el
  // presupuesto?", "¿cuál era su nombre?"); not "era" as a noun ("la era del hielo"), nor
  // forms that are also a present or a subjunctive folded ("comente", "menciono"). What
  // lies between is bounded: a long text without a stop costs no more than a short one.
  {
    pattern:
      /\b(cuando|que|donde|quien|como|por que|cuanto|cuanta|cuantos|cuantas|cual|cuales)\b[^?.!]{0,80}?\b(fue|fuiste|fuimos|fueron|hizo|hiciste|hicimos|dijo|dijiste|dije|dijimos|conte|contaste|contamos|mencionaste|comentaste|te (?:comente|mencione)|paso|estuvo|estuvimos|tuvo|tuvimos|(?<!\b(la|una|esta|esa|nueva|gran|otra) )era|eran|estaba|estaban|tenia|teniamos)\b/,
  },
  // Any other Spanish question in a past tense (the tense, not the verb, tells): "¿Cómo se
  // llamaba el fotógrafo…?", "¿A qué hora salía el vuelo?", "¿Qué restaurante elegimos…?".
  { pattern: new RegExp(String.raw`\b(${ES_PAST_FORMS})\b${ES_ASKED_BEFORE(ES_INTERROGATIVES)}${ES_ASKED_AFTER}`) },
  {
    pattern: new RegExp(
      String.raw`\b(${ES_DONE_TOGETHER})\b${ES_ASKED_BEFORE(ES_WHICH)}(?<!${ES_STILL_TO_COME}[^?.!\n]{0,200})(?![^?.!¿\n]{0,160}${ES_STILL_TO_COME})${ES_ASKED_AFTER}`,
    ),
  },
  { pattern: ES_ACCENTED_PAST, accented: true },
  { pattern: /\bhace (\d+|un|una|unos|unas|mucho|poco) ?(dias?|semanas?|meses|anos?|tiempo)?\b/ },
  // "recuérdame llamar…", "recordame mañana", "recuérdame que compre…" ask for a reminder.
  { pattern: /\b(la ultima vez|anteriormente|(recordame|recuerdame)(?!\s+(\w+(ar|er|ir)(me|te|le|lo|la|nos|les|los|las)?|manana|pasado|en|esta|que|a las)\b)|hablamos de|decidimos|acordamos|quedamos en)\b/ },
  // Likewise "antes" ("como te dije antes") but not "antes de…" / "antes que…", a deadline.
  { pattern: /\bantes\b(?!\s+(de|del|que)\b)/ },
];

const LAST_TIMED = PATTERNS.findLastIndex((pattern) => pattern.days !== undefined);

/**
 * Does the message ask about the past ("what did we decide yesterday about the
 * deployment?", "¿qué decidimos ayer?")? Archived summaries are retrieved only then.
 * Days are the local days of `now` in the daemon's time zone (`TZ`, else the system's):
 * the user's, on the machine they talk to their assistant on.
 */
export function detectPastReference(message: string, now: number): PastReference | null {
  const head = message.slice(0, 4000);
  const text = foldText(head);
  let first: string | null = null;
  let timed: { phrase: string; days: NonNullable<Pattern['days']> } | null = null;
  // The first phrase names the reference; the first time span found bounds it. Patterns
  // run in order and stop once neither can change (time spans are named first).
  for (let index = 0; index < PATTERNS.length; index++) {
    if (first !== null && (timed !== null || index > LAST_TIMED)) break;
    const { pattern, days, accented } = PATTERNS[index] as Pattern;
    const match = pattern.exec(accented ? head : text);
    if (match === null) continue;
    // A pattern matched from its verb names what asked in `lead`.
    const said = match.groups?.lead === undefined ? match[0] : `${match.groups.lead}${match.groups.verb ?? ''}`;
    first ??= accented ? foldText(said) : said;
    if (days !== undefined && timed === null) timed = { phrase: match[0], days };
  }
  if (first === null) return null;
  return { phrase: first, range: timed ? dayRange(now, timed.days) : null, rangePhrase: timed?.phrase ?? null };
}

// The local days `days` spans, counted back from the day of `now`, as epoch ms.
function dayRange(now: number, days: NonNullable<Pattern['days']>): { from: number; to: number } {
  const from = days.from === 'last-week' ? weekStart(now, -1) : localDay(now, -days.from);
  return { from: from.getTime(), to: localDay(now, 1 - days.to).getTime() - 1 };
}
