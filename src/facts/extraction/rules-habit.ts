import { CONDITION_OPENER, conditionAfter, conditionalSubject, type KeptCondition } from './conditions.js';
import type { FoldedText } from './folded-text.js';
import { matchRule, ruleHit, type FactRule, type RuleGroups, type RuleHit, type TriggeredPatterns } from './rule-support.js';
import { choiceSubject } from './rules-choice.js';
import { textKey } from './subject-key.js';

// Rules for "always/never": standing instructions to the assistant ("always reply in
// English", "nunca uses emojis") and the user's habits ("I never drink coffee").

const INSTRUCTION_EN =
  /^(?:please\s+)?(?:(?<adv>always|never)(?:\s+ever)?|(?<dont>don't ever|do not ever|dont ever))\s+(?<verb>[a-z][a-z'-]*)(?<rest>\s+.+)$/du;
// Present tense only: "I have never met an actor" is an anecdote, "I never drink" a habit.
const HABIT_EN =
  /^(?:i|we)(?:\s+(?:also|usually|pretty much|almost|basically|just))?\s+(?<adv>always|never)(?:\s+ever)?\s+(?<verb>[a-z][a-z'-]*)(?<rest>\s+.+)?$/du;
const ALWAYS_ES =
  /^(?:(?:yo|nosotros|por favor)\s+)?(?<adv>siempre|nunca|jamas)(?:\s+(?<clitic>me|te|nos|lo|la|le|les))?\s+(?<verb>\p{L}+)(?<rest>\s+.+)?$/du;
// Words after "always/never" that show it is no instruction ("never mind", "always a pleasure").
const NOT_A_VERB_EN = new Set([
  'a', 'an', 'the', 'this', 'that', 'it', 'i', 'you', 'we', 'they', 'he', 'she', 'my', 'your', 'our', 'been', 'be',
  'was', 'is', 'are', 'were', 'had', 'has', 'have', 'mind', 'again', 'forget', 'remember', 'too', 'so', 'more', 'less',
  'good', 'bad', 'fun', 'nice', 'same', 'better', 'worse', 'true', 'enough', 'late', 'early', 'here', 'there',
  'happy', 'ready', 'tired', 'busy', 'free', 'on', 'in', 'at', 'for', 'with', 'about', 'going', 'say', 'knew', 'know',
  'ever', 'once', 'twice', 'before', 'after', 'like', 'as', 'will', 'would', 'can', 'could', 'do', 'does', 'did',
  'to', 'really', 'actually', 'just', 'even', 'quite', 'truly', 'usually', 'not', 'no', 'thought', 'heard', 'seen',
  'met', 'got', 'went', 'felt', 'saw', 'found', 'made', 'took', 'gave', 'came', 'left', 'lost', 'won', 'broke',
  'told', 'wrote', 'ran', 'ate', 'drank', 'bought', 'brought', 'kept', 'meant', 'spent', 'tried', 'stopped',
]);
// What an assistant can be told to always or never do: its answers and its actions.
export const ASSISTANT_VERBS_EN: ReadonlySet<string> = new Set([
  'reply', 'respond', 'answer', 'use', 'write', 'say', 'call', 'mention', 'suggest', 'recommend', 'show', 'give',
  'tell', 'ask', 'include', 'add', 'format', 'play', 'send', 'remind', 'book', 'schedule', 'order', 'speak', 'talk',
  'explain', 'translate', 'summarize', 'summarise', 'list', 'put', 'keep', 'make', 'check', 'double-check', 'confirm',
  'cite', 'refer', 'address', 'correct', 'greet', 'sign', 'assume', 'capitalize', 'print', 'open', 'run', 'commit',
  'push', 'deploy', 'test', 'label', 'spell', 'round', 'convert', 'display', 'share', 'offer', 'avoid', 'wake', 'set',
  'save', 'delete', 'email', 'text', 'notify', 'alert', 'warn', 'sort', 'link', 'quote', 'read',
  'interrupt', 'bother', 'bring', 'contact', 'post', 'buy', 'pick', 'choose', 'prefer', 'default',
]);
// Spanish stems of the same verbs (imperative and subjunctive forms start with them).
const ASSISTANT_STEMS_ES = new RegExp(
  '^(?:respond|contest|us|escrib|llam|mencion|suger|sugier|recomend|recomiend|mostr|muestr|da|dame|dec|dig|di|pregunt|' +
    'inclu|agreg|anad|formate|pon|pong|reproduc|pas|mand|envi|recuerd|record|avis|habl|explic|traduc|resum|list|' +
    'verific|confirm|cit|corrig|correg|salud|firm|evit|guard|borr|elig|eleg|compr|pid|ped|agend|anot)',
  'u',
);
const DIRECTED_AT_USER = /\b(?:me|us|my|our|i|mi|mis|nos|nuestro|nuestra)\b/u;
// Cognitive verbs make "I never thought…" a remark, not a habit.
const NOT_A_HABIT_EN = new Set([
  'think', 'thought', 'know', 'knew', 'known', 'heard', 'hear', 'realized', 'realised', 'noticed', 'understood',
  'understand', 'imagined', 'imagine', 'expected', 'expect', 'guess', 'guessed', 'wondered', 'wonder', 'mind',
  'meant', 'intended', 'said', 'believed', 'get', 'got', 'seem', 'seems', 'forget', 'remember', 'tell', 'will',
  'would', 'can', 'could', 'do', 'did', 'am', 'was', 'be', 'feel', 'feels', 'look', 'looks',
]);
// What one says of oneself with "always"/"never" that is no habit to keep, in either
// language: what one thinks or notices ("I always think…", "siempre pienso…"), and what goes
// wrong despite oneself, forgetting, losing, being late ("I always forget my keys", "siempre
// me olvido las llaves", "siempre llego tarde a las reuniones"): remarks in passing, not a
// routine or a wish (spec §1.1: never from casual conversation). "I always wake up at 7"
// and "siempre tomo mate" are habits.
const MISHAP_EN = /^(?:lose|loses|misplace|oversleep|(?:arrive|show up|turn up|come|run)\s+late)\b/u;
const NOT_A_HABIT_ES = new Set([
  'pienso', 'pensamos', 'creo', 'creemos', 'entiendo', 'imagino', 'espero', 'digo', 'decimos', 'noto', 'siento', 'supongo',
  'pregunto', 'recuerdo', 'recordamos', 'acuerdo', 'acordamos', 'olvido', 'olvidamos', 'pierdo', 'perdemos', 'equivoco',
  'equivocamos', 'confundo', 'confundimos',
]);
const MISHAP_ES = /^(?:llego|llegamos)\s+tarde\b|^(?:quedo|quedamos)\s+dormid[oa]s?\b/u;
const NOT_A_VERB_ES = new Set([
  'es', 'esta', 'son', 'estan', 'hay', 'fue', 'era', 'se', 'que', 'mas', 'el', 'la', 'los', 'las', 'un', 'una', 'lo',
  'pasa', 'sale', 'falla', 'funciona', 'viene', 'llega', 'jamas', 'nunca', 'siempre', 'igual', 'bien', 'mal', 'asi',
  'me', 'te', 'de', 'en', 'con', 'por', 'para', 'sera', 'seria', 'estuvo',
]);
const REST_ONLY_PRONOUN = /^\s*(?:it|that|this|them|so|lo|eso|esto|asi)\s*$/u;
// Verbs that ask for the same thing, so their instructions share a subject.
const VERB_ALIASES: Readonly<Record<string, string>> = {
  answer: 'reply', respond: 'reply', responde: 'reply', contesta: 'reply', respondeme: 'reply', contestame: 'reply',
  respondas: 'reply', contestes: 'reply', usa: 'use', uses: 'use', usen: 'use', utilize: 'use', escribe: 'write',
  escribime: 'write', escribas: 'write', llamame: 'call', decime: 'call', dime: 'call', hables: 'talk',
  hablame: 'talk', speak: 'talk',
};

interface Parts {
  verb: string;
  rest: string;
  statement: string | null;
  language: 'en' | 'es';
  rule: string;
  /** The key of the condition the statement holds under ("user writes spanish"), or null (conditions.ts). */
  when: string | null;
}

const CONDITION_TAIL = new RegExp(`${CONDITION_OPENER}.*$`, 'u');

// An imperative is an instruction to the assistant only when it is about the assistant's answers or actions.
function isAssistantDirected(verb: string, rest: string, language: 'en' | 'es'): boolean {
  if (DIRECTED_AT_USER.test(rest) || /(?:me|nos)$/u.test(verb)) return true;
  return language === 'en' ? ASSISTANT_VERBS_EN.has(verb) : ASSISTANT_STEMS_ES.test(verb);
}

// When an action is to be done ("…before you commit anything", "…antes de cada deploy"):
// part of what the instruction says, not of the action it is about.
const ACTION_TIME = /\s+(?:before|after|until|till|every time|each time|antes de|antes que|despues de|hasta que|cada vez que)\b.*$/u;
const NEGATIVE = /^(?:never|don't|dont|do not|nunca|jamas|no)\b/u;

/**
 * The subject and value of an instruction about an action ("run the linter"): the action is
 * the subject, whichever way it is asked, and the sense with when it holds is the value, so
 * "From now on never run the linter" replaces "Always run the linter before you commit
 * anything" (spec §1.1: a contradiction supersedes), and is taken back by "Don't run the
 * linter anymore" (retraction.ts).
 */
function actionKey(canonical: string, what: string, statement: string): { subject: string; value: string } | null {
  const timed = ACTION_TIME.exec(what);
  const action = timed === null ? what : what.slice(0, timed.index);
  if (textKey(action).length === 0) return null;
  const sense = instructionSense(statement);
  return { subject: `instruction ${canonical} ${textKey(action)}`, value: timed === null ? sense : `${sense} ${textKey(timed[0])}` };
}

/** Whether an instruction's statement asks for its action ("always") or against it ("never": "Never…", "Please don't…", "A partir de ahora, no…"). */
export function instructionSense(statement: string): 'always' | 'never' {
  const opening = statement.trim().toLowerCase().replace(/^(?:please|por favor)[\s,]+/u, '').replace(/^(?:from now on|a partir de ahora),?\s+/u, '');
  return NEGATIVE.test(opening) ? 'never' : 'always';
}

function instructionHit({ verb, rest, statement, language, rule, when }: Parts): RuleHit | null {
  if (!statement || REST_ONLY_PRONOUN.test(rest) || textKey(rest).length === 0) return null;
  if (!isAssistantDirected(verb, rest, language)) return null;
  const canonical = VERB_ALIASES[verb] ?? verb;
  // What a conditional instruction sets is said before its condition ("reply in English" of "…when I write in Spanish").
  const what = when === null ? rest : rest.replace(CONDITION_TAIL, '');
  const naming = canonical === 'call' && (verb !== 'call' || /^\s*me\b/u.test(what));
  const subject = naming ? 'preferred name' : choiceSubject(`instruction ${canonical}`, `${verb} ${what}`, '', textKey(what));
  const action = subject.startsWith('instruction ') ? actionKey(canonical, what, statement) : null;
  const hit = ruleHit(rule, language, 'assert', action?.subject ?? subject, null, statement, 'preferences', false);
  if (action !== null) hit.value = action.value;
  if (when !== null) hit.subject = conditionalSubject(hit.subject, when);
  return hit;
}

function habitHit(adverb: string, { verb, rest, statement, language, rule }: Parts): RuleHit | null {
  if (!statement || REST_ONLY_PRONOUN.test(rest)) return null;
  const subject = `habit ${textKey(`${adverb} ${verb} ${rest}`)}`;
  return ruleHit(rule, language, 'assert', subject, null, statement, null, false);
}

// The statement through its rest, and through the condition after it if any ("always reply
// in English when I write in English"); null when that condition cannot be kept (conditions.ts).
function conditioned(body: FoldedText, groups: RuleGroups): Pick<Parts, 'statement' | 'rest' | 'when'> | null {
  const name = groups.get('rest') ? 'rest' : 'verb';
  const value = groups.value(name);
  const condition = value === null ? null : conditionAfter(body, value);
  if (condition?.kind === 'unkept') return null;
  const rest = groups.folded('rest');
  if (condition?.kind !== 'kept') return { statement: groups.statementUpTo(name), rest, when: null };
  return { statement: condition.statement, rest, when: condition.key };
}

const alwaysEn: FactRule = (body) => {
  const instruction = matchRule(body, INSTRUCTION_EN);
  if (instruction) {
    const verb = instruction.folded('verb');
    if (NOT_A_VERB_EN.has(verb) || verb.endsWith('ing')) return null;
    const said = conditioned(body, instruction);
    return said && instructionHit({ verb, ...said, language: 'en', rule: 'always-never' });
  }
  const habit = matchRule(body, HABIT_EN);
  if (!habit) return null;
  const verb = habit.folded('verb');
  if (NOT_A_VERB_EN.has(verb) || NOT_A_HABIT_EN.has(verb) || /ed$/u.test(verb) || MISHAP_EN.test(`${verb}${habit.folded('rest')}`)) return null;
  const said = conditioned(body, habit);
  return said && habitHit(habit.folded('adv'), { verb, ...said, language: 'en', rule: 'always-never' });
};

// Second-person forms Spanish uses for instructions: voseo ("respondé"), enclitics ("respondeme"), "nunca uses".
function isSpanishInstruction(originalVerb: string, verb: string, adverb: string, clitic: string): boolean {
  if (/[áéí]$/u.test(originalVerb)) return true;
  if (/(?:me|nos)$/u.test(verb) && verb.length > 4) return true;
  if (clitic === 'me' || clitic === 'nos') return !/(?:o|oy)$/u.test(verb);
  return adverb !== 'siempre' && /(?:es|as)$/u.test(verb);
}

// The tú and usted imperatives after "siempre" ("siempre usa…", "siempre responde…",
// "siempre use…", "siempre di…"). The tú form is also the third person's present ("(ella)
// siempre usa…"): the hit says so (`subjectless`).
const IRREGULAR_IMPERATIVES_ES: ReadonlySet<string> = new Set(['di', 'pon', 'haz', 'ten']);

function isSpanishImperative(verb: string, adverb: string): boolean {
  return adverb === 'siempre' && (/[ae]$/u.test(verb) || IRREGULAR_IMPERATIVES_ES.has(verb));
}

const alwaysEs: FactRule = (body) => {
  const groups = matchRule(body, ALWAYS_ES);
  if (!groups) return null;
  const verb = groups.folded('verb');
  const adverb = groups.folded('adv');
  const said = NOT_A_VERB_ES.has(verb) ? null : conditioned(body, groups);
  if (said === null) return null;
  const { rest } = said;
  const parts = { verb, ...said, language: 'es', rule: 'siempre-nunca' } as const;
  const firstPerson = /(?:o|oy)$/u.test(verb) || /(?:amos|emos|imos)$/u.test(verb);
  if (firstPerson) return NOT_A_HABIT_ES.has(verb) || MISHAP_ES.test(`${verb}${rest}`) ? null : habitHit(adverb, parts);
  if (verb === 'he' || verb === 'hemos') return null;
  const originalVerb = groups.get('verb')?.original ?? verb;
  const secondPerson = isSpanishInstruction(originalVerb, verb, adverb, groups.folded('clitic'));
  if ((!secondPerson && !isSpanishImperative(verb, adverb)) || rest.trim() === '') return null;
  const hit = instructionHit(parts);
  return hit && !secondPerson ? { ...hit, subjectless: true } : hit;
};

// A capital that only opens the sentence ("Answer in English from now on"), not a name's or an acronym's.
const SENTENCE_CAPITAL = /^\p{Lu}(?=\p{Ll})/u;

/**
 * "From now on" + a body that is not a first-person statement: an instruction ("call me
 * Sam"), stated as "From now on, call me Sam" wherever the phrase stood. With `condition`
 * (the one that follows `body` in its clause, conditions.ts), the instruction holds under it and is
 * stated with it ("From now on, reply in English when I write in English").
 */
export function fromNowOnInstruction(body: FoldedText, language: 'en' | 'es', condition: KeptCondition | null = null): RuleHit | null {
  const words = body.folded.split(/\s+/u);
  // "From now on, don't run the linter", "a partir de ahora, no uses emojis": the action after
  // the negation, whose sense the statement keeps (a "never" of the same subject as "always…").
  const negated = negationLength(words, language);
  const verb = words[negated] ?? '';
  if (words.length < negated + 2 || NOT_A_VERB_EN.has(verb) || NOT_A_VERB_ES.has(verb)) return null;
  const rest = words.slice(negated + 1).join(' ');
  // The phrase stays in the statement: it reads as a standing instruction, and reads back the same.
  const instruction = (condition?.statement ?? body.original).replace(SENTENCE_CAPITAL, (capital) => capital.toLowerCase());
  const statement = `${language === 'es' ? 'A partir de ahora' : 'From now on'}, ${instruction}`;
  return instructionHit({ verb, rest, statement, language, rule: 'from-now-on', when: condition?.key ?? null });
}

// How many words of a negated imperative come before its verb: "don't" 1, "do not" 2, "no" 1
// and a clitic after it 2 ("no me hables de usted"), else 0.
function negationLength(words: readonly string[], language: 'en' | 'es'): number {
  const [first, second] = words;
  if (language === 'es') return first !== 'no' ? 0 : CLITICS_ES.has(second ?? '') ? 2 : 1;
  if (first === "don't" || first === 'dont') return 1;
  return first === 'do' && second === 'not' ? 2 : 0;
}

const CLITICS_ES: ReadonlySet<string> = new Set(['me', 'te', 'nos', 'lo', 'la', 'los', 'las', 'le', 'les', 'se']);

/** Always/never rules. */
export const HABIT_RULES: readonly FactRule[] = [alwaysEn, alwaysEs];

/** What every always/never pattern needs (rule-support.ts, Trigger). */
export const HABIT_TRIGGER: TriggeredPatterns = {
  trigger: /always|never|t ever|siempre|nunca|jamas/u,
  patterns: [INSTRUCTION_EN, HABIT_EN, ALWAYS_ES],
};
