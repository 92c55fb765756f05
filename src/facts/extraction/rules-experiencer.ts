import type { FoldedText } from './folded-text.js';
import type { ClauseMarkers } from './markers.js';
import { ruleHit, type RuleHit } from './rule-support.js';
import { wordCount } from './statement-text.js';
import { contentWords, polarValue, textKey } from './subject-key.js';

// "A mi jefe Marta no le gustan las reuniones largas", "a mí me encanta el jazz": the one a
// verb like "gustar" is said of comes first, after "a", or, for the user, goes without
// saying ("me gusta el jazz", "no nos interesa"); asked to be remembered, a statement
// (about someone else unless it is the user's: "(a mí) me…", "(a nosotros) nos…").
const EXPERIENCER_ES =
  /^(?:a\s+(?:(?<own>mi|nosotros|nosotras)\s+(?:no\s+)?(?:me|nos)|\p{L}+(?:\s+[\p{L}-]+){0,5}?\s+(?:no\s+)?(?:le|les))|(?<bare>(?:no\s+)?(?:me|nos)))\s+(?:gusta|gustan|encanta|encantan|molesta|molestan|interesa|interesan|importa|importan|cuesta|cuestan|sienta|sientan|cae|caen|preocupa|preocupan|aburre|aburren|da|dan)\b/u;
const NEGATION = /\bno\s+(?=(?:me|nos|le|les)\b)/u;
const MAX_EXPERIENCER_WORDS = 24;

/**
 * The note of an "a X (no) le gusta…" or "(no) me gusta…" statement asked to be
 * remembered, or null. Keyed without its "no" and valued by its polarity (polarValue):
 * "…no le gustan las reuniones cortas" replaces "…le gustan las reuniones cortas", "no me
 * gusta el jazz" replaces "me gusta el jazz", and saying either again, "a mí" or not,
 * re-confirms it.
 */
export function experiencerFact(body: FoldedText, markers: ClauseMarkers): RuleHit | null {
  const match = markers.explicit ? EXPERIENCER_ES.exec(body.scan) : null;
  if (match === null || wordCount(body.folded) > MAX_EXPERIENCER_WORDS) return null;
  const affirmed = body.folded.replace(NEGATION, '');
  const subject = `note ${textKey(affirmed)}`;
  const hit = { ...ruleHit('statement', 'es', 'assert', subject, null, body.original, null, false), value: polarValue(contentWords(affirmed), affirmed !== body.folded) };
  return match.groups?.['own'] === undefined && match.groups?.['bare'] === undefined ? { ...hit, aboutOther: true } : hit;
}
