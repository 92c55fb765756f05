import { foldedWords, foldText } from '../domains/fold-text.js';
import { englishStem } from './bilingual-stems.js';
import type { IndexedFact } from './fact-index.js';
import { contentStems, countIn, FIRST_PERSON, namesAll } from './fact-words.js';
import { rareWordKeys } from './rare-words.js';

// Subjects longer than this many stems are free-text keys: naming them means a mention, not a name.
const MAX_NAMED_SUBJECT_STEMS = 3;

/** Whether the message names the fact: all of its value's stems, or all of its (short) subject's. */
export function namesFact(message: ReadonlySet<string>, fact: IndexedFact): boolean {
  if (namesAll(message, fact.valueStems)) return true;
  return fact.subjectStems.length <= MAX_NAMED_SUBJECT_STEMS && namesAll(message, fact.subjectStems);
}

/** Share of a fact's content stems a message must hold to speak of it (`speaksOf`). */
export const SPOKEN_SHARE = 1 / 2;

/**
 * Whether the message speaks of the fact by its words: it holds at least half of the
 * fact's content stems (the first person aside), and at least two of them (the one of a
 * one-word fact). "Please analyse the kubernetes cluster metrics" speaks of "We chose
 * Kubernetes for the production cluster"; "the cluster is slow" does not. Looser than a
 * mention (`mentions`, two thirds), which says the fact again: a message speaks of what
 * a fact is about without saying it.
 */
export function speaksOf(message: ReadonlySet<string>, fact: IndexedFact): boolean {
  const hits = countIn(message, fact.spokenStems);
  const of = fact.spokenStems.length;
  return hits > 0 && hits >= Math.min(2, of) && hits >= of * SPOKEN_SHARE;
}

/** How many facts a message may justify by a rare word alone (`namesRareWord`): the most specific word of a few facts, not a theme of many. */
export const RARE_WORD_FACTS = 3;
/**
 * Whether the message names one of the fact's rare words (`messageRareWords`;
 * `IndexedFact.rareWords`): "Is penicillin safe for me?" names "I am allergic to
 * penicillin" by its most specific word, which one shared common word ("What a long
 * day" for "I walk my dog every day") does not. Selection justifies only the best
 * ranked `RARE_WORD_FACTS` facts this way.
 */
export function namesRareWord(rare: ReadonlySet<string>, fact: IndexedFact): boolean {
  return rare.size > 0 && countIn(rare, fact.rareWords) > 0;
}

/** One question of a message (`questionStems`). */
export interface Question {
  /** The content stems of the question. */
  stems: ReadonlySet<string>;
  /** Those of them that say what it asks about: not a word of asking ("remind", "kind of", "tipo de"). */
  topic: readonly string[];
}

/**
 * Whether the message asks for the fact's value: one of its questions names all the rest
 * of the statement and nothing the fact does not hold. "Where do I live?" asks for "I live
 * in Lisbon", "¿Dónde trabajo?" for "Trabajo en Acme", "What kind of tea do I prefer?" for
 * "I prefer green tea"; "What music do I prefer?" and "Where does my brother live?" ask
 * for none of them: a question that shares only its verb with a fact asks about something
 * else. What a question shares with its answer is the fact's verb or noun, and may be its
 * key ("What drink do I prefer?" for the key "preference drink") or part of its value.
 * A question asks for a home or an employer in either language (`KEYED_WORDS`).
 * `questions` (`questionStems` of the message) is read only once the whole message names
 * the rest of a fact, which few facts are.
 */
export function asksForValue(message: ReadonlySet<string>, fact: IndexedFact, questions: () => readonly Question[]): boolean {
  if (asksForName(message, fact, questions)) return true;
  const keyed = fact.subject === null ? undefined : KEYED_WORDS.get(fact.subject);
  if (!namesRest(message, fact, keyed)) return false;
  for (const question of questions()) if (namesRest(question.stems, fact, keyed) && holdsAll(question.topic, fact, keyed)) return true;
  return false;
}

const NAME_KEY = / name$/u;
// Stems of the words that ask for a person's name besides the interrogative: "who", "what"
// and "cómo" are function words already ("¿Quién es mi jefa?", "¿Cómo se llama mi jefa?").
const ASKING_FOR_A_NAME: ReadonlySet<string> = new Set(['quien', 'llama', 'calle', 'name', 'nombr']);

/**
 * Whether a question asks for the name of the person a fact names ("boss name": "Mi jefa
 * es Carla"): it names that person, in either language, and asks nothing else ("Who is my
 * boss?", "¿Quién es mi jefa?", "¿Cómo se llama mi jefa?"; not "Is my boss in today?").
 */
function asksForName(message: ReadonlySet<string>, fact: IndexedFact, questions: () => readonly Question[]): boolean {
  if (fact.subject === null || !NAME_KEY.test(fact.subject)) return false;
  const person = fact.subjectStems.filter((each) => each !== 'name');
  const names = (stems: ReadonlySet<string>): boolean => person.length > 0 && person.every((each) => [...stems].some((word) => englishStem(word) === each));
  if (!names(message)) return false;
  const own = (each: string): boolean => person.includes(englishStem(each)) || fact.stems.includes(each) || ASKING_FOR_A_NAME.has(each);
  return questions().some((question) => names(question.stems) && question.topic.every(own));
}

// A Spanish verb in the first person plural ("vamos", "decidimos"): the question is the user's own.
const FIRST_PERSON_PLURAL_ES = /(?:amos|emos|imos)$/u;
// Who a question is put to, not whose it is: "tell me about Japan" is no question of the user's own.
const TO_THE_ASSISTANT = /\b(?:tell|show|give|remind)\s+me\b/gu;

/**
 * The rare words (`rareWordKeys`) of the questions a message asks of the user's own: in
 * the first person ("When are we going to Japan?", "¿Cuándo vamos a Japón?", "What did we
 * decide about the ryokan?", "Is penicillin safe for me?"). A dormant fact they name is
 * asked about; "What is the capital of Japan?" asks about no fact of the user's.
 */
export function ownQuestionRareWords(text: string): Set<string> {
  const keys = new Set<string>();
  for (const [sentence] of foldText(text).matchAll(SENTENCE)) {
    const words = foldedWords(sentence.replace(TO_THE_ASSISTANT, ' '));
    const asks = /[?¿]/u.test(sentence) || QUESTION_OPENERS.has(words[0] ?? '');
    if (!asks || !words.some((word) => FIRST_PERSON.has(word) || FIRST_PERSON_PLURAL_ES.test(word))) continue;
    for (const key of rareWordKeys(words, new Set(contentStems(words.join(' '))))) keys.add(key);
  }
  return keys;
}

// What a question asking for a keyed fact may say besides the fact's own words.
interface KeyedWords {
  verbs: readonly string[];
  kinds: readonly string[];
}

// Whether a text names all of the fact but its value, or the verb of its key.
function namesRest(text: ReadonlySet<string>, fact: IndexedFact, keyed: KeyedWords | undefined): boolean {
  return namesAll(text, fact.predicateStems) || (keyed !== undefined && keyed.verbs.some((verb) => text.has(verb)));
}

// Whether each stem is one of the fact's statement, of its subject key or of the words of its key.
function holdsAll(stems: readonly string[], fact: IndexedFact, keyed: KeyedWords | undefined): boolean {
  for (const each of stems) {
    if (fact.stems.includes(each) || fact.subjectStems.includes(each)) continue;
    if (keyed === undefined || !(keyed.verbs.includes(each) || keyed.kinds.includes(each))) return false;
  }
  return true;
}

// Subject keys are English whatever the language of the fact ("Vivo en Sevilla" and "I
// live in Lisbon" are both "home", extraction/subject-key.ts); the statements of these two
// keys are made with one verb, so a question with that verb in either language asks for
// them ("Where do I live?" for "Vivo en Sevilla", "¿Dónde trabajo?" for "I work at Acme"),
// and may name the kind of value ("Which city do I live in?"). Stems.
const KEYED_WORDS: ReadonlyMap<string, KeyedWords> = new Map([
  ['home', { verbs: ['live', 'livin', 'vivo', 'vivim'], kinds: ['city', 'town', 'ciuda', 'puebl'] }],
  ['employer', { verbs: ['work', 'worki', 'traba'], kinds: [] }],
]);

// Words a question opens a sentence with. "Que" and "como" are left out: they open as many
// Spanish statements ("que…", "como todos los días"), and their questions carry "¿" or "?".
const QUESTION_OPENERS: ReadonlySet<string> = new Set(
  `what whats where wheres who whos whom whose which when why how do does did am is are was were can could remind tell
  donde adonde quien quienes cual cuales cuando cuanto cuanta cuantos cuantas recordame recuerdame decime dime sabes`.split(/\s+/u),
);
// Words that ask, or name the kind of answer asked for, not what it is about: "remind me
// where I work", "what kind of tea…", "¿qué tipo de café…?", "what's the name of my dentist?".
const ASKING_WORDS: ReadonlySet<string> = new Set(
  `remind tell know remember again please currently actually exactly nowadays kind kinds sort sorts type types name
  recordame recuerdame recordas recuerdas acordas decime dime sabes sabias favor actualmente exactamente tipo tipos clase clases nombre`.split(/\s+/u),
);
const SECOND_PERSON: ReadonlySet<string> = new Set('you your yours yourself tu tus te ti vos usted ustedes contigo tuyo tuya'.split(' '));
// A sentence with the marks that end it.
const SENTENCE = /[^.!?;\n]+[.!?;\n]*/gu;

/**
 * The sentences of `text` that ask something of the user's own: a sentence with a
 * question mark, or opening with an interrogative ("where do I live"), unless it asks the
 * assistant alone ("do you like jazz?", "¿qué te gusta?": the second person without the
 * first). Statements around a question name nothing it asks ("what about the trip? I
 * tried to book it but it did not work" asks nothing of "I work at Acme").
 */
export function questionStems(text: string): Question[] {
  const questions: Question[] = [];
  for (const [sentence] of foldText(text).matchAll(SENTENCE)) {
    const words = foldedWords(sentence);
    const asks = /[?¿]/u.test(sentence) || QUESTION_OPENERS.has(words[0] ?? '');
    if (!asks || (words.some((word) => SECOND_PERSON.has(word)) && !words.some((word) => FIRST_PERSON.has(word)))) continue;
    const stems = new Set(contentStems(sentence));
    // Whom the question is put to is not what it asks about ("can you remind me where I work?").
    const topic = contentStems(words.filter((word) => !ASKING_WORDS.has(word) && !SECOND_PERSON.has(word)).join(' '));
    if (stems.size > 0) questions.push({ stems, topic });
  }
  return questions;
}
