import { originalThrough, sliceFolded, type FoldedText } from './folded-text.js';
import {
  ADV_EN, ADV_ES, AUX_EN, PLACE, PLURAL_RELATIONS_ES, RELATIONS_EN, RELATIONS_ES, hasCorrectionAdverb, matchRule, ruleHit,
  type FactRule, type RuleGroups, type RuleHit, type TriggeredPatterns,
} from './rule-support.js';
import { nounKey, textKey } from './subject-key.js';
import { cleanValue, cutAtConjunction, valueSpanIn, withoutReason } from './value-text.js';
import { valueCategory } from './value-categories.js';

// Rules for verifiable state: where the user works, where they live, what they switched to.

const WORK_EN = new RegExp(
  `^(?:i|my (?<rel>${RELATIONS_EN}))${AUX_EN}${ADV_EN}` +
    `(?:work|works|working|started working|(?:got|started|took|accepted|landed) a (?:new )?job|got hired|employed)\\s+(?<prep>at|for|as|by|with)\\s+(?<value>.+)$`,
  'du',
);
const WORK_EN_RETRACT = new RegExp(
  `^(?:i|my (?<rel>${RELATIONS_EN}))${AUX_EN}(?:no longer|don't|dont|do not|doesn't|does not|stopped)\\s+` +
    `(?:work|works|working)\\s+(?<prep>at|for)\\s+(?<value>.+)$|^i\\s+(?:just\\s+|recently\\s+|finally\\s+)?(?:quit|left) my job(?:\\s+(?:at|with)\\s+(?<value2>.+))?$`,
  'du',
);
const WORK_ES = new RegExp(
  `^${ADV_ES}(?:trabajo|laburo|estoy trabajando|empece a trabajar|entre a trabajar|(?:consegui|empece|acepte) (?:un )?(?:nuevo )?trabajo(?: nuevo)?|me contrataron)\\s+(?<prep>en|para|como|de)\\s+(?<value>.+)$` +
    `|^mi (?<rel>${RELATIONS_ES})\\s+(?:(?:ahora|ya|tambien|todavia)\\s+)?(?:trabaja|labura|esta trabajando)\\s+(?<relprep>en|para|como|de)\\s+(?<relvalue>.+)$`,
  'du',
);
const WORK_ES_RETRACT =
  /^(?:yo\s+)?(?:ya no (?:trabajo|laburo)|no (?:trabajo|laburo) mas|deje de (?:trabajar|laburar)|renuncie a mi trabajo|renuncie)(?:\s+(?:en|para)\s+(?<value>.+))?$/du;
const NOT_AN_EMPLOYER = /^(?:home|night|nights|the moment|a living|fun|money|free|it|this|that|weekends?|all hours|a while|a bit|casa|equipo|remoto|eso|esto|algo|lo mismo|linea|turnos?|la noche|el dia|\d)/u;
// "I work at my desk", "trabajo en mi cuarto": where, not for whom ("I work at my father's
// company", "…at my own startup" are for whom).
const WORKPLACE_OF_MINE =
  /^(?:my|mi)\s+(?:desk|room|bedroom|kitchen|place|home office|office desk|computer|laptop|couch|sofa|bed|table|garden|balcony|escritorio|mesa|cuarto|habitacion|cocina|casa|ordenador|portatil|computadora|sofa|cama|salon|balcon)\b/u;

const HOME_EN = new RegExp(
  `^(?:(?<who>i|we)|my (?<rel>${RELATIONS_EN}))${AUX_EN}${ADV_EN}` +
    `(?:(?:moved|relocated)\\s+(?:from\\s+.+?\\s+)?(?:to|into)|(?:live|lives|living|based)\\s+(?<prep>in|on|at))\\s+(?<value>.+)$`,
  'du',
);
const HOME_EN_RETRACT =
  /^(?:i|we)\s+(?:no longer|don't|dont|do not)\s+live\s+(?<prep>in|on|at)\s+(?<value>.+)$|^(?:i|we)\s+(?:(?:have|'ve)\s+)?(?:just\s+)?moved\s+(?:out of|away from)\s+(?<value2>.+)$/du;
const HOME_ES = new RegExp(
  `^${ADV_ES}(?:(?<me>me (?:mude|he mudado)|me (?:fui|vine|he ido|he venido) a vivir)|(?<we>nos (?:mudamos|hemos mudado)|nos (?:fuimos|hemos ido) a vivir))\\s+(?:de\\s+.+?\\s+)?(?:a|para)\\s+(?<value>.+)$` +
    `|^${ADV_ES}(?:(?<me2>vivo|estoy viviendo)|(?<we2>vivimos|estamos viviendo))\\s+en\\s+(?<value2>.+)$` +
    `|^(?:mi (?:${RELATIONS_ES})\\s+(?:ahora\\s+|ya\\s+|todavia\\s+)?(?:vive|se mudo|se fue a vivir)|mis (?:${PLURAL_RELATIONS_ES})\\s+(?:ahora\\s+|ya\\s+|todavia\\s+)?(?:viven|se mudaron|se fueron a vivir))\\s+(?:en|a)\\s+(?<relvalue>.+)$`,
  'du',
);
const HOME_ES_RETRACT = /^(?:yo\s+)?(?:ya no vivo|no vivo mas|ya no vivimos|no vivimos mas)\s+en\s+(?<value>.+)$/du;
const NOT_A_PLACE =
  /^(?:the moment|fear|hope|denial|the past|the present|the future|a bubble|my head|sin|peace|harmony|luxury|poverty|reality|a dream|paz|el pasado|el presente|el futuro|el momento|la luna|mi mundo|otro mundo|negacion|miedo)\b/u;
// Where one moves for a moment, inside a home or a place ("I moved to the kitchen to get
// coffee", "me pasé al sofá", "I moved to the front row"): no home.
const PART_OF_A_PLACE = new RegExp(
  '^(?:(?:the|a|an|my|our|another|the other|la|el|mi|otra|otro|la otra|el otro)\\s+)?(?:(?:front|back|other|next|living|dining|spare|guest|waiting)\\s+)?' +
    '(?:kitchen|bedroom|bathroom|room|couch|sofa|desk|table|bed|balcony|garden|garage|basement|attic|hall|hallway|corridor|porch|' +
    'patio|terrace|row|seat|window|aisle|corner|side|car|tab|screen|cocina|dormitorio|habitacion|cuarto|bano|salon|comedor|sofa|' +
    'mesa|cama|balcon|jardin|terraza|pasillo|fila|asiento|ventana|esquina|lado|coche|pestana|pantalla)s?$',
  'u',
);

const SWITCH_EN = new RegExp(
  `^(?:i|we)${AUX_EN}${ADV_EN}(?:switched|migrated|converted|changed over)\\s+(?:over\\s+)?(?:from\\s+(?<from>.+?)\\s+)?to\\s+(?<value>.+)$`,
  'du',
);
const SWITCH_ES =
  /^(?:(?:yo|ahora|ya|tambien|finalmente|al final)\s+)*(?:me cambie|me pase|migre|migramos|nos cambiamos|nos pasamos)\s+(?:de\s+(?<from>.+?)\s+)?a\s+(?<value>.+)$/du;

function relationKey(groups: RuleGroups, name = 'rel'): string | null {
  const rel = groups.folded(name);
  return rel === '' ? null : nounKey(rel);
}

// Where someone else works or lives ("my brother works at…") is theirs: its subject is
// prefixed with the relation ("brother employer"), never the user's own, and the hit says
// it is about another person.
function aboutWhom(relation: string | null, hit: RuleHit): RuleHit {
  return relation === null ? hit : { ...hit, aboutOther: true };
}

const workEn: FactRule = (body) => {
  const retract = matchRule(body, WORK_EN_RETRACT);
  if (retract) {
    const value = retract.value('value') ?? retract.value('value2');
    const rel = relationKey(retract);
    const prep = retract.folded('prep') || 'at';
    const statement = rel ? retract.statementUpTo('value') : value ? `I no longer work ${prep} ${value.original}` : 'I no longer work there';
    if (!statement) return null;
    return aboutWhom(rel, ruleHit('work-at', 'en', 'retract', rel ? `${rel} employer` : 'employer', value, statement, rel ? 'personal' : 'work', false));
  }
  const groups = matchRule(body, WORK_EN);
  const raw = groups?.value('value');
  const value = raw ? cutAtConjunction(withoutReason(raw)) : null;
  if (!groups || !value || NOT_AN_EMPLOYER.test(value.folded)) return null;
  const prep = groups.folded('prep');
  if (prep === 'at' && WORKPLACE_OF_MINE.test(value.folded)) return null;
  if (prep === 'by' && !/employed\s*$/u.test(body.scan.slice(0, body.scan.indexOf(' by ')))) return null;
  if (prep === 'with' && !/a (?:new )?job\s*$/u.test(body.scan.slice(0, body.scan.indexOf(' with ')))) return null;
  const rel = relationKey(groups);
  const slot = prep === 'as' ? 'job title' : 'employer';
  // "as" ends a value ("…Acme as I said"), but "at Acme as a data engineer" names the job too.
  const role = prep === 'as' || rel ? null : roleAfter(groups.get('value'), value);
  const statement = rel
    ? originalThrough(body, value)
    : `I work ${prep === 'as' ? 'as' : prep === 'for' ? 'for' : 'at'} ${value.original}${role === null ? '' : ` as ${role.original}`}`;
  if (!statement) return null;
  return aboutWhom(rel, ruleHit('work-at', 'en', 'assert', rel ? `${rel} ${slot}` : slot, value, statement, rel ? 'personal' : 'work', hasCorrectionAdverb(groups)));
};

// The job title right after the employer ("Acme as a data engineer" → "a data engineer"), cleaned, or null.
function roleAfter(raw: FoldedText | null, employer: FoldedText): FoldedText | null {
  const span = raw === null ? null : valueSpanIn(raw, employer);
  if (raw === null || span === null) return null;
  const rest = sliceFolded(raw, span.end, raw.scan.length);
  const lead = /^\s+as\s+(?=(?:a|an|the)\s)/u.exec(rest.scan);
  return lead ? cleanValue(sliceFolded(rest, lead[0].length, rest.scan.length)) : null;
}

const workEs: FactRule = (body) => {
  const retract = matchRule(body, WORK_ES_RETRACT);
  if (retract) {
    const value = retract.value('value');
    const statement = value ? `Ya no trabajo en ${value.original}` : 'Ya no trabajo ahí';
    return ruleHit('trabajo-en', 'es', 'retract', 'employer', value, statement, 'work', false);
  }
  const groups = matchRule(body, WORK_ES);
  if (!groups) return null;
  const rel = relationKey(groups);
  const raw = groups.value(rel ? 'relvalue' : 'value');
  const value = raw ? cutAtConjunction(withoutReason(raw)) : null;
  if (!value || NOT_AN_EMPLOYER.test(value.folded)) return null;
  const prep = groups.folded(rel ? 'relprep' : 'prep');
  if (prep === 'en' && WORKPLACE_OF_MINE.test(value.folded)) return null;
  const slot = prep === 'como' || prep === 'de' ? 'job title' : 'employer';
  const statement = rel ? originalThrough(body, value) : `Trabajo ${prep} ${value.original}`;
  if (!statement) return null;
  return aboutWhom(rel, ruleHit('trabajo-en', 'es', 'assert', rel ? `${rel} ${slot}` : slot, value, statement, rel ? 'personal' : 'work', false));
};

const homeEn: FactRule = (body) => {
  const retract = matchRule(body, HOME_EN_RETRACT);
  if (retract) {
    const value = retract.value('value') ?? retract.value('value2');
    if (!value) return null;
    const who = body.folded.startsWith('we') ? 'We' : 'I';
    const statement = `${who} no longer live ${retract.folded('prep') || 'in'} ${value.original}`;
    return ruleHit('live-in', 'en', 'retract', 'home', value, statement, 'personal', false);
  }
  const groups = matchRule(body, HOME_EN);
  const raw = groups?.value('value', PLACE);
  const value = raw ? cutAtConjunction(withoutReason(raw)) : null;
  if (!groups || !value || NOT_A_PLACE.test(value.folded) || isPartOfAPlace(value)) return null;
  const rel = relationKey(groups);
  const who = groups.folded('who') === 'we' ? 'We' : 'I';
  const statement = rel ? originalThrough(body, value) : `${who} live ${groups.folded('prep') || 'in'} ${value.original}`;
  if (!statement) return null;
  return aboutWhom(rel, ruleHit('live-in', 'en', 'assert', rel ? `${rel} home` : 'home', value, statement, 'personal', hasCorrectionAdverb(groups)));
};

const homeEs: FactRule = (body) => {
  const retract = matchRule(body, HOME_ES_RETRACT);
  if (retract) {
    const value = retract.value('value');
    if (!value) return null;
    const statement = body.folded.includes('vivimos') ? `Ya no vivimos en ${value.original}` : `Ya no vivo en ${value.original}`;
    return ruleHit('vivo-en', 'es', 'retract', 'home', value, statement, 'personal', false);
  }
  const groups = matchRule(body, HOME_ES);
  if (!groups) return null;
  const relRaw = groups.value('relvalue', PLACE);
  if (relRaw) {
    const relValue = withoutReason(relRaw);
    const statement = originalThrough(body, relValue);
    const relWord = /^mis?\s+((?:mejor\s+)?\S+)/u.exec(body.folded)?.[1] ?? 'relative';
    return statement ? aboutWhom(relWord, ruleHit('vivo-en', 'es', 'assert', `${nounKey(relWord)} home`, relValue, statement, 'personal', false)) : null;
  }
  const raw = groups.value('value', PLACE) ?? groups.value('value2', PLACE);
  const value = raw ? cutAtConjunction(withoutReason(raw)) : null;
  if (!value || NOT_A_PLACE.test(value.folded) || isPartOfAPlace(value)) return null;
  const plural = groups.get('we') !== null || groups.get('we2') !== null;
  return ruleHit('vivo-en', 'es', 'assert', 'home', value, `${plural ? 'Vivimos' : 'Vivo'} en ${value.original}`, 'personal', false);
};

// A room, a seat, a side: written in lower case ("the kitchen"; "Side" and "the Corner" are places' names).
function isPartOfAPlace(value: FoldedText): boolean {
  return PART_OF_A_PLACE.test(value.folded) && !/\p{Lu}/u.test(value.original);
}

// "I switched to the other tab", "me cambié a otra mesa": a switch of the moment, between things at hand.
const ANOTHER_ONE = /^(?:the other|another|la otra|el otro|otra|otro)\s+\p{L}+$/u;

// "I switched to another provider, Vodafone": the name after the comma is what was switched to.
const APPOSITIVE_NAME = /^\s*,\s*(?<name>\p{Lu}[\p{L}\p{N}.&'’+-]*(?:\s+\p{Lu}[\p{L}\p{N}.&'’+-]*){0,2})[\s.!]*$/u;

function namedSwitch(body: FoldedText, raw: FoldedText, kind: FoldedText, language: 'en' | 'es', correction: boolean): RuleHit | null {
  const span = valueSpanIn(raw, kind);
  const name = span === null ? undefined : APPOSITIVE_NAME.exec(sliceFolded(raw, span.end, raw.folded.length).original)?.groups?.['name'];
  if (span === null || name === undefined) return null;
  const lead = sliceFolded(body, 0, raw.base - body.base + span.start).original;
  const noun = kind.folded.split(/\s+/u).at(-1) ?? '';
  return { ...ruleHit(language === 'en' ? 'switched-to' : 'me-cambie-a', language, 'assert', `switch ${textKey(noun)}`, null, `${lead}${name}`, 'preferences', correction), value: name };
}

function switchRule(pattern: RegExp, language: 'en' | 'es'): FactRule {
  return (body) => {
    const groups = matchRule(body, pattern);
    const value = groups?.value('value');
    const raw = groups?.get('value');
    if (groups && value && raw && ANOTHER_ONE.test(value.folded)) return namedSwitch(body, raw, value, language, language === 'en' && hasCorrectionAdverb(groups));
    if (!groups || !value || ANOTHER_ONE.test(value.folded)) return null;
    const category = valueCategory(value.folded) ?? valueCategory(groups.folded('from'));
    const statement = groups.statementUpTo('value');
    if (!statement) return null;
    const subject = category ?? `switch ${textKey(value.folded)}`;
    const correction = language === 'en' && hasCorrectionAdverb(groups);
    return ruleHit(language === 'en' ? 'switched-to' : 'me-cambie-a', language, 'assert', subject, value, statement, 'preferences', correction);
  };
}

/** State rules, most specific first. */
export const STATE_RULES: readonly FactRule[] = [workEn, workEs, homeEn, homeEs, switchRule(SWITCH_EN, 'en'), switchRule(SWITCH_ES, 'es')];

/** What every state pattern needs (rule-support.ts, Trigger). */
export const STATE_TRIGGER: TriggeredPatterns = {
  trigger: new RegExp(
    '(?:work|works|working|job|hired|employed)\\s+(?:at|for|as|by|with)\\s|(?:quit|left) my job|trabaj|labur|contrataron|renuncie' +
      '|moved|relocated|live|living|based|mud|viv' +
      '|switched|migrated|converted|changed over|me cambie|me pase|migre|migramos|nos cambiamos|nos pasamos',
    'u',
  ),
  patterns: [WORK_EN, WORK_EN_RETRACT, WORK_ES, WORK_ES_RETRACT, HOME_EN, HOME_EN_RETRACT, HOME_ES, HOME_ES_RETRACT, SWITCH_EN, SWITCH_ES],
};
