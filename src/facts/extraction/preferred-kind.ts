import { sliceFolded, type FoldedText } from './folded-text.js';
import type { Language } from './rule-support.js';
import { contentWords, nounKey } from './subject-key.js';

// A preference between kinds of one thing: "I prefer window seats" and "I prefer aisle
// seats" both prefer a seat by where it is, and differ by the word before it. The thing
// preferred (the head noun), what its modifier tells about it (the seat's position) and
// what restricts where it holds ("on buses") are the subject; the modifier is the value.
// So the two compete, while "I prefer tea" and "I prefer jazz" (no modifier), "…aisle
// seats on buses" and "…on trains" (another qualifier), or "I prefer morning meetings" and
// "I prefer short meetings" (when and how long: two preferences) never do. A modifier
// whose dimension is not known makes no kind: such a preference competes with none
// ("remote meetings" and "recorded meetings" may both hold).

// What modifiers tell about a thing, by the dimension they choose on. Folded, both numbers
// and genders of the Spanish ones.
const DIMENSIONS: ReadonlyArray<[string, string]> = [
  ['position', 'window aisle middle front back rear ventanilla pasillo medio adelante delante atras trasero trasera traseros traseras delantero delantera delanteros delanteras'],
  ['time', 'morning afternoon evening night late early midday lunchtime daytime nighttime overnight red-eye weekday weekend manana tarde noche mediodia matutino matutina matutinos matutinas nocturno nocturna nocturnos nocturnas temprano temprana tempranos tempranas'],
  ['length', 'short long brief quick lengthy shorter longer corto corta cortos cortas largo larga largos largas breve breves rapido rapida rapidos rapidas'],
  ['size', 'small big large tiny huge medium smaller bigger larger pequeno pequena pequenos pequenas grande grandes chico chica chicos chicas mediano mediana medianos medianas'],
  ['temperature', 'hot cold iced warm chilled lukewarm caliente calientes frio fria frios frias helado helada helados heladas tibio tibia tibios tibias'],
  ['color', 'red white rose black green blue yellow pink grey gray brown purple tinto tintos blanco blanca blancos blancas rosado rosada rosados rosadas negro negra negros negras verde verdes rojo roja rojos rojas azul azules amarillo amarilla amarillos amarillas'],
  ['format', 'online remote virtual in-person face-to-face async asynchronous presencial presenciales remoto remota remotos remotas'],
  ['frequency', 'daily weekly monthly yearly annual diario diaria diarios diarias semanal semanales mensual mensuales anual anuales'],
];
const DIMENSION_OF: ReadonlyMap<string, string> = new Map(DIMENSIONS.flatMap(([dimension, words]) => words.split(' ').map((word) => [word, dimension] as const)));

// The dimension a modifier chooses on: that of its last known word ("early morning" →
// time), or null when none is known.
function dimensionOf(modifier: string): string | null {
  const words = modifier.split(/\s+/u);
  for (let i = words.length - 1; i >= 0; i--) {
    const dimension = DIMENSION_OF.get(words[i] as string);
    if (dimension !== undefined) return dimension;
  }
  return null;
}

// Where a qualifier of the thing starts: "aisle seats on buses", "asientos de pasillo en el tren".
const QUALIFIER_EN = /\s(?:on|in|at|for|during|while|with|by|from|near|inside|outside|after|before)\s/u;
const QUALIFIER_ES = /\s(?:en|para|durante|con|sin|por|desde|cerca de|antes de|despues de)\s/u;
// Modifier (one or two words), then the head noun; an article may open it.
const NOUN_PHRASE_EN = /^(?:(?:the|a|an|some)\s+)?(?<mod>[\p{L}\p{N}'-]+(?:\s+[\p{L}\p{N}'-]+)?)\s+(?<head>[\p{L}\p{N}'-]+)$/du;
// Head noun first, then the modifier, with or without "de": "vino tinto", "asientos de pasillo".
const NOUN_PHRASE_ES = /^(?:(?:el|la|los|las|un|una|unos|unas|mi|mis)\s+)?(?<head>[\p{L}\p{N}-]+)\s+(?:(?:de|del)\s+)?(?<mod>[\p{L}\p{N}-]+(?:\s+[\p{L}\p{N}-]+)?)$/du;
// Words that make the phrase something other than a modified noun: a verb phrase ("to
// walk", "not to…"), a list ("salt and pepper"), a comparison ("more than…"), a pronoun,
// a possessive, whose noun comes first ("my steak rare": the steak, not a kind of "rare").
const NOT_IN_PHRASE = new Set(
  ('to not no and or but nor of than as that which who whom what is are was be been more less most least much ' +
    'my our your his her their ' +
    'it its them they one ones this these those thing things stuff something anything ' +
    'que y o ni pero no sino como mas menos lo eso esto uno una cosa cosas algo').split(' '),
);
// An English head in -ly is an adverb ("working remotely"), a Spanish one in -ar/-er/-ir a verb ("trabajar solo").
const NOT_A_HEAD: Record<Language, RegExp> = { en: /ly$/u, es: /(?:ar|er|ir)$/u };

/** The thing a preference is about and the modifier it prefers ("aisle seats on the bus" → "seat position on bus", "aisle"). */
export interface PreferredKind {
  /** The head noun, singular, the modifier's dimension and the qualifier's words ("seat position on buses"): the subject key after "preference". */
  key: string;
  /** The modifier: what tells this kind from the others ("aisle"). */
  modifier: FoldedText;
}

// A thing and the part of the day it is for, said with a preposition: "meetings in the
// morning" is "morning meetings", "las reuniones por la tarde" ("de la tarde", "en la
// tarde", "a la tarde", "de noche"). Its words after that phrase are a qualifier, as after
// a kind ("reuniones por la tarde los lunes"). "La reunión de mañana" is tomorrow's: "de"
// takes "mañana" only with its article.
const TIMED_EN = /^(?:(?:the|a|an|some)\s+)?(?<head>[\p{L}\p{N}'-]+)\s+(?:in\s+the|during\s+the|at)\s+(?<mod>morning|afternoon|evening|night|midday|noon|lunchtime)s?(?=\s|$)/du;
const TIMED_ES =
  /^(?:(?:el|la|los|las|un|una|unos|unas|mi|mis)\s+)?(?<head>[\p{L}\p{N}-]+)\s+(?:(?:por|en|a|de|durante)\s+la\s+(?<mod>manana|tarde|noche)|de\s+(?<mod2>tarde|noche)|(?:por|en)\s+las\s+(?<mod3>mananas|tardes|noches)|a\s+la\s+(?<mod4>hora\s+del\s+almuerzo)|al\s+(?<mod5>mediodia))(?=\s|$)/du;

function timedKind(value: FoldedText, language: Language): PreferredKind | null {
  const timed = (language === 'en' ? TIMED_EN : TIMED_ES).exec(value.folded);
  const head = timed?.groups?.head;
  const groups = timed?.indices?.groups;
  const mod = groups?.mod ?? groups?.mod2 ?? groups?.mod3 ?? groups?.mod4 ?? groups?.mod5;
  if (!timed || head === undefined || mod === undefined || NOT_IN_PHRASE.has(head) || NOT_A_HEAD[language].test(head)) return null;
  const qualifier = contentWords(value.folded.slice(timed[0].length));
  return { key: [nounKey(singular(head)), 'time', ...qualifier].join(' '), modifier: sliceFolded(value, mod[0], mod[1]) };
}

/** The kind a preferred value names ("aisle seats" → seat position, aisle), or null when it is no modified noun or its modifier's dimension is unknown. */
export function preferredKind(value: FoldedText, language: Language): PreferredKind | null {
  const timed = timedKind(value, language);
  if (timed !== null) return timed;
  const qualifierAt = (language === 'en' ? QUALIFIER_EN : QUALIFIER_ES).exec(value.folded)?.index ?? value.folded.length;
  const phrase = (language === 'en' ? NOUN_PHRASE_EN : NOUN_PHRASE_ES).exec(value.folded.slice(0, qualifierAt));
  const head = phrase?.groups?.head;
  const mod = phrase?.indices?.groups?.mod;
  if (!phrase || head === undefined || mod === undefined) return null;
  const words = [head, ...(phrase.groups?.mod ?? '').split(/\s+/u)];
  if (words.some((word) => NOT_IN_PHRASE.has(word) || !/\p{L}/u.test(word)) || NOT_A_HEAD[language].test(head)) return null;
  // "using Microsoft's Bing", "watching horror movies": a verb and its object, not a kind of thing ("morning flights" is one).
  if (language === 'en' && /^\p{L}+ing\s/u.test(phrase.groups?.mod ?? '')) return null;
  const dimension = dimensionOf(phrase.groups?.mod ?? '');
  if (dimension === null) return null;
  const qualifier = contentWords(value.folded.slice(qualifierAt));
  return { key: [nounKey(singular(head)), dimension, ...qualifier].join(' '), modifier: sliceFolded(value, mod[0], mod[1]) };
}

const ANOTHER_ONE = /^(?:(?:the|a|an)\s+)?[\p{L}\p{N}'-]+\s+ones?$/u;

/**
 * The kind two compared alternatives share: "window seats over aisle seats", "window over
 * aisle seats" and "the window seat over the aisle one" prefer a seat, "window"; null when
 * they name two things.
 */
export function comparedKind(value: FoldedText, alt: FoldedText, language: Language): PreferredKind | null {
  // "…the window seat over the aisle one": "one" stands for the same thing.
  if (language === 'en' && ANOTHER_ONE.test(alt.folded)) return preferredKind(value, language);
  const other = preferredKind(alt, language);
  if (other === null) return null;
  const own = preferredKind(value, language);
  if (own !== null) return own.key === other.key ? own : null;
  // One bare word before the alternative's kind: the modifier of that same kind, when it chooses on the same dimension.
  const bare = /^[\p{L}\p{N}'-]+$/u.test(value.folded) && !NOT_IN_PHRASE.has(value.folded);
  return bare && dimensionOf(value.folded) === dimensionOf(other.modifier.folded) ? { key: other.key, modifier: value } : null;
}

// One form for "seat" and "seats", "asiento" and "asientos", so that "the window seat"
// competes with "aisle seats" (only the key needs it: the statement keeps the user's words).
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  // "reuniones", "sesiones": "reunión", "sesión".
  if (word.length > 5 && word.endsWith('iones')) return word.slice(0, -2);
  if (/(?:x|z|ch|sh|ss)es$/u.test(word)) return word.slice(0, -2);
  return word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/u.test(word) ? word.slice(0, -1) : word;
}
