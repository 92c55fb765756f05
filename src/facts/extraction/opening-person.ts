import { foldMessage, sliceFolded, type FoldedText } from './folded-text.js';
import { alternatives, RELATIONS_EN, RELATIONS_ES } from './rule-support.js';

/**
 * The person a clause opens with ("Mi hermana", "my best friend"), for a next clause joined
 * by "and that"/"y que" that speaks of them ("…y que vive en Bilbao", "…and that he lives in
 * Leeds"). `refersBack` matches how that clause opens when it does: "he"/"she" (dropped), or
 * a Spanish verb in the third person (kept, an empty match).
 */
export interface OpeningPerson {
  text: string;
  refersBack: RegExp;
}

// Only "my"/"mi", a word for a relative and its verb right after it: in "my sister's husband
// is Tom", "mi hermana mayor se llama Lucía" or "my friend Tom is…" the one the next clause
// speaks of may be another person, or one of several sisters. Then it is read alone.
const ADVERBS_EN = '(?:(?:also|still|now|just|really|actually|always|never|usually|recently)\\s+)*';
const VERBS_EN = alternatives([
  'is', 'was', 'has', 'had', 'does', 'did', 'will', 'can', "isn't", "wasn't", "doesn't", "didn't", "won't", "can't",
  'lives', 'works', 'likes', 'loves', 'hates', 'prefers', 'uses', 'studies', 'teaches', 'plays', 'speaks', 'eats',
  'drinks', 'needs', 'wants', 'owns', 'drives', 'goes', 'moved', 'got',
]);
const OPENING_PERSON_EN = new RegExp(`^my\\s+(?<relation>${RELATIONS_EN})(?=\\s+${ADVERBS_EN}${VERBS_EN}(?:\\s|$))`, 'u');
// "he" or "she" as the relative's word says; a plural one ("my parents") has neither.
const SHE = new Set(['mother', 'mom', 'mum', 'sister', 'wife', 'girlfriend', 'daughter', 'aunt', 'grandma', 'grandmother', 'fiancee']);
const HE = new Set(['father', 'dad', 'brother', 'husband', 'boyfriend', 'son', 'uncle', 'grandpa', 'grandfather', 'fiance']);
const PLURAL = new Set(['parents', 'kids', 'children', 'family']);
const SHE_BACK = /^she\s+/u;
const HE_BACK = /^he\s+/u;
const EITHER_BACK = /^(?:he|she)\s+/u;

// Spanish: a verb in the third person singular, from a short list ("esta" may also be
// "this", "es", "se" and "le" open impersonal clauses: "y que es importante llegar puntual",
// "y que se acerca la fecha").
const ADVERBS_ES = '(?:(?:no|ya|tambien|todavia|ahora|siempre|nunca)\\s+)*';
const VERBS_ES = ['tiene', 'vive', 'trabaja', 'estudia', 'prefiere', 'usa', 'habla', 'odia', 'come', 'juega', 'toma', 'necesita'];
const OPENING_PERSON_ES = new RegExp(`^mi\\s+${RELATIONS_ES}(?=\\s+${ADVERBS_ES}${alternatives(['se', 'es', 'esta', ...VERBS_ES])}\\b)`, 'u');
const THIRD_PERSON_ES = new RegExp(`^(?=${ADVERBS_ES}${alternatives(VERBS_ES)}\\b)`, 'u');

/** The person `body` opens with as the subject of its verb, or null. */
export function openingPerson(body: FoldedText): OpeningPerson | null {
  const english = OPENING_PERSON_EN.exec(body.scan);
  if (english) {
    const relation = english.groups?.['relation'] ?? '';
    if (PLURAL.has(relation)) return null;
    const refersBack = SHE.has(relation) ? SHE_BACK : HE.has(relation) ? HE_BACK : EITHER_BACK;
    return { text: sliceFolded(body, 0, english[0].length).original, refersBack };
  }
  const spanish = OPENING_PERSON_ES.exec(body.scan);
  return spanish ? { text: sliceFolded(body, 0, spanish[0].length).original, refersBack: THIRD_PERSON_ES } : null;
}

/** The clause with the person it speaks of as its subject ("vive en Bilbao" → "Mi hermana vive en Bilbao"), or null. */
export function aboutPerson(body: FoldedText, person: OpeningPerson): FoldedText | null {
  const back = person.refersBack.exec(body.scan);
  return back ? foldMessage(`${person.text} ${sliceFolded(body, back[0].length, body.folded.length).original}`) : null;
}

// A short description with its subject left out: "…y que es muy alta", "…and that is very
// tall" (the person's, most likely); "…y que es importante llegar puntual" (it is) says more.
const SUBJECTLESS = new RegExp(`^${ADVERBS_ES}(?:es|esta|son|estan|is|was)(?:\\s+[\\p{L}\\p{N}-]+){1,3}\\s*$`, 'u');

/**
 * Whether a clause that follows one opening with a person (`openingPerson`), which
 * `aboutPerson` could not give that person, is a short description without a subject: read
 * alone it would be a fact of no one ("Es muy alta"), so it states nothing.
 */
export function opensWithoutSubject(body: FoldedText): boolean {
  return SUBJECTLESS.test(body.scan);
}
