import { sliceFolded, type FoldedText } from './folded-text.js';
import { endsWithDottedAcronym } from './sentence-periods.js';

// When a change happened is not part of what is true now: "moved to Berlin in June" is
// "I live in Berlin", not "I live in Berlin in June". Only at the very end of the value,
// so that places keep their names ("in June Lake", "en Mar del Plata", "in Spring Valley").
const WHEN =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|' +
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|fall|autumn|winter|\\d{4}|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|lunes|martes|miercoles|jueves|viernes|sabado|domingo|primavera|verano|otono|invierno)';
const TIME_PHRASE = new RegExp(
  `\\s+(?:back\\s+)?(?:in|on|during|around|en|el|durante)\\s+(?:(?:early|late|mid)\\s+)?${WHEN}(?:\\s+\\d{1,4}(?:st|nd|rd|th)?)*\\s*$`,
  'u',
);
// A comma or colon between digits is part of a number or a time ("8,000 euros", "9:30").
// "To" before a verb is a purpose ("I moved to Lisbon to work at Acme"), but not after "not"
// ("I decided not to learn Rust"), and after a verb of going "to work" is where one goes
// ("I decided not to go to work on Mondays").
const VALUE_END =
  /\s*(?:[;()[\]]|(?<!\d)[,:]|[,:](?!\d))|\s+-\s|\s+(?:(?:last|this|next)\s+(?:year|month|week|weekend|summer|winter|spring|fall|autumn)|yesterday|now that|in order to|(?:not\s+to|(?<!\bnot\s+)to)\s+(?=(?:ensure|make|help|get|be|see|study|learn|keep|pay|save|support|find|visit|take|try|avoid|stay|live)\b|(?<!\b(?:go|goes|went|gone|come|comes|came|walk|walks|walked|drive|drives|drove|bike|bikes|biked|cycle|cycles|cycled|ride|rides|rode|commute|commutes|commuted|head|heads|headed|get|gets|got|back|way)\s+to\s+)work\b)|(?:el|la)\s+(?:ano|mes|semana)\s+pasad[oa]|hace\s+\p{L}+\s+(?:dias?|semanas?|mes|meses|anos?)|para\s+(?=\p{L}+(?:ar|er|ir)\b))\b|\s+(?:because|cause|since|so that|so|but|though|although|if|unless|when|which|who|where|while|whereas|except|as|desde|porque|pero|aunque|si|cuando|donde|ya que|asi que|mientras|excepto|salvo)\b|\s+(?:and|y|e)\s+(?=(?:i|i'm|i've|my|we|he|she|they|you|his|her|their|the|it|it's|then|now|also|am|is|are|was|have|has|do|don't|just|yo|mi|mis|el|la|me|ahora|luego|despues|tambien)\b|\p{L}+ing\b)/u;
// What the value ends with that says nothing of it: when it was said or began ("…Lisbon
// last year", "…smoking starting today"), "now", "lol".
const TRAILING_FILLER =
  /(?:\s+(?:(?:last|this|next|el|la|este|esta)\s+(?:year|month|week|weekend|summer|winter|spring|fall|autumn|ano pasado|mes pasado|semana pasada|ano|mes|semana)|(?:a|one|two|three|four|five|six|a few|few|several|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|hace\s+(?:un|una|unos|unas|dos|tres|cuatro|cinco|varios|varias|poco|mucho|\d+)(?:\s+(?:dias?|semanas?|mes|meses|anos?))?|(?:starting|beginning|as\s+of)\s+(?:today|tonight|now|tomorrow)|(?:the\s+)?last\s+time|la\s+(?:ultima|otra)\s+vez|yesterday|today|recently|ayer|hoy|recien|now|anymore|any more|any longer|these days|right now|nowadays|lol|haha+|lmao|too|as well|btw|though|tbh|just|really|honestly|personally|for sure|more|better|the most|ahora|ya|actualmente|hoy en dia|tambien|jaja+|jeje+|che))+\s*$/u;
const EDGE = /[\s.,;:!?¡¿"'`*_~…\-]/u;
/** Values longer than this are rambling, not a fact. */
export const MAX_VALUE_WORDS = 12;

/**
 * Folded [start, end) of the cleaned value inside `raw`, or null. `keepWhen`: a day or
 * month at its end stays (a decision's "ship on Friday", "el lanzamiento es el viernes":
 * there, when is what was decided).
 */
export function cleanValueSpan(raw: FoldedText, keepWhen = false, maxWords = MAX_VALUE_WORDS): [number, number] | null {
  const scan = raw.scan;
  let start = 0;
  let end = scan.length;
  while (start < end && EDGE.test(scan[start] ?? '')) start++;
  const boundary = VALUE_END.exec(scan.slice(start, end));
  if (boundary && boundary.index > 0) end = start + boundary.index;
  const filler = TRAILING_FILLER.exec(scan.slice(start, end));
  if (filler && filler.index > 0) end = start + filler.index;
  const when = keepWhen ? null : TIME_PHRASE.exec(scan.slice(start, end));
  if (when && when.index > 0) end = start + when.index;
  while (end > start && EDGE.test(scan[end - 1] ?? '')) end--;
  if (scan[end] === '.' && endsWithDottedAcronym(scan.slice(start, end))) end++;
  const folded = raw.folded.slice(start, end);
  if (!/[\p{L}\p{N}]/u.test(folded)) return null;
  return folded.split(/\s+/u).length > maxWords ? null : [start, end];
}

/**
 * Folded index in `raw` where its value meets the first clause boundary (the comma of "tea
 * today, thanks", the "because" of "Lisbon because…"), or the end of `raw`: what a value
 * said before its fillers and time words were cut, through to that point.
 */
export function valueBoundary(raw: FoldedText): number {
  let start = 0;
  while (start < raw.scan.length && EDGE.test(raw.scan[start] ?? '')) start++;
  const boundary = VALUE_END.exec(raw.scan.slice(start));
  return boundary && boundary.index > 0 ? start + boundary.index : raw.scan.length;
}

// A place's name goes on after its comma with parts made of capitalised words and codes
// ("42 Elm Street, Springfield", "Springfield, Illinois", "Calle Mayor 5, 28013 Madrid",
// "London SW1A 2AA"), joined by the small words of place names ("Alcalá de Henares").
const PLACE_PART = /^\s*,\s*([^,]+?)\s*(?=,|$)/u;
const PLACE_JOINERS: ReadonlySet<string> = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'of', 'on', 'upon', 'am', 'an', 'der', 'sur']);
const NAME_OR_CODE = /^[\p{Lu}\p{N}]/u;
// Said after a comma and capitalised, yet no part of a place: "I live in Lisbon, LOL",
// "…Oslo, thanks", "…Porto, BTW".
const NOT_A_PLACE_PART = /^(?:lol|lmao|rofl|btw|fyi|imo|imho|tbh|thanks|thank|thx|ty|cheers|ok|okay|please|pls|haha\p{L}*|jaja\p{L}*|jeje\p{L}*|gracias|porfa|vale|bueno|anyway|anyways|bye|hi|hello|hola|xd|omg|sadly|honestly|obviously|finally|por favor)$/iu;
const PART_WORD = /\S+/gu;
const MAX_PLACE_PART_WORDS = 4;

// Whether the part of `raw` at folded [start, start + length) names a place: every word
// capitalised or a code, save the joiners between them, at most four words.
function namesPlacePart(raw: FoldedText, start: number, part: string): boolean {
  if (NOT_A_PLACE_PART.test(part.trim())) return false;
  let words = 0;
  PART_WORD.lastIndex = 0;
  for (let word = PART_WORD.exec(part); word !== null; word = PART_WORD.exec(part)) {
    if (++words > MAX_PLACE_PART_WORDS) return false;
    const first = sliceFolded(raw, start + word.index, start + word.index + 1).original;
    if (!NAME_OR_CODE.test(first) && (words === 1 || !PLACE_JOINERS.has(word[0]))) return false;
  }
  return words > 0;
}

/**
 * Where a place's value that ends at folded index `end` of `raw` ends with the parts of
 * its name after commas ("42 Elm Street" + ", Springfield"), or `end` when none follows.
 * A part that is anything else ("…, a lovely town", "…, Juan en Sevilla") ends it there.
 */
export function placeNameEnd(raw: FoldedText, end: number): number {
  let extended = end;
  for (;;) {
    const part = PLACE_PART.exec(raw.scan.slice(extended));
    if (part === null) return extended;
    const words = part[1] ?? '';
    const start = extended + part[0].length - words.length;
    if (!namesPlacePart(raw, start, words)) return extended;
    extended += part[0].length;
  }
}

/**
 * Cuts a captured value at the first clause boundary ("Acme because…", "Lisbon and I…"),
 * drops trailing fillers ("now", "anymore", "lol") and edge punctuation.
 * Returns null when nothing usable remains or the value is too long to be a fact.
 */
export function cleanValue(raw: FoldedText): FoldedText | null {
  const span = cleanValueSpan(raw);
  return span ? sliceFolded(raw, span[0], span[1]) : null;
}

// Why one lives or works somewhere is no part of the place or the employer ("I live in
// Lisbon for work", "vivo en Lisboa por el trabajo", "I moved to Berlin because of my wife":
// "because" already ends a value). Closed lists: "for" and "por" also name places and
// employers ("a home for the elderly", "Doctors for Peace", "vivo por el centro").
const REASON = new RegExp(
  '\\s+(?:(?:just|mostly|mainly|only|partly|basically|solo|mas que nada|sobre todo|principalmente)\\s+)?(?:' +
    '(?:for|because of|due to|thanks to)\\s+(?:(?:my|our|a|the|a new|the new)\\s+)?(?:work|job|studies|(?:(?:grad|graduate|law|med|medical|business)\\s+)?school|college|university|uni|degree|phd|masters|love|family|kids|children|' +
    'wife|husband|partner|girlfriend|boyfriend|fiance|fiancee|parents|money|weather|taxes|(?:family|personal|work|health)\\s+reasons)' +
    '|(?:por|debido a|a causa de|gracias a)\\s+(?:(?:el|la|los|las|mi|mis|un|una|nuestro|nuestra)\\s+)?(?:trabajo|laburo|curro|estudios|facultad|universidad|uni|carrera|master|doctorado|amor|' +
    'familia|hijos|ninos|pareja|novia|novio|esposa|esposo|marido|mujer|padres|plata|dinero|clima|impuestos|(?:motivos|razones|temas)\\s+\\p{L}+)' +
    ')\\b.*$',
  'u',
);

/** A place or employer without the reason said after it ("Lisbon for work" → "Lisbon"). */
export function withoutReason(value: FoldedText): FoldedText {
  const reason = REASON.exec(value.scan);
  return reason === null || reason.index === 0 ? value : sliceFolded(value, 0, reason.index);
}

/**
 * Cuts a place or employer at "and" + a lowercase word ("Ohio and love it"); a capitalised
 * word keeps it whole ("Procter and Gamble", "Trinidad y Tobago").
 */
export function cutAtConjunction(value: FoldedText): FoldedText {
  const match = /\s+(?:and|y|e)\s+/u.exec(value.scan);
  if (!match || match.index === 0) return value;
  const next = sliceFolded(value, match.index + match[0].length, value.folded.length).original;
  return /^\p{Lu}/u.test(next) ? value : sliceFolded(value, 0, match.index);
}

/** Where a value cut from `raw` lies inside it (folded indices), or null when it is not found there. */
export function valueSpanIn(raw: FoldedText, value: FoldedText): { start: number; end: number } | null {
  const start = raw.scan.indexOf(value.scan);
  return start < 0 ? null : { start, end: start + value.scan.length };
}
