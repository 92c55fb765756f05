import { foldText } from '../domains/fold-text.js';
import { contentStems } from './fact-words.js';
import { polarityOf, samePolarity } from './polarity.js';

// A fact told in Spanish is forgotten, taken back or said again in English ("Vivo en
// Lisboa" and "forget that I live in Lisbon", "Soy vegetariano" and "I'm not vegetarian
// anymore", "Soy alérgico a la penicilina" and "I'm allergic to penicillin"). Words the two
// languages share meet by their stem already ("lisbo", "veget", "penic"); these are the
// Spanish stems (`stem`: five letters) of everyday words that differ, each under the stem
// of its English word. Subject keys are English already (extraction/subject-key.ts): this
// is for what a key does not hold, a value or a note's words.
const ENGLISH_STEM: Readonly<Record<string, string>> = {
  // Food, drink and what a diet or an allergy names.
  cafe: 'coffe', azuca: 'sugar', leche: 'milk', sin: 'witho', carne: 'meat', cerdo: 'pork', pollo: 'chick',
  pesca: 'fish', huevo: 'egg', queso: 'chees', pan: 'bread', vino: 'wine', cerve: 'beer', agua: 'water',
  alerg: 'aller',
  // Places whose names differ.
  japon: 'japan', londr: 'londo', nueva: 'new', gineb: 'genev', bruse: 'bruss',
  atena: 'athen', praga: 'pragu', varso: 'warsa', moscu: 'mosco', pekin: 'beiji', edimb: 'edinb',
  // Time: parts of the day, months, days of the week.
  manan: 'morni', tarde: 'after', noche: 'night', enero: 'janua', febre: 'febru', marzo: 'march', abril: 'april',
  mayo: 'may', junio: 'june', julio: 'july', agost: 'augus', septi: 'septe', setie: 'septe', octub: 'octob',
  novie: 'novem', dicie: 'decem', lunes: 'monda', marte: 'tuesd', mierc: 'wedne', jueve: 'thurs', viern: 'frida',
  sabad: 'satur', domin: 'sunda',
  // Travel, work and the people a user names.
  viaje: 'trip', vuelo: 'fligh', asien: 'seat', venta: 'windo', pasil: 'aisle', reuni: 'meeti', traba: 'work',
  vivo: 'live', vivim: 'live', jefe: 'boss', jefa: 'boss', geren: 'boss', manag: 'boss',
};

/** The content stems of `text`, a Spanish everyday word's under its English one's (`ENGLISH_STEM`). */
export function bilingualStems(text: string): string[] {
  return [...new Set(contentStems(text).map(englishStem))];
}

/** A stem (`stem`) as `bilingualStems` has it: a Spanish everyday word's under its English one's. */
export function englishStem(stem: string): string {
  return ENGLISH_STEM[stem] ?? stem;
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
