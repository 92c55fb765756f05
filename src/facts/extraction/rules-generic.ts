import { beforeCondition, conditionFirst } from './conditions.js';
import { foldMessage, sliceFolded, type FoldedText } from './folded-text.js';
import { isConditional, isHabitualWhen } from './guards.js';
import type { ClauseMarkers } from './markers.js';
import { matchRule, ruleHit, type Language, type RuleHit } from './rule-support.js';
import { fromNowOnInstruction } from './rules-habit.js';
import { withoutAmountDe } from './rules-possessive.js';
import { FIRST_PERSON_ES_ENDING } from './spanish-verbs.js';
import { wordCount } from './statement-text.js';
import { contentWords, namesOneOfSeveral, nounKey, polarValue, textKey } from './subject-key.js';
import { CATEGORIES, valueCategory } from './value-categories.js';

// A statement with no specific rule is kept only when the user flagged it explicitly
// ("remember that…", "for the record…", "from now on…"), and only when what was flagged
// reads as a statement (a clause), not as a noun phrase: "remember" is also "keep in mind
// this thing" ("Remember the Alamo!", "remember my birthday", "remember that song"), and a
// noun phrase says nothing true or false about the user. What users say to be remembered
// is a clause: "remember that I'm vegetarian", "remember: the standup is at 9", "remember
// my wifi name is X" (a rule reads that one). So a flagged text is kept when it opens with
// "I"/"we", or is "X is Y", or has an auxiliary after its subject ("Ana doesn't eat pork");
// after "that" or a colon, which announce a clause, also a subject and a verb in -s or -ed
// ("Ana hates cilantro"), and text in a script these patterns cannot read ("我住在东京"):
// there the "that" is the only evidence there is, and the user gave it.

const NOT_A_STATEMENT = /^(?:to|me to|about|me about|of|me|when|where|what|how|who|why|which|a|an|de|a que|lo de)\b/u;
const FIRST_PERSON_EN = /^(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|we'll|my|our)\b/u;
const USER_CLAUSE_EN = /^(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|we'll|we'd)\s+\S/u;
const DETERMINER_START_EN = /^(?:the|a|an|my|our|his|her|their|\d)/u;
// An auxiliary or a copula after the first word, with something after it.
const AUXILIARY_EN =
  /^\S.*?(?:\s(?:is|are|was|were|am|isn't|aren't|wasn't|weren't|has|have|had|hasn't|haven't|hadn't|does|did|doesn't|didn't|don't|can|can't|cannot|could|couldn't|will|won't|would|wouldn't|should|shouldn't|must|may|might)|'re|'ve|'ll|'d)\s+\S/u;
// A subject of up to six words ("my Friday flight to Rome"), then an English verb in -s or
// -ed and more words: tested on the original text, so that a folded "très" is no verb.
const LEXICAL_VERB_EN = /^\S+(?:\s+\S+){0,5}?\s+(?!(?:this|perhaps|always|sometimes)\s)[a-z]{2,}(?:[a-rt-z]s|[a-df-z]ed)\s+\S/iu;
const NON_LATIN_START = /^[^\p{L}]*(?!\p{Script=Latin})\p{L}/u;
const COPULAR_EN = /^(?:(?:the|our|this|that)\s+)?(?<x>[\p{L}\p{N} -]{1,30}?)\s+(?:is|are)\s+(?<value>\S.*)$/du;
const COPULAR_ES = /^(?:(?:el|la|los|las|nuestro|nuestra|nuestros|nuestras)\s+)?(?<x>[\p{L}\p{N} -]{1,30}?)\s+(?:es|son|esta|estan)\s+(?<value>\S.*)$/du;
// Expletive and generic openers make a platitude ("remember, there's more to life…"), not a fact.
const GENERIC_START_EN = /^(?:there|there's|it|it's|this|that|these|those|here|everything|nothing|life|people|everyone|nobody)\b/u;
const PRONOUN_SUBJECT = /^(?:it|that|this|there|he|she|they|you|eso|esto|ella|el|ellos|vos|tu|usted)$/u;
// Someone's thing, whose the message does not say ("Her birthday is on April 3rd", said after
// talking of "my mom"; "su cumpleaños es…", which was even keyed as the user's birthday).
const THIRD_PERSON_THING = /^(?:her|his|their|its|su|sus)\s/u;
const MAX_WORDS = 24;
// The words a note's key keeps (textKey).
const NOTE_KEY_WORDS = 8;
// Function words, and the commonest verbs of a Spanish statement without a subject ("uso Linux").
const ES_WORDS = new Set([
  'el', 'la', 'los', 'las', 'que', 'de', 'en', 'y', 'es', 'mi', 'mis', 'por', 'con', 'para', 'una', 'un', 'se', 'lo', 'yo', 'tengo', 'soy', 'estoy',
  'son', 'uso', 'vivo', 'hago', 'voy', 'tomo', 'juego', 'hablo',
]);
const EN_WORDS = new Set(['the', 'and', 'is', 'i', 'my', 'to', 'of', 'in', 'that', 'it', 'a', 'for', 'on', 'with', 'we', 'you', 'am', 'are', "i'm", 'have']);

/** English or Spanish by counting function words; on a tie, the fallback (the marker's language). */
export function guessLanguage(folded: string, fallback: Language = 'en'): Language {
  let es = 0;
  let en = 0;
  for (const word of folded.split(/[^\p{L}']+/u)) {
    if (ES_WORDS.has(word)) es++;
    if (EN_WORDS.has(word)) en++;
  }
  return es === en ? fallback : es > en ? 'es' : 'en';
}

// "the standup is at 9" → subject "standup", value "at 9"; null unless a short noun phrase
// is the subject. "My sister is Ana" is no slot: another sister is not a new value of hers.
// A thing may be qualified ("el presupuesto de la boda", "the budget for the trip"): its
// words that carry meaning count, and its value is no part of its subject, so a new amount
// replaces the old one.
const MAX_THING_WORDS = 5;
const MAX_THING_CONTENT_WORDS = 3;

function copular(body: FoldedText, language: Language): { subject: string; value: FoldedText | null } | null {
  const groups = matchRule(body, language === 'en' ? COPULAR_EN : COPULAR_ES);
  const x = groups?.folded('x').trim();
  if (!groups || !x || x.split(/\s+/u).length > MAX_THING_WORDS || contentWords(x).length > MAX_THING_CONTENT_WORDS || PRONOUN_SUBJECT.test(x)) return null;
  const subject = nounKey(x);
  return subject === '' || namesOneOfSeveral(subject) ? null : { subject, value: withoutAmountDe(groups.value('value'), language) };
}

// A subject of up to four words, then a modal and its verb ("retries should never exceed 3").
const BARE_SUBJECT_RULE_EN =
  /^[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?\s+(?:must|should|shall|cannot|can't|can|may|mustn't|shouldn't|(?:needs?|has|have)\s+to)\s+(?:(?:not|never|always|only)\s+)?[a-z]\S*\s+\S/u;

// Whether a flagged text no rule recognised reads as a clause (see the top of this file).
function readsAsClause(body: FoldedText, language: Language, bareObject: boolean): boolean {
  if (NON_LATIN_START.test(body.folded) || language === 'es') return !bareObject;
  if (USER_CLAUSE_EN.test(body.scan)) return true;
  // "Remember that retries must be at most 3": a rule about a thing named without a determiner.
  if (!bareObject && BARE_SUBJECT_RULE_EN.test(body.scan)) return true;
  if (!DETERMINER_START_EN.test(body.scan) && !/^\p{Lu}/u.test(body.original)) return false;
  return AUXILIARY_EN.test(body.scan) || (!bareObject && LEXICAL_VERB_EN.test(body.original));
}

// A Spanish verb in the first person opening the text ("respondo", "uso", "hablamos"); an
// imperative with its pronouns may end so too ("dímelo").
const FIRST_PERSON_VERB_ES = new RegExp(`^\\p{L}+${FIRST_PERSON_ES_ENDING}\\b`, 'u');
const ENCLITIC_PAIR_ES = /^\p{L}+(?:me|te|se|nos)l[oa]s?\b/u;

// Whether the text is the user's own statement ("I'll answer in English", "respondo en
// español", "yo…"), not an instruction to the assistant.
function saysOfThemselves(body: FoldedText, language: Language): boolean {
  if (FIRST_PERSON_EN.test(body.scan) || /^(?:yo|nosotros)\b/u.test(body.scan)) return true;
  // "No" is no verb: "no tomo café" is the user's own, "no uses emojis" an instruction.
  const verb = body.scan.replace(/^no\s+/u, '');
  return language === 'es' && FIRST_PERSON_VERB_ES.test(verb) && !ENCLITIC_PAIR_ES.test(verb);
}

// How long a state has held is no part of it ("Remember that I've been vegetarian since
// 2024", "recuerda que soy vegetariano desde este año"): the note is the state ("I'm
// vegetarian", "Soy vegetariano"), which is what its retraction names ("I'm not vegetarian
// anymore", "ya no soy vegetariano"), and a perfect that only said how long it held ("I've
// been… since…") is the present. Spanish "desde" only before a time: "mi vuelo sale desde
// Valencia" is where from.
const NUMBER_WORD = '(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|many|un|una|unos|unas|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|varios|varias|muchos|muchas|pocos|pocas)';
const SPAN = '(?:days?|weeks?|months?|years?|decades?|dias?|semanas?|mes|meses|anos?|decadas?)';
const MONTHS_ES = 'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
const DURATION = new RegExp(
  '\\s*,?\\s+(?:(?:ever\\s+)?since\\s+\\S.*' +
    `|desde\\s+(?:hace|que|siempre|chic[oa]s?|nin[oa]s?|pequen[oa]s?|joven|ayer|anoche|entonces|${MONTHS_ES}|\\d+|(?:el|este|esta|la|los|aquel)\\s+(?:ano|anos|mes|semana|verano|invierno|otono|primavera|pasad\\p{L}*))\\b.*` +
    `|(?:for\\s+(?:the\\s+(?:past|last)\\s+)?|hace\\s+)${NUMBER_WORD}\\s+${SPAN}(?:\\s+(?:now|already|ya))?)$`,
  'u',
);
const PERFECT_OF_STATE_EN = /^(?<who>i|we)(?:'ve|\s+have)\s+been\s+(?=\S)/u;

// `body` without how long it has held, if it says so: "I've been vegetarian since 2024" → "I'm vegetarian".
function withoutDuration(body: FoldedText): FoldedText {
  const duration = DURATION.exec(body.scan);
  if (duration === null || duration.index === 0) return body;
  const state = sliceFolded(body, 0, duration.index);
  const perfect = PERFECT_OF_STATE_EN.exec(state.scan);
  if (perfect === null) return state;
  const present = perfect.groups?.['who'] === 'we' ? "We're" : "I'm";
  return foldMessage(`${present} ${sliceFolded(state, perfect[0].length, state.folded.length).original}`);
}

/** A fact from a flagged statement that no specific rule recognised, or null. */
export function genericFact(said: FoldedText, markers: ClauseMarkers): RuleHit | null {
  if (!markers.explicit && !markers.notice && !markers.fromNowOn) return null;
  const body = withoutDuration(said);
  const words = wordCount(body.folded);
  if (words < 2 || words > MAX_WORDS) return null;
  // "Remember that when I travel I prefer aisle seats": a habit, kept as one statement.
  const habit = isHabitualWhen(body.scan);
  const language = guessLanguage(body.folded, markers.language ?? 'en');
  const first = markers.fromNowOn !== false && !habit ? conditionFirst(body) : null;
  // "When I write in Spanish, answer in Spanish": kept with its condition ("if possible" is none).
  if (first !== null && !saysOfThemselves(first.instruction, language)) {
    return first.condition.kind === 'unkept' ? null : fromNowOnInstruction(first.instruction, language, first.condition.kind === 'kept' ? first.condition : null);
  }
  if (!habit && (NOT_A_STATEMENT.test(body.scan) || THIRD_PERSON_THING.test(body.scan))) return null;
  if (markers.fromNowOn && !habit && !saysOfThemselves(body, language)) return conditionalInstruction(body, language);
  if (!habit && isConditional(body.scan)) return null;
  // "I'll answer in English from now on": the user's own resolution, no request to keep it.
  if (!markers.explicit && !markers.notice && markers.fromNowOn !== 'opens') return null;
  if (language === 'en' && GENERIC_START_EN.test(body.scan)) return null;
  const pair = habit ? null : copular(body, language);
  if (!habit && !pair && !readsAsClause(body, language, markers.bareObject)) return null;
  if (pair !== null) return ruleHit('statement', language, 'assert', pair.subject, pair.value, body.original, null, false);
  const used = habit ? null : usedTool(body, language);
  if (used !== null) return used;
  const negatable = habit || language !== 'en' ? null : negatableNote(body);
  if (negatable !== null) return { ...ruleHit('statement', language, 'assert', negatable.subject, null, body.original, null, false), value: negatable.value };
  return ruleHit('statement', language, 'assert', `note ${textKey(body.folded)}`, null, body.original, null, false);
}

// "We use pnpm, not npm", "uso Neovim": the name of a tool of a known kind alone
// (value-categories.ts) is keyed by that kind, as "I use Neovim as my editor" and "I
// switched to yarn" are, so a later switch replaces it; what it is not is said, but is no
// part of the value. With more words ("I use Vim at work") it stays a note of its own.
const USES_EN =
  /^(?:i|we)\s+(?:(?:also|now|still|only|mostly|mainly|actually)\s+)?(?:use|'re using|are using|'m using|am using)\s+(?<value>[^,]+?)(?:\s*,?\s+(?:not|instead of|rather than)\s+(?<alt>[^,]+))?$/du;
const USES_ES =
  /^(?:(?:yo|nosotros|ahora|tambien|solo)\s+)*(?:uso|usamos|utilizo|utilizamos)\s+(?<value>[^,]+?)(?:\s*,?\s+(?:no|en vez de|en lugar de)\s+(?<alt>[^,]+))?$/du;
const CATEGORY_TERMS: ReadonlySet<string> = new Set(CATEGORIES.flatMap(([, terms]) => terms));

function usedTool(body: FoldedText, language: Language): RuleHit | null {
  const groups = matchRule(body, language === 'en' ? USES_EN : USES_ES);
  const value = groups?.value('value');
  const category = value && CATEGORY_TERMS.has(value.folded) ? valueCategory(value.folded) : null;
  if (!groups || !value || category === null) return null;
  return ruleHit('statement', language, 'assert', category, value, body.original, 'preferences', false);
}

// "From now on, reply in English when I write in English": the instruction with its
// condition (conditions.ts), or, under no condition, as said.
function conditionalInstruction(body: FoldedText, language: Language): RuleHit | null {
  const cut = beforeCondition(body);
  if (cut === null) return isConditional(body.scan) ? null : fromNowOnInstruction(body, language);
  if (cut.condition.kind === 'unkept' || isConditional(cut.head.scan)) return null;
  return fromNowOnInstruction(cut.head, language, cut.condition.kind === 'kept' ? cut.condition : null);
}

// "I like jazz", "I don't like jazz", "I'm (not) vegetarian": the user's own short clause
// in the present, which its negation contradicts.
const OWN_CLAUSE_EN = /^(?:(?:i'm|im|i am|we're|we are)\s+(?<is>not\s+)?|(?:i|we)\s+(?<does>(?:don't|dont|do not)\s+)?)\p{L}/u;
// "I'm" and "I am" are one clause: its key is the same.
const CONTRACTED_BE = /^(?:i'm|im)\b/u;
const CONTRACTED_WE_ARE = /^we're\b/u;

/**
 * The note of such a clause, keyed without its negation and valued by its polarity (as
 * the Spanish "(no) me gusta…", rules-experiencer.ts): "Remember I don't like jazz"
 * replaces "Remember I like jazz", and either said again, in any wording of the same
 * polarity ("I do not like jazz"), re-confirms it. Null for any other note, and for one
 * too long for its key to hold all its words.
 */
function negatableNote(body: FoldedText): { subject: string; value: string } | null {
  const clause = OWN_CLAUSE_EN.exec(body.scan);
  if (clause === null) return null;
  const negated = (clause.groups?.['does'] ?? clause.groups?.['is']) !== undefined;
  const full = body.folded.replace(CONTRACTED_BE, 'i am').replace(CONTRACTED_WE_ARE, 'we are');
  const words = contentWords(negated ? full.replace(/\b(?:don't|dont|do not|not)\s+/u, '') : full);
  if (words.length > NOTE_KEY_WORDS) return null;
  return { subject: `note ${words.join(' ')}`, value: polarValue(words, negated) };
}
