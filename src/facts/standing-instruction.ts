import { FIRST_PERSON_ES_ENDING } from './extraction/spanish-verbs.js';
import { ANSWER_STYLES } from './extraction/value-categories.js';
import { phraseWords } from './fact-words.js';

// Openings of a rule for every later answer ("From now on, answer in Spanish", "Always
// use metric units", "Don't ever use emojis", "Nunca uses emojis"): facts start with
// "I"/"my" otherwise. Spanish drops the subject, so "siempre"/"nunca" also open the
// user's habits ("Siempre tomo mate"): those are in the first person (`isFirstPersonEs`).
const RULE_OPENINGS = new Set(['always', 'never']);
const RULE_OPENINGS_ES = new Set(['siempre', 'nunca', 'jamas']);
const CLITICS_ES = new Set(['me', 'te', 'nos', 'lo', 'la', 'le', 'les', 'se']);
const FIRST_PERSON_ES_VERB = new RegExp(`${FIRST_PERSON_ES_ENDING}$`, 'u');
const RULE_PHRASES: readonly string[][] = [
  ['from', 'now', 'on'], ['a', 'partir', 'de', 'ahora'], ['de', 'ahora', 'en', 'mas'], ['desde', 'ahora'],
  ['don', 't', 'ever'], ['dont', 'ever'], ['do', 'not', 'ever'],
];
// The assistant's replies, and verbs a preference about them opens with.
const REPLY_WORDS = new Set([
  'answer', 'answers', 'response', 'responses', 'reply', 'replies', 'respond', 'respuesta', 'respuestas',
  'responde', 'respondeme', 'contesta', 'contestame', 'call', 'llamame',
]);
// What a Spanish preference asks the assistant to do, in the subjunctive it asks in
// ("prefiero que me respondas…", "me gustaría que me contestaras…"): replying, talking,
// writing, telling, explaining, in the second person (tú, vos), present and imperfect. The
// user's own doing is in the first person or the infinitive ("prefiero hablar…"), never these.
const REPLY_SUBJUNCTIVES_ES = new Set(
  `respondas respondieras respondieses contestes contestaras contestases hables hablaras hablases escribas
  escribieras escribieses digas dijeras dijeses expliques explicaras explicases`.split(/\s+/u),
);
const PREFERENCE_OPENINGS: readonly string[][] = [
  ['i', 'prefer'], ['i', 'like'], ['i', 'want'], ['prefiero'], ['me', 'gustan'], ['me', 'gusta'], ['me', 'gustaria'], ['quiero'], ['quisiera'],
];

/**
 * A fact that says how to answer from now on ("From now on, answer in Spanish", "I prefer
 * concise answers", "Answer in bullet points"): it bears on every message, so selection
 * does not hold it to the message's domains. A fact about the world that mentions an
 * answer ("The answer to the riddle is 42") is not one.
 */
export function isStandingInstruction(statement: string): boolean {
  const words = phraseWords(statement);
  const [first] = words;
  if (first === undefined) return false;
  if (RULE_OPENINGS.has(first) || RULE_PHRASES.some((phrase) => startsWith(words, phrase))) return true;
  if (RULE_OPENINGS_ES.has(first)) return !isFirstPersonEs(words.slice(1));
  if (REPLY_WORDS.has(first)) return true;
  return PREFERENCE_OPENINGS.some((phrase) => startsWith(words, phrase)) && words.some((word) => REPLY_WORDS.has(word) || REPLY_SUBJUNCTIVES_ES.has(word));
}

// The subjects of the assistant's language, the answers' length and tone (rules-choice.ts)
// and the name it calls the user by: instructions compete by them (fact-writes.ts), so
// whichever of them is live must reach every prompt, whatever words it was stated in.
const INSTRUCTION_SUBJECTS: ReadonlySet<string> = new Set([
  'assistant language',
  'preferred name',
  ...ANSWER_STYLES.map(([style]) => `answer ${style}`),
]);

/**
 * Whether a fact's subject key makes it a standing instruction ("assistant language" for
 * "Prefiero que me respondas en inglés", "answer length" for "I prefer short messages"),
 * whatever its statement opens with. Null (no one subject) is none.
 */
export function isInstructionSubject(subject: string | null): boolean {
  return subject !== null && INSTRUCTION_SUBJECTS.has(subject);
}

function startsWith(words: readonly string[], phrase: readonly string[]): boolean {
  return phrase.every((word, index) => words[index] === word);
}

// Whether Spanish words after "siempre"/"nunca" are the speaker's own doing: a verb in
// the first person ("tomo", "voy", "comemos", "he probado"), after any clitic ("me
// levanto"). An instruction has the imperative or the second person ("respondeme",
// "usá", "uses"), which never ends so.
function isFirstPersonEs(words: readonly string[]): boolean {
  let at = 0;
  while (at < words.length - 1 && CLITICS_ES.has(words[at] as string)) at += 1;
  const verb = words[at];
  if (verb === undefined) return false;
  return verb === 'yo' || verb === 'he' || verb === 'hemos' || FIRST_PERSON_ES_VERB.test(verb);
}
