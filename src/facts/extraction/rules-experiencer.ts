import type { FoldedText } from './folded-text.js';
import type { ClauseMarkers } from './markers.js';
import { ruleHit, type RuleHit } from './rule-support.js';
import { wordCount } from './statement-text.js';
import { textKey } from './subject-key.js';

// "A mi jefe Marta no le gustan las reuniones largas", "a mí me encanta el jazz": the one a
// verb like "gustar" is said of comes first, after "a"; asked to be remembered, a statement
// (about someone else unless it is "a mí me…", "a nosotros nos…").
const EXPERIENCER_ES =
  /^a\s+(?:(?<own>mi|nosotros|nosotras)\s+(?:no\s+)?(?:me|nos)|\p{L}+(?:\s+[\p{L}-]+){0,5}?\s+(?:no\s+)?(?:le|les))\s+(?:gusta|gustan|encanta|encantan|molesta|molestan|interesa|interesan|importa|importan|cuesta|cuestan|sienta|sientan|cae|caen|preocupa|preocupan|aburre|aburren|da|dan)\b/u;
const NEGATION = /\bno\s+(?=(?:me|nos|le|les)\b)/u;
const MAX_EXPERIENCER_WORDS = 24;

/**
 * The note of an "a X (no) le gusta…" statement asked to be remembered, or null. Keyed
 * without its "no" and valued by the statement: "…no le gustan las reuniones cortas"
 * replaces "…le gustan las reuniones cortas", and saying either again re-confirms it.
 */
export function experiencerFact(body: FoldedText, markers: ClauseMarkers): RuleHit | null {
  const match = markers.explicit ? EXPERIENCER_ES.exec(body.scan) : null;
  if (match === null || wordCount(body.folded) > MAX_EXPERIENCER_WORDS) return null;
  const subject = `note ${textKey(body.folded.replace(NEGATION, ''))}`;
  const hit = ruleHit('statement', 'es', 'assert', subject, body, body.original, null, false);
  return match.groups?.['own'] === undefined ? { ...hit, aboutOther: true } : hit;
}
