import { foldedWords, foldText } from '../domains/fold-text.js';
import type { IndexedFact } from './fact-index.js';
import { contentStems, namesAll } from './fact-words.js';

// Subjects longer than this many stems are free-text keys: naming them means a mention, not a name.
const MAX_NAMED_SUBJECT_STEMS = 3;

/** Whether the message names the fact: all of its value's stems, or all of its (short) subject's. */
export function namesFact(message: ReadonlySet<string>, fact: IndexedFact): boolean {
  if (namesAll(message, fact.valueStems)) return true;
  return fact.subjectStems.length <= MAX_NAMED_SUBJECT_STEMS && namesAll(message, fact.subjectStems);
}

/**
 * Whether the message asks for the fact's value: one of its questions names all the rest
 * of the statement. "Where do I live?" asks for "I live in Lisbon", "¿Dónde trabajo?" for
 * "Trabajo en Acme": the words a question shares with its answer are the fact's verb or
 * noun, not its key ("home", "employer") nor its value. `questions` (the stems of the
 * message's questions, `questionStems`) is read only once the whole message names them,
 * which few facts are.
 */
export function asksForValue(message: ReadonlySet<string>, fact: IndexedFact, questions: () => ReadonlySet<string>): boolean {
  return namesAll(message, fact.predicateStems) && namesAll(questions(), fact.predicateStems);
}

// Words a question opens a sentence with. "Que" and "como" are left out: they open as many
// Spanish statements ("que…", "como todos los días"), and their questions carry "¿" or "?".
const QUESTION_OPENERS: ReadonlySet<string> = new Set(
  `what whats where wheres who whos whom whose which when why how do does did am is are was were can could remind tell
  donde adonde quien quienes cual cuales cuando cuanto cuanta cuantos cuantas recordame recuerdame decime dime sabes`.split(/\s+/u),
);
const FIRST_PERSON: ReadonlySet<string> = new Set(
  'i me my mine myself we us our ours yo mi mis mio mia conmigo nosotros nosotras nuestro nuestra nuestros nuestras'.split(' '),
);
const SECOND_PERSON: ReadonlySet<string> = new Set('you your yours yourself tu tus te ti vos usted ustedes contigo tuyo tuya'.split(' '));
// A sentence with the marks that end it.
const SENTENCE = /[^.!?;\n]+[.!?;\n]*/gu;

/**
 * The content stems of the sentences of `text` that ask something of the user's own: a
 * sentence with a question mark, or opening with an interrogative ("where do I live"),
 * unless it asks the assistant alone ("do you like jazz?", "¿qué te gusta?": the second
 * person without the first). Statements around a question name nothing it asks ("what
 * about the trip? I tried to book it but it did not work" asks nothing of "I work at Acme").
 */
export function questionStems(text: string): ReadonlySet<string> {
  const asked = new Set<string>();
  for (const [sentence] of foldText(text).matchAll(SENTENCE)) {
    const words = foldedWords(sentence);
    const asks = /[?¿]/u.test(sentence) || QUESTION_OPENERS.has(words[0] ?? '');
    if (!asks || (words.some((word) => SECOND_PERSON.has(word)) && !words.some((word) => FIRST_PERSON.has(word)))) continue;
    for (const stem of contentStems(sentence)) asked.add(stem);
  }
  return asked;
}
