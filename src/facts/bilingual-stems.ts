import { foldText } from '../domains/fold-text.js';
import { contentStems, stem } from './fact-words.js';
import { polarityOf, samePolarity } from './polarity.js';

// A fact told in Spanish is forgotten, taken back or said again in English ("Vivo en
// Lisboa" and "forget that I live in Lisbon", "Soy vegetariano" and "I'm not vegetarian
// anymore", "Soy alérgico a la penicilina" and "I'm allergic to penicillin"). Words the two
// languages share meet by their stem already ("lisbo", "veget", "penic"); these are
// everyday words that differ, Spanish then English, compared by their stems (`stem`), the
// Spanish one's read as the English one's. Subject keys are English already
// (extraction/subject-key.ts): this is for what a key does not hold, a value or a note's
// words. Five-letter stems meet more than the word: "ventana" is "venta" (a sale) too.
const SPANISH_ENGLISH: readonly (readonly [string, string])[] = [
  // Food, drink and what a diet or an allergy names.
  ['cafe', 'coffee'], ['azucar', 'sugar'], ['leche', 'milk'], ['sin', 'without'], ['carne', 'meat'], ['cerdo', 'pork'],
  ['pollo', 'chicken'], ['pescado', 'fish'], ['huevo', 'egg'], ['queso', 'cheese'], ['pan', 'bread'], ['vino', 'wine'],
  ['cerveza', 'beer'], ['agua', 'water'], ['alergico', 'allergic'],
  // Places whose names differ.
  ['japon', 'japan'], ['londres', 'london'], ['nueva', 'new'], ['ginebra', 'geneva'], ['bruselas', 'brussels'],
  ['atenas', 'athens'], ['praga', 'prague'], ['varsovia', 'warsaw'], ['moscu', 'moscow'], ['pekin', 'beijing'],
  ['edimburgo', 'edinburgh'],
  // Time: parts of the day, months, days of the week.
  ['manana', 'morning'], ['tarde', 'afternoon'], ['noche', 'night'], ['enero', 'january'], ['febrero', 'february'],
  ['marzo', 'march'], ['abril', 'april'], ['mayo', 'may'], ['junio', 'june'], ['julio', 'july'], ['agosto', 'august'],
  ['septiembre', 'september'], ['setiembre', 'september'], ['octubre', 'october'], ['noviembre', 'november'],
  ['diciembre', 'december'], ['lunes', 'monday'], ['martes', 'tuesday'], ['miercoles', 'wednesday'], ['jueves', 'thursday'],
  ['viernes', 'friday'], ['sabado', 'saturday'], ['domingo', 'sunday'],
  // Travel, work and the people a user names.
  ['viaje', 'trip'], ['vuelo', 'flight'], ['asiento', 'seat'], ['ventana', 'window'], ['pasillo', 'aisle'],
  ['reunion', 'meeting'], ['trabajo', 'work'], ['vivo', 'live'], ['vivimos', 'live'], ['jefe', 'boss'], ['jefa', 'boss'],
  ['gerente', 'boss'], ['manager', 'boss'],
];

// Built with the stems every fact and message is compared by: "boss" is "bos" there, as
// `stem` has it, which a hand-written "boss" never met.
const ENGLISH_STEM: ReadonlyMap<string, string> = new Map(SPANISH_ENGLISH.map(([spanish, english]) => [stem(spanish), stem(english)]));

/** The content stems of `text`, a Spanish everyday word's under its English one's (`ENGLISH_STEM`). */
export function bilingualStems(text: string): string[] {
  return [...new Set(contentStems(text).map(englishStem))];
}

/** A stem (`stem`) as `bilingualStems` has it: a Spanish everyday word's under its English one's. */
export function englishStem(stemmed: string): string {
  return ENGLISH_STEM.get(stemmed) ?? stemmed;
}

/**
 * Whether two texts say the same in English or Spanish: the same `bilingualStems` (some),
 * said with the same polarity ("Soy vegetariano" and "I am vegetarian", not "No soy
 * vegetariano"). "Lisboa" and "Lisbon", "el café sin azúcar" and "my coffee without sugar".
 */
export function sameAcross(a: string, b: string): boolean {
  return sameStemsAcross(contentStems(a), contentStems(b)) && samePolarity(polarityOf(foldText(a)), polarityOf(foldText(b)));
}

/** Whether two texts' content stems (`contentStems`) are the same `bilingualStems`, whatever their polarity. */
export function sameStemsAcross(a: Iterable<string>, b: Iterable<string>): boolean {
  const left = [...new Set([...a].map(englishStem))].sort();
  const right = [...new Set([...b].map(englishStem))].sort();
  return left.length > 0 && left.length === right.length && left.every((each, i) => each === right[i]);
}
