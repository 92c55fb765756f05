import { conditionAfter, underCondition } from './conditions.js';
import { originalThrough, sliceFolded, trimFolded, type FoldedText } from './folded-text.js';
import { ADV_EN, AUX_EN, hasCorrectionAdverb, matchRule, ruleHit, type FactRule, type RuleGroups, type TriggeredPatterns } from './rule-support.js';
import { comparedKind, preferredKind } from './preferred-kind.js';
import { decidedAtStart, isMomentaryAct, saidOfTheMoment } from './present-moment.js';
import { MAX_STATEMENT_CHARS } from './statement-text.js';
import { textKey } from './subject-key.js';
import { LEADING_TIME_EN, LEADING_TIME_ES, TIME_AFTER_VERB_EN, TIME_AFTER_VERB_ES, TIME_PHRASE_EN, withoutTimePhrase } from './time-phrases.js';
import { answerStyle, valueCategory } from './value-categories.js';
import { cleanValue, cleanValueSpan, valueSpanIn } from './value-text.js';

// Rules for choices: preferences ("I prefer…", "prefiero…") and decisions ("I decided…", "decidimos…").

const PREFER_EN = new RegExp(
  `^(?:i|we)${AUX_EN}${ADV_EN}(?:do\\s+)?prefer\\s+(?<value>.+?)(?:\\s+(?<cmp>over|to|rather than|than|instead of|more than)\\s+(?<alt>.+))?$`,
  'du',
);
const PREFER_ES =
  /^(?:(?:yo|siempre|tambien|ahora|en general|mas bien|igual|personalmente)\s+)*(?:prefiero|preferimos)\s+(?<value>.+?)(?:\s+(?<cmp>antes que|en vez de|en lugar de|mas que|sobre|a)\s+(?<alt>.+))?$/du;
// "I decided we will use Kubernetes", "we agreed we'll go with Kafka": what was decided said
// as a clause of its own without "that", its subject the user or their team and its verb
// what they will do; "I decided I liked it" reports no decision of what to do.
const WILL_EN = "(?:i|we)(?:'ll|\\s+will|\\s+would|\\s+shall|\\s+should|(?:'m|'re|\\s+am|\\s+are)\\s+(?:going\\s+to|gonna))";
// What is left of such a clause when its value was cut before the verb ("I'm going to get…"
// ends at a purpose "to get", value-text.ts): nothing decided.
const WILL_ONLY_EN = new RegExp(`^(?:${WILL_EN}|(?:i|we)(?:'m|'re|\\s+am|\\s+are)\\s+going)$`, 'u');
// "Decided" may also take what was chosen as its object ("I decided k8s over docker-compose",
// "I decided Postgres for billing"), never a pronoun, an adverb, a time or a word that
// opens a clause ("I decided nothing yet", "…quickly", "…last week", "…what to do").
const NOT_AN_OBJECT_EN =
  `(?:${TIME_PHRASE_EN}|(?:it|that|this|these|those|nothing|something|anything|everything|none|what|whether|how|when|where|which|who|why|if|so|yet|` +
  "otherwise|again|already|finally|now|then|later|once|long|never|not|i|i'm|i'd|i'll|we|we're|you|he|she|they|me|him|her|us|them|myself|" +
  'ourselves|in|at|after|before|with|about|by|from|during|since|until|while|because|but|and|or|as|like|just|really|instead|ahead|early|' +
  'late|last|next|one day|someday|maybe|too|also|right|both|either|neither|all|a while|\\p{L}+ly)\\b)';
// A decision verb may follow when it was decided ("Yesterday we decided…", "Ayer
// decidimos…") or come right after it, before what was decided ("We decided yesterday to…",
// "Decidimos ayer que…", "…ayer mover…"; not "We decided on Monday for the launch", where
// the day is what was decided), which the statement leaves out (time-phrases.ts); "went with" may not:
// "Last night we went with friends to a concert" is where they went.
const DECIDE_EN = new RegExp(
  `^${LEADING_TIME_EN}?(?<subject>i|we)${AUX_EN}${ADV_EN}(?<verb>decided|settled|opted|(?<we>agreed))\\s+(?:${TIME_AFTER_VERB_EN}(?=(?:not\\s+)?(?:to|that)\\s|${WILL_EN}\\s))?(?<value>(?:not\\s+)?(?:to|on|that|for|upon|against)\\s+.+|${WILL_EN}\\s+.+|(?!${NOT_AN_OBJECT_EN})(?<object>[\\p{L}\\p{N}].*))$` +
    `|^we(?:'ll go|\\s+will go|'re going|\\s+are going|\\s+went|'ve gone|\\s+have gone)\\s+with\\s+(?<value2>.+)$`,
  'du',
);
const LEAD_ES = '(?:(?:yo|ya|al final|finalmente|tambien|entonces)\\s+)*';
// "Anoche nos quedamos con mis padres": where they stayed.
const DECIDE_ES = new RegExp(
  `^${LEAD_ES}(?:${LEADING_TIME_ES}${LEAD_ES}(?!nos quedamos con\\b))?(?:decidi|decidimos|he decidido|hemos decidido|optamos por|opte por|nos quedamos con|acordamos|elegimos)\\s+(?:${TIME_AFTER_VERB_ES}(?=que\\s|\\p{L}+(?:ar|er|ir)\\b))?(?:que\\s+)?(?<value>.+)$`,
  'du',
);
const PRONOUN_ONLY = /^(?:it|that|this|them|him|her|one|ones|those|these|lo|eso|esto|esa|ese|uno|una)$/u;
// "I prefer not to talk about it": about this conversation, not a lasting preference.
const ENDS_DEICTIC = /\b(?:it|that|this|eso|esto|ello)$/u;
// "I prefer to think about it later", "I prefer not to say", "prefiero no decirlo": how the
// user wants this moment of the conversation to go, not a lasting preference.
const FOR_THIS_MOMENT =
  /\b(?:(?:it|this|that|lo|eso|esto)\s+(?:later|mas tarde|luego)|for now|right now|for the moment|at the moment|por ahora|de momento|por el momento)$|\p{L}+lo\s+(?:mas tarde|luego)$|^(?:not to|no)\s+(?:say|answer|tell|comment|share|discuss|reply|respond|decir(?:lo|te)?|contestar|responder|comentar(?:lo)?|hablar)$/u;
// Words about how the assistant talks: with a language, the preference is the assistant's language.
const COMMUNICATION =
  /\b(?:repl\w*|answer\w*|respond\w*|responses?|writ\w*|speak\w*|talk\w*|texts?|messages?|explain\w*|explanations?|contest\w*|habl\w*|escrib\w*|respuestas?|mensajes?|explic\w*|expliqu\w*|digas|dijeras|dijeses)\b/u;

/** The subject of a preference or instruction; the same for values that compete. */
export function choiceSubject(prefix: string, value: string, alt: string, fallback: string = textKey(value)): string {
  return categorySubject(prefix, value, alt) ?? (alt !== '' ? `${prefix} ${[textKey(value, 4), textKey(alt, 4)].sort().join(' | ')}` : `${prefix} ${fallback}`);
}

// The subject values that compete by category give a choice ("preference indentation",
// "assistant language", "answer length"), or null when they name none.
function categorySubject(prefix: string, value: string, alt: string): string | null {
  const category = valueCategory(value) ?? valueCategory(alt);
  if (COMMUNICATION.test(`${value} ${alt}`)) {
    if (category === 'language') return 'assistant language';
    const style = answerStyle(value) ?? answerStyle(alt);
    if (style !== null) return `answer ${style}`;
  }
  return category ? `${prefix} ${category}` : null;
}

/**
 * The subject of an instruction about the assistant's answers ("answer in Spanish" →
 * "assistant language", "reply casually" → "answer tone"), or null when the words set no
 * language, length or tone of them.
 */
export function answerSubject(value: string): string | null {
  const subject = categorySubject('preference', value, '');
  return subject !== null && (subject.startsWith('assistant ') || subject.startsWith('answer ')) ? subject : null;
}

// A preference's subject and value: by category first; else the kind of thing it prefers,
// whose modifier is then the value ("I prefer aisle seats": "preference seat", "aisle");
// else its own words.
function preferenceKey(value: FoldedText, alt: FoldedText | null, language: 'en' | 'es'): { subject: string; value: FoldedText } {
  const byCategory = categorySubject('preference', value.folded, alt?.folded ?? '');
  if (byCategory !== null) return { subject: byCategory, value };
  const kind = alt ? comparedKind(value, alt, language) : preferredKind(value, language);
  if (kind !== null) return { subject: `preference ${kind.key}`, value: kind.modifier };
  return { subject: choiceSubject('preference', value.folded, alt?.folded ?? ''), value };
}

// Keeps "to"/"a" comparisons only between noun phrases: "prefer to walk to work" compares nothing.
function comparedAlternative(groups: RuleGroups, language: 'en' | 'es'): FoldedText | null {
  const cmp = groups.folded('cmp');
  const value = groups.folded('value');
  if (cmp === '') return null;
  if (language === 'en' && cmp === 'to' && /^(?:to|not)\b/u.test(value)) return null;
  if (language === 'es' && cmp === 'a' && (/^que\b/u.test(value) || /^\p{L}*(?:ar|er|ir)\b/u.test(value))) return null;
  // "Prefiero reuniones a la tarde": when, not what they are preferred to.
  if (language === 'es' && cmp === 'a' && /^la\s+(?:manana|tarde|noche|hora\s+del\s+almuerzo)\b/u.test(groups.folded('alt'))) return null;
  return groups.value('alt');
}

// The same pattern without the comparison: the whole tail is the value.
function withoutComparison(pattern: RegExp): RegExp {
  return new RegExp(pattern.source.replace(/\(\?<value>\.\+\?\)\(\?:.*\)\?\$$/u, '(?<value>.+)$'), 'du');
}

function preferRule(pattern: RegExp, language: 'en' | 'es'): FactRule {
  const plain = withoutComparison(pattern);
  return (body) => {
    const compared = matchRule(body, pattern);
    if (!compared) return null;
    const alt = comparedAlternative(compared, language);
    const groups = alt ? compared : matchRule(body, plain);
    const last = alt ? compared.get('alt') : (groups?.get('value') ?? null);
    if (last !== null && saidOfTheMoment(last)) return null;
    const value = groups?.value('value');
    if (!groups || !value || PRONOUN_ONLY.test(value.folded) || ENDS_DEICTIC.test(value.folded) || FOR_THIS_MOMENT.test(value.folded)) return null;
    const said = groups.statementUpTo(alt ? 'alt' : 'value');
    if (!said) return null;
    const naming = /^(?:to be called|being called|que me llamen|que me digan)\b/u.test(value.folded);
    const key = naming ? { subject: 'preferred name', value } : preferenceKey(value, alt, language);
    const kept = underCondition(conditionAfter(body, alt ?? value), said, key.subject);
    if (kept === null) return null;
    const correction = language === 'en' && hasCorrectionAdverb(groups);
    return ruleHit(language === 'en' ? 'prefer' : 'prefiero', language, 'assert', kept.subject, key.value, kept.statement, 'preferences', correction);
  };
}

// A step that continues a decision ("…first, then the CI", "…primero, después el CI"); one
// with its own subject is another clause ("…Vue, then I changed my mind").
const NEXT_STEP =
  /^\s*,?\s*(?:and\s+|y\s+)?(?:then|after that|despues|luego)\s+(?!(?:i|i'm|i've|we|you|he|she|they|it|it's|yo|nosotros|me|nos)\b)/u;
const MAX_STEPS = 3;

// The decision through the steps that continue it, if any: a comma ends a value, but not "first, then…".
function throughNextSteps(raw: FoldedText | null, value: FoldedText): FoldedText {
  const span = raw === null ? null : valueSpanIn(raw, value);
  if (raw === null || span === null) return value;
  let end = span.end;
  for (let steps = 0; steps < MAX_STEPS; steps += 1) {
    const lead = NEXT_STEP.exec(raw.scan.slice(end));
    if (!lead) break;
    const from = end + lead[0].length;
    const step = cleanValueSpan(sliceFolded(raw, from, raw.scan.length), true);
    if (step === null) break;
    end = from + step[1];
  }
  return end === span.end ? value : sliceFolded(raw, span.start, end);
}

// What qualifies a decision after a comma ("…Kafka for the event bus, with a retention of 7
// days", "…, con una retención de 7 días") is part of it, and so are the specifics that
// follow it, a few words with a number ("…the retry logic, max 3 retries, capped at 2
// seconds", "…, máximo 3 reintentos"); any other comma ends its value.
const QUALIFIER = /^\s*,\s*(?:(?:and|y)\s+)?(?:(?<with>with|con)\s+)?/u;
const MAX_SPECIFIC_WORDS = 6;
const MAX_QUALIFIERS = 3;

// The decision through its qualifiers, if any, while the statement (without its time
// phrase `when`) still fits in a fact.
function withQualifier(body: FoldedText, raw: FoldedText | null, value: FoldedText, when: FoldedText | null): FoldedText {
  const span = raw === null ? null : valueSpanIn(raw, value);
  if (raw === null || span === null) return value;
  let qualified = value;
  let end = span.end;
  for (let count = 0; count < MAX_QUALIFIERS; count += 1) {
    const lead = QUALIFIER.exec(raw.scan.slice(end));
    if (lead === null || lead[0].length === 0 || !lead[0].includes(',')) break;
    const from = end + lead[0].length;
    const qualifier = cleanValueSpan(sliceFolded(raw, from, raw.scan.length), true);
    if (qualifier === null) break;
    const words = raw.scan.slice(from + qualifier[0], from + qualifier[1]);
    const specific = /\d/u.test(words) && words.split(/\s+/u).length <= MAX_SPECIFIC_WORDS && !NOT_A_SPECIFIC.test(words);
    if (lead.groups?.['with'] === undefined && !specific) break;
    const longer = sliceFolded(raw, span.start, from + qualifier[1]);
    if (withoutTimePhrase(originalThrough(body, longer), body, when).length > MAX_STATEMENT_CHARS) break;
    qualified = longer;
    end = from + qualifier[1];
  }
  return qualified;
}

// "to use Kafka" → "use Kafka": what was decided, without the word that introduces it.
function decidedTopic(value: FoldedText): FoldedText {
  const lead = /^(?:(?:to|on|that|for|upon|que)\s+)?/u.exec(value.folded)?.[0].length ?? 0;
  return sliceFolded(value, lead, value.folded.length);
}

// What "decided" takes as its object is a choice when it names what was chosen: a thing
// compared with another ("k8s over docker-compose"), a name or a code ("Postgres", "k8s"),
// or a known kind of tool ("postgres for billing"); never a clause of its own ("I decided
// the movie was boring": what the user came to think). "We settled the bill" paid it.
const COMPARED_EN = /\b(?:over|instead of|rather than|vs|versus)\b/u;
const NAMED_OR_CODE = /(?:^|\s)(?:\p{Lu}|\p{L}+\p{N}|\p{N}+\p{L})/u;
// A verb of the object's own ("…the movie was boring", "…Mom needed help", "…Ana needs a
// break"): an auxiliary, or a past or present verb before its object; "managed Postgres
// over self-hosted" holds none.
const FINITE_VERB_EN_SOURCE =
  "\\b(?:is|are|was|were|am|be|been|had|has|have|would|will|could|should|can|shall|might|must|did|does|do|isn't|aren't|wasn't|weren't|didn't|doesn't|don't|won't|wouldn't)\\b|'(?:re|ll|d|ve|m)\\b" +
    '|\\s\\p{L}{2,}(?:ed|s)\\s+(?:me|him|her|them|us|it|to|that|a|an|the|my|his|their|our|some|help|so|too|up|out|more|less)\\b' +
    '|\\s(?:needs|wants|likes|loves|hates|deserves|seems|looks|sounds|feels|goes|works|gets)\\b';
const FINITE_VERB_EN = new RegExp(FINITE_VERB_EN_SOURCE, 'u');
// A specific is no clause of its own nor when the decision was taken ("…, 3 days ago").
const NOT_A_SPECIFIC = new RegExp(
  String.raw`^(?:i|i'm|we|we're|you|he|she|they|it|it's|yo|nosotros|but|so|because|pero|porque|hace)\b|\b(?:ago|${TIME_PHRASE_EN})\b|` + FINITE_VERB_EN_SOURCE,
  'u',
);

function namesChoice(verb: string, decided: FoldedText): boolean {
  if (verb !== 'decided' || FINITE_VERB_EN.test(decided.scan)) return false;
  return COMPARED_EN.test(decided.scan) || NAMED_OR_CODE.test(decided.original) || valueCategory(decided.folded) !== null;
}

// What was decided may take more words than another value ("…to raise the docs runner
// memory to 8 GB and keep source maps"): the statement's length bounds it (tidyStatement).
const DECIDED = { keepWhen: true, maxWords: 24 } as const;

function decideRule(pattern: RegExp, language: 'en' | 'es'): FactRule {
  const decide: FactRule = (body) => {
    const groups = matchRule(body, pattern);
    if (!groups) return null;
    // "We agreed to…" is a decision; "I agreed to…" gives in to someone else's.
    if (groups.get('we') && groups.folded('subject') !== 'we') return null;
    const name = groups.get('value2') ? 'value2' : 'value';
    const said = groups.get(name);
    // "I decided to quit smoking today": when it was decided, left out as a leading day is
    // (present-moment.ts). The value group runs to the end of the body: `said` is its tail.
    const decidedAt = said === null ? null : decidedAtStart(said);
    if (said !== null && decidedAt !== null) return decide(trimFolded(sliceFolded(body, 0, body.folded.length - said.folded.length + decidedAt)));
    // "I decided to order pizza tonight": what was decided is for this moment, not a lasting decision.
    if (said !== null && saidOfTheMoment(said)) return null;
    // The day a decision names is what was decided ("we will ship on Friday"); only its key leaves it out.
    const cleaned = groups.value(name, DECIDED);
    const decided = cleaned === null ? null : throughNextSteps(groups.get(name), cleaned);
    if (!decided || PRONOUN_ONLY.test(decided.folded) || WILL_ONLY_EN.test(decidedTopic(decided).scan) || isMomentaryAct(decidedTopic(decided).folded)) return null;
    if (groups.get('object') !== null && !namesChoice(groups.folded('verb'), decided)) return null;
    const when = groups.get('when') ?? groups.get('whenAfter');
    const value = withQualifier(body, groups.get(name), decided, when);
    const through = value === cleaned ? groups.statementUpTo(name, DECIDED) : originalThrough(body, value);
    if (!through) return null;
    const statement = withoutTimePhrase(through, body, when);
    // The qualifier is part of the value, not of the subject: "…, with a retention of 14
    // days" replaces "…, with a retention of 7 days".
    // Without the day it names: "we will ship on Monday" replaces "…on Friday".
    const core = decidedTopic(cleanValue(decided) ?? decided).folded;
    const subject = `decision ${valueCategory(core) ?? textKey(core)}`;
    const correction = language === 'en' && hasCorrectionAdverb(groups);
    return ruleHit(language === 'en' ? 'decided' : 'decidi', language, 'assert', subject, decidedTopic(value), statement, 'decisions', correction);
  };
  return decide;
}

/** Preference and decision rules. */
export const CHOICE_RULES: readonly FactRule[] = [
  preferRule(PREFER_EN, 'en'),
  preferRule(PREFER_ES, 'es'),
  decideRule(DECIDE_EN, 'en'),
  decideRule(DECIDE_ES, 'es'),
];

/** What every preference and decision pattern needs (rule-support.ts, Trigger). */
export const CHOICE_TRIGGER: TriggeredPatterns = {
  trigger: /prefer|prefier|decid|settled|opted|agreed|(?:go|going|went|gone)\s+with\s|optamos|opte por|quedamos con|acordamos|elegimos/u,
  patterns: [PREFER_EN, PREFER_ES, DECIDE_EN, DECIDE_ES],
};
