import { matchesWords, wordMatcher } from './word-matcher.js';
import {
  ADVICE_PHRASES,
  DELIBERATION_CLITICS,
  FAILURE_ENDINGS,
  FAILURE_WORDS,
  HOW_STATE_VERBS,
  INSTRUCTION_OPENERS,
  NOUN_MARKERS,
  OWNED_KINDS,
  PURPOSE_WORDS,
  REQUEST_VERBS,
  TASK_THINGS,
  TASK_VERBS,
  TASK_VERBS_FIRST_PERSON,
  USER_OBJECTS,
  USER_POSSESSIVES,
  USER_SUBJECTS,
  USER_VERBS,
  WORK_DETERMINERS,
  WORK_NOUNS,
} from './user-lexicon.js';

/**
 * What a question asks about: `user`, the user's own things or the user as the subject of
 * a state or a fact ("What's my editor?", "Where do I work?", "¿Dónde vivo?"); `work`,
 * the code or the project at hand ("What's wrong with my code?", "Why is the build
 * failing?"), which only its conversation can answer; `other`, anything else: how-to and
 * advice, with "I" or not ("How do I reverse an array?", "Should I learn Rust?", "¿Cómo
 * instalo Node?"), general knowledge ("What is the capital of France?").
 */
export type QuestionSubject = 'user' | 'work' | 'other';

const ADVICE = wordMatcher(ADVICE_PHRASES);
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);
// "Which version of Node do I use…": the words of the kind asked for, between the question word and "do I".
const MOST_KIND_WORDS = 4;
// A Spanish request in the second person after "me": "¿Me dices…?", "¿Me das…?", "¿Me explicaste…?".
const SECOND_PERSON_ENDING = /(?:as|es|is|ste)$/u;

/**
 * `core` is the question's folded words without filler (`QueryAnalysis.core`). One pass
 * over them, and one more for the advice phrases when the user is in the question.
 */
export function questionSubject(core: readonly string[]): QuestionSubject {
  let subject = false;
  let owner = false;
  let work = false;
  let failure = false;
  core.forEach((word, at) => {
    const before = core[at - 1] ?? '';
    if (WORK_DETERMINERS.has(word) && namesWork(core, at)) work = true;
    else if (USER_POSSESSIVES.has(word)) owner ||= !(word === 'mine' && ARTICLES.has(before));
    else if (USER_SUBJECTS.has(word)) subject = true;
    else if (USER_OBJECTS.has(word)) owner ||= objectIsTheUser(core, at);
    else if (USER_VERBS.has(word) && !NOUN_MARKERS.has(before)) subject = true;
    failure ||= FAILURE_WORDS.has(word) || FAILURE_ENDINGS.some((ending) => word.endsWith(ending));
  });
  // "What editor do I use for my Rust code?" asks about the user; "Why do I get a TypeError?" about the code.
  if ((work && !subject) || (failure && (subject || owner))) return 'work';
  if (!subject && !owner) return 'other';
  return matchesWords(core, ADVICE) || asksHowInSpanish(core) || asksForInstructions(core) ? 'other' : 'user';
}

// "my code", "the failing test", "el código": a word of the code at hand, or one word before it.
function namesWork(core: readonly string[], at: number): boolean {
  return WORK_NOUNS.has(core[at + 1] ?? '') || WORK_NOUNS.has(core[at + 2] ?? '');
}

// "What do you know about me?", "Who left me a voicemail?", "¿Cómo me llamo?", "¿Dónde nos
// conocimos?"; not a request ("Tell me…", "Give me an example", "a poem for me", "¿Me dices…?").
function objectIsTheUser(core: readonly string[], at: number): boolean {
  if (REQUEST_VERBS.has(core[at - 1] ?? '')) return false;
  const next = core[at + 1];
  return next === undefined || !SECOND_PERSON_ENDING.test(next);
}

// "¿Cómo uso git?", "¿Cómo me preparo…?", "¿Cómo llegamos a mi casa?": "cómo" and a verb
// in the first person present asks how to, and so does "cómo se" and any verb ("¿Cómo se
// instala…?"); "¿Cómo me llamo?", "¿Cómo se llama mi perro?" (a name) and "¿Cómo conocí a mi
// mujer?" (a past) ask what is so.
function asksHowInSpanish(core: readonly string[]): boolean {
  return core.some((word, at) => {
    if (word !== 'como') return false;
    let next = at + 1;
    let impersonal = false;
    for (; DELIBERATION_CLITICS.has(core[next] ?? ''); next++) impersonal ||= core[next] === 'se';
    const verb = core[next] ?? '';
    if (HOW_STATE_VERBS.has(verb)) return false;
    return impersonal || (verb.length > 2 && (verb.endsWith('o') || verb.endsWith('mos')));
  });
}

// Instructions asked with "do I": a question word, the kind of thing asked for, "do I" and a
// verb of doing ("Which command do I use to undo a commit?", "Where do I put the .env
// file?", "¿Qué comando uso para…?"). Those verbs are habits too, so the question is about
// the user when what follows the verb is theirs ("Where do I put my keys?", "What editor do
// I use for my Rust code?") or the kind asked for is a thing the user has one of ("Which
// editor do I use?", "Which bank do I use for savings?"). Otherwise it is a how-to when it
// asks for no kind ("Where do I find the logs?"), for a tool or a thing of a task ("Which
// port do I use?"), or says what for ("Which app do I use to pay?"). "Did I" asks what the
// user did: a fact.
function asksForInstructions(core: readonly string[]): boolean {
  return core.some((word, at) => {
    const english = TASK_VERBS.has(word) && core[at - 2] === 'do' && (core[at - 1] === 'i' || core[at - 1] === 'we');
    if (!english && !TASK_VERBS_FIRST_PERSON.has(word)) return false;
    const asked = english ? at - 2 : at;
    let opener = asked - 1;
    while (opener >= 0 && asked - opener <= MOST_KIND_WORDS + 1 && !INSTRUCTION_OPENERS.has(core[opener] ?? '')) opener--;
    if (!INSTRUCTION_OPENERS.has(core[opener] ?? '')) return false;
    const kind = core.slice(opener + 1, asked);
    const rest = core.slice(at + 1);
    if (rest.some((each) => USER_POSSESSIVES.has(each)) || kind.some((each) => OWNED_KINDS.has(each))) return false;
    return kind.length === 0 || kind.some((each) => TASK_THINGS.has(each)) || PURPOSE_WORDS.has(rest[0] ?? '');
  });
}
