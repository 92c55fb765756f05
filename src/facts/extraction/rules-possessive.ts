import type { Domain } from '../../domains/domain.js';
import { sliceFolded, type FoldedText } from './folded-text.js';
import { mentionsSecret } from './guards.js';
import { ADV_EN, ADV_ES, AUX_EN, hasCorrectionAdverb, matchRule, PLACE, ruleHit, type FactRule, type TriggeredPatterns } from './rule-support.js';
import { withoutChangeWords } from './statement-text.js';
import { ONE_OF_A_KIND, contentWords, isPersonKey, namesOneOfSeveral, nounKey, personLast, personNoun } from './subject-key.js';

// "my X is Y" / "mi X es Y" and "Y is my favorite X" / "Y es mi X favorito".

const NOUN = "[\\p{L}\\p{N}' -]{1,40}?";
const COPULA_TAIL_EN =
  "\\s+(?<adv>(?:(?:now|still|actually|currently|also|definitely|officially|really)\\s+)*)(?<neg>(?:not|no longer)\\s+)?(?<value>.+)$";
const MY_X_IS_EN = new RegExp(`^(?:my|our)\\s+(?<x>${NOUN})\\s+(?<cop>is|are|isn't|aren't)${COPULA_TAIL_EN}`, 'du');
const MY_X_CONTRACTED_EN = new RegExp(`^(?:my|our)\\s+(?<x>[\\p{L}\\p{N}-]+(?:\\s+[\\p{L}\\p{N}-]+)?)(?<cop>'s|'re)${COPULA_TAIL_EN}`, 'du');
// A verb, pronoun or relative word inside the possessed noun means the copula belongs to another clause.
const NOT_A_NOUN: Record<'en' | 'es', RegExp> = {
  en: /\b(?:is|are|was|were|be|been|says|said|thinks|who|whom|whose|which|that|it|he|she|they|we|you|i)\b/u,
  // Spanish only: "son" is a copula there, and a son in "my son's name is Leo".
  es: /\b(?:es|son|era|que|quien|dice|dijo)\b/u,
};
// A sign of change may stand before the copula or after it ("mi jefe ahora es Marta", "…es ahora Marta").
const CHANGE_ES = '(?:ahora|actualmente|en realidad)\\s+';
const MY_X_IS_ES = new RegExp(
  `^(?:mi|mis|nuestro|nuestra|nuestros|nuestras)\\s+(?<x>${NOUN})\\s+(?<pre>${CHANGE_ES})?(?<neg>ya no\\s+|no\\s+)?(?<cop>es|son|se llama|se llaman)\\s+(?<post>${CHANGE_ES})?(?<value>.+)$`,
  'du',
);
// "Me llamo Ana": the Spanish way to say "my name is Ana".
const ME_LLAMO_ES = /^(?:yo\s+)?me llamo\s+(?<value>.+)$/du;
// A name as typed: capitalised words ("Ana María", "Juan de la Cruz"), after a title ("Dr.
// Pérez"), which Spanish may give with its article ("el doctor Pérez", "la Dra. Gómez").
const TYPED_NAME = /^(?:(?:(?:el|la)\s+)?(?:Dr|Mr|Mrs|Ms|Prof|Dra|Sr|Sra|doctor|doctora|dr|dra|señor|señora|sr|sra|profesor|profesora)\.?\s+)?\p{Lu}[\p{L}'-]*(?:\s+(?:\p{Lu}[\p{L}'-]*|de|del|la|las|los|y))*$/u;
const MAX_NAME_WORDS = 4;

function isTypedName(original: string): boolean {
  return TYPED_NAME.test(original) && original.split(/\s+/u).length <= MAX_NAME_WORDS;
}
const FAVORITE_EN = new RegExp(`^(?<value>${NOUN})\\s+(?:is|are)\\s+my\\s+(?:all time\\s+)?(?:favou?rite|fave)\\s+(?<x>[\\p{L} -]{1,30})$`, 'du');
const FAVORITE_ES = new RegExp(`^(?<value>${NOUN})\\s+(?:es|son)\\s+mis?\\s+(?<x>[\\p{L} ]{1,30}?)\\s+(?:favorit[oa]s?|preferid[oa]s?)$`, 'du');

// Possessed nouns that introduce an opinion or a figure of speech, not a fact ("my point is…").
const NOT_A_SUBJECT = new Set([
  'point', 'guess', 'question', 'answer', 'bad', 'pleasure', 'turn', 'fault', 'understanding', 'impression', 'thought',
  'thoughts', 'opinion', 'feeling', 'take', 'advice', 'suggestion', 'idea', 'concern', 'issue', 'problem', 'reply',
  'response', 'head', 'mind', 'heart', 'god', 'gosh', 'goodness', 'word', 'apologies', 'condolences', 'bet', 'excuse',
  'reason', 'reasoning', 'theory', 'view', 'experience', 'sense', 'hope', 'wish', 'worry', 'dear', 'life', 'day',
  'week', 'mood', 'situation', 'world', 'luck', 'vida', 'dia', 'semana', 'humor', 'situacion', 'mundo', 'suerte',
  'punto', 'pregunta', 'duda', 'respuesta', 'culpa', 'opinion', 'sensacion', 'impresion', 'turno', 'consejo',
  'problema', 'tema', 'razon', 'teoria', 'experiencia', 'intencion', 'deseo', 'esperanza', 'cabeza', 'corazon', 'dios',
]);
// Slots with one value at a time: a new value replaces the old one.
const SINGLE_VALUED = new Set([
  'name', 'last name', 'full name', 'nickname', 'editor', 'email', 'phone', 'address', 'birthday', 'job', 'job title',
  'employer', 'timezone', 'language', 'native language', 'programming language', 'os', 'shell', 'browser', 'age',
  'city', 'country', 'hometown', 'neighborhood', 'goal', 'diet', 'theme', 'font', 'username', 'handle', 'major',
  'pronouns', 'zodiac sign', 'blood type', 'religion', 'team',
]);
// Evaluations ("my job is boring") are opinions, not values.
const EVALUATIVE_VALUE = new RegExp(
  '^(?:boring|awesome|amazing|lovely|beautiful|fun|hard|easy|tough|stressful|perfect|terrible|awful|horrible|cute|big|' +
    'small|huge|tiny|old|new|young|expensive|cheap|pricey|interesting|exciting|tiring|exhausting|difficult|simple|' +
    'important|special|unique|fantastic|wonderful|lame|sad|happy)$',
  'u',
);
// Pointers and passing states ("my lunch is later", "my phone is dead") fill no slot.
const DEICTIC_VALUE = new RegExp(
  '^(?:it|this|that|here|there|so|too|fine|ok|okay|good|great|bad|better|worse|nice|cool|busy|lo|eso|esto|aqui|alli|' +
    'bien|mal|same|different|the same|gone|back|over|done|broken|weird|crazy|killing me|later|soon|tomorrow|today|' +
    'tonight|early|late|next|coming|almost done|on the way|luego|pronto|manana|hoy|tarde|temprano)$',
  'u',
);
// Comparisons and degree words make the value an opinion ("my X is kind of the same"), not a value.
const OPINION_VALUE =
  /^(?:kind of|sort of|like|more|less|so|very|pretty|too|a bit|a little|really|quite|kinda|such|as|right|wrong|correct|true|false|exactly|just|always|usually|mostly|often|sometimes|located|worth|up|mas|menos|muy|tan|bastante|como|igual|siempre|casi)\b/u;
// Aspect verbs describe a change under way ("my job is getting busy"), never a value.
const ASPECT_VALUE = /^(?:getting|going|becoming|starting|being|coming|killing|driving|making|taking)\b/u;
// A clause, not a name, before "is my favorite" ("trabajo means to work and is my fave").
const FAVORITE_NOT_A_VALUE = /\b(?:and|means|is|are|was|like|likes|y|es|son|significa)\b/u;
const THING_VALUE = /^(?:a|an|the|my|our|un|una|unos|unas|el|la|los|las|mi|mis|nuestro|nuestra|\d)/u;
// Slots whose value may be an activity ("my job is selling cars", "my favorite thing is hiking").
const ACTIVITY_SLOT = /^(?:job|hobby|hobbies|passion|goal|dream|plan|favorite .+)$/u;
const WORK_SLOTS = new Set(['job', 'job title', 'employer', 'manager', 'boss']);
// Capitalised words that describe a person rather than name them ("my wife is Italian", "…Catholic").
const NOT_A_NAME = new Set([
  'christian', 'catholic', 'protestant', 'jewish', 'muslim', 'buddhist', 'hindu', 'sikh', 'mormon', 'orthodox', 'atheist',
  'agnostic', 'american', 'british', 'english', 'scottish', 'irish', 'welsh', 'canadian', 'mexican', 'spanish', 'french',
  'german', 'italian', 'portuguese', 'dutch', 'belgian', 'swiss', 'austrian', 'polish', 'russian', 'ukrainian', 'greek',
  'turkish', 'swedish', 'norwegian', 'danish', 'finnish', 'chinese', 'japanese', 'korean', 'indian', 'pakistani',
  'filipino', 'vietnamese', 'thai', 'australian', 'brazilian', 'argentinian', 'argentine', 'chilean', 'colombian',
  'peruvian', 'venezuelan', 'cuban', 'african', 'nigerian', 'egyptian', 'moroccan', 'european', 'asian', 'latina', 'latino',
  'catolica', 'catolico', 'judia', 'judio', 'musulmana', 'musulman', 'espanola', 'espanol', 'italiana', 'italiano',
  'francesa', 'frances', 'alemana', 'aleman', 'inglesa', 'ingles', 'argentina', 'argentino', 'mexicana', 'mexicano',
]);

// The subject of "my <key> is <value>", or null when it is no fact. `value` is folded,
// `original` the value as typed.
function subjectFor(key: string, value: string, original: string): string | null {
  const capitalised = /^\p{Lu}/u.test(original);
  const words = key.split(' ');
  // "my favorite is acdc": favorite what? Without the noun there is no subject to replace.
  const opinion = NOT_A_SUBJECT.has(words.at(-1) ?? key) || NOT_A_SUBJECT.has(words[0] ?? key);
  if (key === '' || key === 'favorite' || opinion) return null;
  // "My sister's name is Ana": one of several sisters, maybe; no slot (namesOneOfSeveral).
  if (namesOneOfSeveral(key)) return null;
  if (ASPECT_VALUE.test(value) || (/^\p{L}+ing\b/u.test(value) && !ACTIVITY_SLOT.test(key))) return null;
  // "my son's birthday", "my wife's email": one value at a time whoever's it is.
  if (SINGLE_VALUED.has(key) || SINGLE_VALUED.has(words.at(-1) ?? key) || key.startsWith('favorite ')) return key;
  // "my wife is a doctor", "my kids are outside": about someone else, and rarely one slot.
  // "Mi jefe es Andrés" names the boss, as "mi jefe se llama Andrés" does: the name is the
  // slot, and a description ("mi jefe es muy exigente", keyed "boss") leaves it alone.
  // "My old boss is Tom" names the old one: "old boss name", another slot than the boss's.
  if (isPersonKey(key)) return ONE_OF_A_KIND.has(personNoun(key) ?? key) && isTypedName(original) && !NOT_A_NAME.has(value) ? `${key} name` : null;
  if (/^(?:in|at|near|en|cerca de)\b/u.test(value)) return `${key} location`;
  // Other nouns take a thing or a name ("my car is a Tesla"), not a bare opinion ("my city is lovely").
  return capitalised || THING_VALUE.test(value) ? key : null;
}

function isJunkValue(folded: string): boolean {
  return EVALUATIVE_VALUE.test(folded) || DEICTIC_VALUE.test(folded);
}

/** An evaluation, a pointer, a passing state or an opinion ("boring", "fine", "later", "so much better"): no value of a subject. */
export function namesNoValue(folded: string): boolean {
  return isJunkValue(folded) || OPINION_VALUE.test(folded);
}

function domainFor(subject: string): Domain | null {
  if (WORK_SLOTS.has(subject)) return 'work';
  if (subject.startsWith('favorite ')) return 'preferences';
  return isPersonKey(subject.replace(/ name$/u, '')) ? 'personal' : null;
}

/** "Mi presupuesto es de 3000 euros": Spanish gives an amount with "de"; the value is the amount ("3000 euros"). */
export function withoutAmountDe(value: FoldedText | null, language: 'en' | 'es'): FoldedText | null {
  const de = language === 'es' && value !== null ? /^de\s+(?=\d)/u.exec(value.folded) : null;
  return de === null || value === null ? value : sliceFolded(value, de[0].length, value.folded.length);
}

// The possessed noun: up to four words that carry meaning, so that a thing may be qualified
// ("my budget for the Japan trip", "mi presupuesto para el viaje a Japón": its subject is
// "budget for japan trip", and a new amount is its new value).
const MAX_NOUN_CONTENT_WORDS = 4;
const MAX_NOUN_WORDS = 7;

function isPossessedNoun(x: string, language: 'en' | 'es'): boolean {
  if (x.split(/\s+/u).length > MAX_NOUN_WORDS || contentWords(x).length > MAX_NOUN_CONTENT_WORDS) return false;
  return !NOT_A_NOUN[language].test(x);
}

function possessiveRule(pattern: RegExp, language: 'en' | 'es', rule: string): FactRule {
  return (body) => {
    const groups = matchRule(body, pattern);
    if (!groups) return null;
    const x = groups.folded('x').trim();
    if (!isPossessedNoun(x, language)) return null;
    const reading = PLACE_NOUN.test(x) ? PLACE : {};
    const raw = withoutAmountDe(groups.value('value', reading), language);
    if (!raw) return null;
    // Worked out only for a hit: most matches ("my plan is to…") name no subject.
    const statementOf = (): string | null => {
      const through = groups.statementUpTo('value', reading);
      return through === null ? null : withoutChangeWords(body, groups, through, ['adv', 'pre', 'post']);
    };
    // A credential ("my wifi password is hunter2") is a statement whatever its value looks
    // like: the hit goes to the extractor, which refuses it and says so (extract-facts.ts),
    // so that its words re-confirm nothing either.
    if (mentionsSecret(x) || mentionsSecret(raw.folded)) {
      const statement = statementOf();
      return statement === null ? null : ruleHit(rule, language, 'assert', nounKey(x) || 'secret', null, statement, null, false);
    }
    if (namesNoValue(raw.folded)) return null;
    const named = /^(?:called|named)\s(?!after|for\b)/u.test(raw.folded) || /^se llaman?$/u.test(groups.folded('cop'));
    if (/^(?:called|named)\s/u.test(raw.folded) && !named) return null;
    const value = raw.original.replace(/^(?:called|named)\s+/iu, '');
    const key = personLast(nounKey(x), language);
    const subject = named ? (namesOneOfSeveral(key) ? null : `${key} name`) : subjectFor(key, raw.folded, raw.original);
    if (!subject) return null;
    const statement = statementOf();
    if (!statement) return null;
    const negated = groups.get('neg') !== null || groups.folded('cop').endsWith("n't");
    const kind = negated ? 'retract' : 'assert';
    const correction = hasCorrectionAdverb(groups) || /\ben realidad\b/u.test(`${groups.folded('pre')} ${groups.folded('post')}`);
    return { ...ruleHit(rule, language, kind, subject, null, statement, domainFor(subject), correction), value };
  };
}

// "Me llamo Ana" is "mi nombre es Ana" (subject `name`). Only "llamo" as typed, without
// the accent of "me llamó la atención" (it caught my eye), and a name as typed.
function meLlamoRule(): FactRule {
  return (body) => {
    const groups = matchRule(body, ME_LLAMO_ES);
    const value = groups?.value('value');
    if (!groups || !value || !/\bllamo\b/u.test(body.original.toLowerCase())) return null;
    if (!isTypedName(value.original)) return null;
    const statement = groups.statementUpTo('value');
    return statement === null ? null : ruleHit('me-llamo', 'es', 'assert', 'name', value, statement, 'personal', false);
  };
}

function favoriteRule(pattern: RegExp, language: 'en' | 'es'): FactRule {
  return (body) => {
    const groups = matchRule(body, pattern);
    const value = groups?.get('value');
    const x = groups?.folded('x').trim() ?? '';
    if (!groups || !value || x === '' || x.split(/\s+/u).length > 3 || isJunkValue(value.folded.trim())) return null;
    if (value.folded.trim().split(/\s+/u).length > 5 || FAVORITE_NOT_A_VALUE.test(value.folded)) return null;
    const subject = `favorite ${nounKey(x)}`;
    return ruleHit('favorite', language, 'assert', subject, value, body.original, 'preferences', false);
  };
}

// "I use Neovim as my editor", "uso Vim como (mi) editor": the same fact as "my editor is
// Neovim", under the same subject, so that either replaces the other, and so does a switch
// ("I switched from Neovim to VS Code"). What restricts it after the noun ("…as my editor
// at work") goes with its value, as a switch keeps it ("VS Code at work"), so "I switched
// from Neovim to VS Code at work" replaces "I use Neovim as my editor at work".
const USE_AS_EN = new RegExp(
  `^(?:i|we)${AUX_EN}${ADV_EN}(?:use|using)\\s+(?<value>.+?)\\s+as\\s+(?:my|our)\\s+(?<x>${NOUN})(?<qual>\\s+(?:at|for|in|on|when|while)\\s+.+)?$`,
  'du',
);
const USE_AS_ES = new RegExp(
  `^${ADV_ES}(?:uso|usamos|utilizo|utilizamos|estoy usando|estamos usando)\\s+(?<value>.+?)\\s+como\\s+(?<poss>(?:mi|nuestro|nuestra)\\s+)?(?<x>${NOUN})(?<qual>\\s+(?:en|para|cuando|mientras)\\s+.+)?$`,
  'du',
);

function useAsRule(pattern: RegExp, language: 'en' | 'es'): FactRule {
  return (body) => {
    const groups = matchRule(body, pattern);
    if (!groups) return null;
    const x = groups.folded('x').trim();
    const value = groups.value('value');
    const qualifier = groups.value('qual');
    const statement = groups.statementUpTo(qualifier === null ? 'x' : 'qual');
    if (!value || !statement || !isPossessedNoun(x, language)) return null;
    const rule = language === 'en' ? 'use-as' : 'uso-como';
    if (mentionsSecret(x) || mentionsSecret(value.folded)) return ruleHit(rule, language, 'assert', nounKey(x) || 'secret', null, statement, null, false);
    if (namesNoValue(value.folded)) return null;
    const key = personLast(nounKey(x), language);
    const subject = subjectFor(key, value.folded, value.original);
    // "Uso Vim como ejemplo": without a possessive, Spanish names a role only for what one has one of.
    if (subject === null || (language === 'es' && groups.get('poss') === null && !SINGLE_VALUED.has(subject))) return null;
    const kept = qualifier === null ? value.original : `${value.original} ${qualifier.original}`;
    return { ...ruleHit(rule, language, 'assert', subject, null, statement, domainFor(subject), hasCorrectionAdverb(groups)), value: kept };
  };
}

// Nouns whose value is a place, whose name goes on after its commas ("my address is 42 Elm
// Street, Springfield", "mi ciudad natal es Alcalá de Henares, Madrid").
const PLACE_NOUN = /(?:^|\s)(?:address|hometown|home town|birthplace|city|town|village|direccion|domicilio|ciudad|pueblo)(?:\s|$)/u;

/** Possessive rules. */
export const POSSESSIVE_RULES: readonly FactRule[] = [
  possessiveRule(MY_X_IS_EN, 'en', 'my-x-is'),
  possessiveRule(MY_X_CONTRACTED_EN, 'en', 'my-x-is'),
  possessiveRule(MY_X_IS_ES, 'es', 'mi-x-es'),
  meLlamoRule(),
  favoriteRule(FAVORITE_EN, 'en'),
  favoriteRule(FAVORITE_ES, 'es'),
  useAsRule(USE_AS_EN, 'en'),
  useAsRule(USE_AS_ES, 'es'),
];

// "my"/"mi" are in most messages: the possessive trigger also asks for a copula ("is", "son", "'s", …).
const POSSESSOR = /my\s|our\s|mis?\s|nuestr/u;
const COPULA = /\s(?:is|are|isn't|aren't|es|son|llama|llaman)\s|'s\s|'re\s/u;
const NAMED = /llamo|favorit|favourit|fave|preferid/u;
// "I use X as my Y", "uso X como Y".
const USED_AS = /\sas\s+(?:my|our)\s|(?:uso|usamos|utilizo|utilizamos|usando)\s/u;

/** What every possessive pattern needs (rule-support.ts, Trigger). */
export const POSSESSIVE_TRIGGER: TriggeredPatterns = {
  trigger: { test: (folded) => NAMED.test(folded) || USED_AS.test(folded) || (POSSESSOR.test(folded) && COPULA.test(folded)) },
  patterns: [MY_X_IS_EN, MY_X_CONTRACTED_EN, MY_X_IS_ES, ME_LLAMO_ES, FAVORITE_EN, FAVORITE_ES, USE_AS_EN, USE_AS_ES],
};
