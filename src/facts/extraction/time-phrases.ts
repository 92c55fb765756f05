import type { FoldedText } from './folded-text.js';

// When something was said to happen, as it opens a clause ("Yesterday we decided…", "Ayer
// decidimos…") or right after a decision's verb ("We decided yesterday to…"): a day
// relative to the message, or a past one. A fact is read long after it
// was said, where "yesterday" points to another day, so no statement keeps such a phrase.
// Only past and present days: "mañana decidimos" is a decision still to be taken.

const DAYS_EN = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const PARTS_EN = '(?:morning|afternoon|evening|night)';
const SPANS_EN = '(?:week|weekend|month|year)';
const TIME_EN =
  `(?:yesterday(?:\\s+${PARTS_EN})?|today|tonight|earlier(?:\\s+today|\\s+this\\s+(?:${PARTS_EN}|${SPANS_EN}))?` +
  `|this\\s+(?:past\\s+)?(?:${PARTS_EN}|${SPANS_EN})|last\\s+(?:night|${SPANS_EN}|${DAYS_EN})|(?:on\\s+)?${DAYS_EN}(?:\\s+${PARTS_EN})?` +
  `|the\\s+other\\s+day|(?:a|one|two|three|a\\s+few|a\\s+couple\\s+of|\\d+)\\s+(?:days?|weeks?|months?)\\s+ago)`;

const DAYS_ES = '(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)';
const PARTS_ES = '(?:manana|tarde|noche)';
const TIME_ES =
  `(?:(?:ayer|anteayer|antier|antes\\s+de\\s+ayer|hoy)(?:\\s+(?:por|a|en)\\s+la\\s+${PARTS_ES}|\\s+temprano)?|anoche` +
  `|esta\\s+(?:${PARTS_ES}|semana)|este\\s+(?:mes|ano|fin\\s+de\\s+semana)|la\\s+semana\\s+pasada|el\\s+(?:mes|ano|fin\\s+de\\s+semana)\\s+pasado` +
  `|el\\s+${DAYS_ES}(?:\\s+pasado)?|el\\s+otro\\s+dia|hace\\s+(?:un|una|unos|unas|un\\s+par\\s+de|dos|tres|pocos|\\d+)\\s+(?:dias?|semanas?|mes|meses))`;

/** Regex source: an English time phrase, without a group or what follows it. */
export const TIME_PHRASE_EN = TIME_EN;

const WITH_SEPARATOR = (time: string): string => `(?<when>${time}(?:\\s*,\\s*|\\s+))`;

/** Regex source: a time phrase of either language and the comma or space after it, without a group. */
export const TIME_THEN = `(?:${TIME_EN}|${TIME_ES})(?:\\s*,\\s*|\\s+)`;
/** Regex source: an English time phrase and the comma or space after it, as the group `when`. */
export const LEADING_TIME_EN = WITH_SEPARATOR(TIME_EN);
/** Regex source: a Spanish time phrase and the comma or space after it, as the group `when`. */
export const LEADING_TIME_ES = WITH_SEPARATOR(TIME_ES);
// The same after a decision's verb ("We decided yesterday to…", "Decidimos ayer que…"), as
// the group `whenAfter` (a pattern may hold both: one group name each).
const AFTER_VERB = (time: string): string => `(?<whenAfter>${time}(?:\\s*,\\s*|\\s+))`;
/** Regex source: an English time phrase after a verb and the comma or space after it, as the group `whenAfter`. */
export const TIME_AFTER_VERB_EN = AFTER_VERB(TIME_EN);
/** Regex source: a Spanish time phrase after a verb and the comma or space after it, as the group `whenAfter`. */
export const TIME_AFTER_VERB_ES = AFTER_VERB(TIME_ES);

/**
 * `statement`, the original text of `body` from its start, without the time phrase `when`
 * (a slice of `body`) and what separated it from the rest: "Yesterday we decided to…" is
 * "we decided to…", "Yo ayer decidí…" is "Yo decidí…".
 */
export function withoutTimePhrase(statement: string, body: FoldedText, when: FoldedText | null): string {
  if (when === null) return statement;
  const from = when.base - body.base;
  return statement.slice(0, from) + statement.slice(from + when.original.length);
}
