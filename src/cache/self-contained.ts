import { isAscii } from '../ascii.js';
import { NON_CONTENT_WORDS } from './dedup-lexicon.js';
import { detectLanguage, type QueryAnalysis } from './query-text.js';
import {
  ASKING_WORDS,
  CLITIC_HOSTS,
  CLITICS,
  COMPLEMENTS,
  CUSTOM_VERBS,
  DEFINITION_FRAMES,
  DETERMINERS,
  ELLIPTICAL_AUXILIARIES,
  GENERIC_WORDS,
  KNOWING_WORDS,
  LISTED_THINGS,
  NEUTER_FOLLOWERS,
  OPENING_CLITICS,
  ORDINALS,
  SUBJECT_PRONOUNS,
  THIRD_PERSONS,
  USER_WORDS,
} from './reference-lexicon.js';

// A question needs two things it names (the user counts as one, "where"/"when"/"why"…
// as one) to stand on its own: "Why?", "Are you sure?", "What is the difference?", "In
// Rust?" and "¿Funciona en Windows?" name one or none, so their subject is in the
// conversation. Expressions name more than a plain number ("2+2", "5!").
const NAMES_ENOUGH = 2;
const FRAMES = DEFINITION_FRAMES.map((frame) => frame.split(' '));
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const EXPRESSION = /\p{N}.*[^\p{L}\p{N}.,]|[^\p{L}\p{N}.,].*\p{N}/u;
const SPANISH_HE = /(?<!\p{L})[éÉ][lL](?!\p{L})/u;
// Infinitives and gerunds with an object pronoun: "instalarlo", "usándola", "comprárselos".
const ENCLITIC = /^\p{L}{2,}(?:ar|er|ir|ndo)(?:me|te|se|nos)?(?:lo|la|los|las|le|les)$/u;

/**
 * Whether a question can be answered without its conversation: it names enough, points
 * at no person it does not name ("he", "them", "ella", "¿Cómo lo instalo?"), picks nothing
 * from a list shown before ("the second option"), and leaves no verb to an earlier
 * question ("Why would I?"). A definition of one word ("What is Rust?") names enough.
 * Errs on the side of refusing: a refusal costs an LLM call, another session's answer is
 * a wrong one.
 */
export function standsAlone(analysis: QueryAnalysis): boolean {
  const core = analysis.core;
  if (refersOutside(analysis) || picksFromList(core) || endsElliptically(core)) return false;
  return namedThings(core) >= NAMES_ENOUGH || isDefinition(core);
}

function namedThings(core: readonly string[]): number {
  let count = 0;
  let user = false;
  core.forEach((word, at) => {
    if (USER_WORDS.has(word)) user = true;
    else if (ASKING_WORDS.has(word)) count++;
    else if (GENERIC_WORDS.has(word)) count += COMPLEMENTS.has(core[at + 1] ?? '') ? 1 : 0;
    else if (namesSomething(word)) count += DIGIT.test(word) && EXPRESSION.test(word) ? 2 : 1;
  });
  return count + (user ? 1 : 0);
}

function namesSomething(word: string): boolean {
  if (KNOWING_WORDS.has(word)) return true;
  return (LETTER.test(word) || DIGIT.test(word)) && !NON_CONTENT_WORDS.has(word) && !GENERIC_WORDS.has(word) && !THIRD_PERSONS.has(word);
}

function isDefinition(core: readonly string[]): boolean {
  const defines = (part: string, word: string): boolean => (part === '*' ? LETTER.test(word) && namesSomething(word) && !ASKING_WORDS.has(word) : part === word);
  return FRAMES.some((frame) => frame.length === core.length && frame.every((part, at) => defines(part, core[at] as string)));
}

function refersOutside(analysis: QueryAnalysis): boolean {
  const { core, text } = analysis;
  if (pointsBackToPerson(analysis)) return true;
  // "él" is "el" once folded: read in the text, or at the end of a question ("¿Quién es el?").
  if ((!isAscii(text) && SPANISH_HE.test(text.normalize('NFC'))) || (core.length > 1 && core.at(-1) === 'el')) return true;
  if (core.some((_, at) => clitic(core, at))) return true;
  return core.some((word) => ENCLITIC.test(word)) && detectLanguage(analysis) === 'es';
}

// Which words are names a person may point back to ("When did Marie Curie win her prize?"):
// none in a text without lower case, where every word is capitalised; never a question
// word, capitalised after "hey, ".
function namesIn(analysis: QueryAnalysis): boolean[] {
  const shouting = !/\p{Ll}/u.test(analysis.text);
  return analysis.tokens.map((token) => !shouting && token.named && namesSomething(token.folded) && !ASKING_WORDS.has(token.folded));
}

// A third person points back unless a name, or a determiner and a word that names
// something ("my sister … she", "the shoes … them"), comes before it. What comes before
// the first third person comes before every later one too, so only the first is checked:
// one pass over the words before it. An impersonal "they" names no one to point back to.
function pointsBackToPerson(analysis: QueryAnalysis): boolean {
  const words = analysis.words;
  const place = lastPlace(words);
  const person = words.findIndex((word, at) => THIRD_PERSONS.has(word) && !(word === 'they' && CUSTOM_VERBS.has(words[at + 1] ?? '') && place > at + 1));
  if (person < 0) return false;
  const names = namesIn(analysis);
  for (let before = 0; before < person; before++) {
    if (names[before] || introducesNoun(words, before, person)) return false;
  }
  return true;
}

// Where the last "in" before a place is ("in Brazil", not "in the morning"), or -1.
function lastPlace(words: readonly string[]): number {
  for (let at = words.length - 2; at >= 0; at--) {
    const next = words[at + 1] as string;
    if (words[at] === 'in' && !DETERMINERS.has(next) && namesSomething(next)) return at;
  }
  return -1;
}

// A determiner at `at` and a word that names something after it, both before `until`.
function introducesNoun(words: readonly string[], at: number, until: number): boolean {
  const noun = words[at + 1];
  return DETERMINERS.has(words[at] as string) && at + 1 < until && noun !== undefined && namesSomething(noun);
}

function clitic(core: readonly string[], at: number): boolean {
  const word = core[at] as string;
  if (!CLITICS.has(word) || NEUTER_FOLLOWERS.has(core[at + 1] ?? '')) return false;
  // "¿Qué le regalo a mi madre?" names whom "le" stands for.
  if ((word === 'le' || word === 'les') && core.slice(at + 1).some((after) => after === 'a' || after === 'al')) return false;
  return at === 0 ? OPENING_CLITICS.has(word) : CLITIC_HOSTS.has(core[at - 1] as string);
}

function picksFromList(core: readonly string[]): boolean {
  return core.some((word, at) => ORDINALS.has(word) && (LISTED_THINGS.has(core[at + 1] ?? '') || LISTED_THINGS.has(core[at + 2] ?? '')));
}

function endsElliptically(core: readonly string[]): boolean {
  const [auxiliary, subject] = core.slice(-2);
  return core.length >= 2 && ELLIPTICAL_AUXILIARIES.has(auxiliary as string) && SUBJECT_PRONOUNS.has(subject as string);
}
