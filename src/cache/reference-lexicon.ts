import { FIRST_PERSON } from './dedup-lexicon.js';
import { QUESTION_AUXILIARIES, QUESTION_WORDS } from './policy-lexicon.js';

// Word lists that tell a question standing on its own from one that leans on its
// conversation (see self-contained.ts; folded like the text: see refusal-lexicon.ts).
// "Why?", "What is the output?", "Who is he?", "¿Cuánto cuesta?" name too little, or
// point at something named before: their answer holds in one session only.

/**
 * Words that name nothing of their own: what a question with only these asks about is
 * in the conversation ("What is the difference?", "Can you give me an example?", "Are
 * you sure?", "¿Funciona en Windows?"). Followed by "of"/"de" and a word they do ("the
 * pros and cons of Rust").
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  // English nouns
  'option', 'options', 'choice', 'choices', 'alternative', 'alternatives', 'difference', 'differences', 'output',
  'outputs', 'input', 'result', 'results', 'example', 'examples', 'way', 'ways', 'method', 'approach', 'complexity',
  'pro', 'pros', 'con', 'cons', 'advantage', 'advantages', 'disadvantage', 'disadvantages', 'cost', 'costs', 'one',
  'ones', 'thing', 'things', 'stuff', 'part', 'idea', 'answer', 'solution', 'problem', 'issue', 'reason', 'case',
  'detail', 'details', 'rest', 'kind', 'type', 'sort', 'point', 'meaning', 'purpose', 'sense',
  // English verbs, adjectives and adverbs
  'mean', 'means', 'meant', 'think', 'elaborate', 'explain', 'clarify', 'continue', 'go', 'goes', 'come', 'happen',
  'happens', 'happened', 'work', 'works', 'worked', 'do', 'done', 'get', 'give', 'show', 'say', 'help', 'try',
  'expand', 'sure', 'right', 'correct', 'true', 'wrong', 'good', 'bad', 'better', 'best', 'worse', 'worst', 'more',
  'many', 'much', 'long', 'far', 'else', 'other', 'another', 'up', 'new', 'next', 'instead', 'exactly', 'really',
  // Spanish
  'opcion', 'opciones', 'alternativa', 'alternativas', 'diferencia', 'diferencias', 'ejemplo', 'ejemplos',
  'resultado', 'resultados', 'salida', 'forma', 'manera', 'modo', 'metodo', 'ventaja', 'ventajas', 'desventaja',
  'desventajas', 'contras', 'cosa', 'cosas', 'parte', 'respuesta', 'solucion', 'problema', 'razon', 'caso', 'otro',
  'otra', 'otros', 'otras', 'mas', 'seguro', 'segura', 'cierto', 'verdad', 'bien', 'mal', 'mejor', 'peor', 'asi',
  'cuesta', 'cuestan', 'costo', 'vale', 'valen', 'funciona', 'funcionan', 'sirve', 'sirven', 'pasa', 'significa',
  'quieres', 'explica', 'explicas', 'explicame', 'sigue', 'continua', 'hace', 'hago', 'haces', 'piensas', 'opinas', 'crees',
  'das', 'dar', 'dame', 'win', 'wins', 'won', 'gano', 'gana',
]);

/** After a generic word, these bring the word it is about ("the output of ls", "la diferencia entre…"). */
export const COMPLEMENTS: ReadonlySet<string> = new Set(['of', 'between', 'for', 'de', 'del', 'entre', 'para']);

/** The first person plural: "we" are the user and the assistant, not the user alone. */
export const FIRST_PERSON_PLURAL: readonly string[] = ['we', 'us', 'our', 'ours', 'nosotros', 'nosotras', 'nuestro', 'nuestra'];

/** The user: a question about them names who it is about ("Where do I work?", "¿Dónde vivo?" has its verb). */
export const USER_WORDS: ReadonlySet<string> = without(FIRST_PERSON, FIRST_PERSON_PLURAL);

/**
 * Verbs the dedup guards skip as politeness ("Do you know where I work?") that name what a
 * question asks when they are its verb: "What do you know about me?", "¿Qué sabes de mí?".
 */
export const KNOWING_WORDS: ReadonlySet<string> = new Set(['know', 'remember', 'recall', 'sabes', 'sabe', 'recuerdas', 'acuerdas']);

/** Question words that ask anything: "what", "which", "qué", "cuál". */
export const OPEN_QUESTION_WORDS: readonly string[] = ['what', 'whats', 'which', 'que', 'cual', 'cuales'];

/** Question words that say what is asked ("where", "¿cuándo?"): all but OPEN_QUESTION_WORDS. */
export const ASKING_WORDS: ReadonlySet<string> = without(QUESTION_WORDS, OPEN_QUESTION_WORDS);

/** Persons the question does not name: "Who is he?", "Where can I buy them?", "¿Dónde vive ella?". */
export const THIRD_PERSONS: ReadonlySet<string> = new Set([
  'he', 'him', 'his', 'himself', 'hes', 'she', 'her', 'hers', 'herself', 'shes', 'they', 'them', 'their', 'theirs',
  'themselves', 'theyre', 'theyve', 'theyll', 'theyd', 'itself', 'ella', 'ellas', 'ellos',
]);

/**
 * "they" names no one before a verb of custom and with a place after it: "What do they
 * speak in Brazil?", "What do they call fries in England?" (see `pointsBackToPerson`).
 * Elsewhere it points back: "Where do they live?", "What do they eat in the morning?".
 */
export const CUSTOM_VERBS: ReadonlySet<string> = new Set([
  'speak', 'eat', 'drink', 'call', 'say', 'celebrate', 'use', 'wear', 'drive', 'play', 'sell', 'grow', 'cook', 'teach', 'write', 'pay', 'serve',
]);

/** Words after which a name or a noun may be what a third person points back to ("my sister… she"). */
export const DETERMINERS: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'my', 'your', 'our', 'el', 'la', 'los', 'las', 'un', 'una', 'mi', 'mis', 'tu', 'tus', 'nuestro', 'nuestra',
]);

/**
 * Spanish object pronouns before a verb: "¿Cómo lo instalo?", "¿Dónde las venden?". "lo",
 * "le" and "les" may open the question; "la", "los" and "las" are articles there, and
 * pronouns only after one of CLITIC_HOSTS.
 */
export const CLITICS: ReadonlySet<string> = new Set(['lo', 'le', 'les', 'la', 'los', 'las']);
export const OPENING_CLITICS: ReadonlySet<string> = new Set(['lo', 'le', 'les']);
export const CLITIC_HOSTS: ReadonlySet<string> = new Set([
  'que', 'donde', 'adonde', 'como', 'cuando', 'cuanto', 'cuanta', 'cuantos', 'cuantas', 'quien', 'porque', 'no', 'se',
  'me', 'te', 'nos', 'ya', 'si', 'tambien', 'nunca',
]);

/** After "lo", a neuter article, no pronoun: "lo que", "lo mejor", "lo de". */
export const NEUTER_FOLLOWERS: ReadonlySet<string> = new Set(['que', 'de', 'del', 'mas', 'mejor', 'peor', 'mismo', 'menos']);

/** "the second option", "la primera opción": one of a list the conversation showed. */
export const ORDINALS: ReadonlySet<string> = new Set([
  'first', 'second', 'third', 'fourth', 'fifth', 'last', 'previous', 'latter', 'former', '1st', '2nd', '3rd',
  'primer', 'primera', 'primero', 'segunda', 'segundo', 'tercer', 'tercera', 'tercero', 'cuarta', 'cuarto', 'ultima', 'ultimo', 'anterior',
]);
export const LISTED_THINGS: ReadonlySet<string> = new Set([
  'option', 'options', 'one', 'ones', 'choice', 'answer', 'suggestion', 'solution', 'approach', 'method', 'example',
  'alternative', 'link', 'command', 'snippet', 'opcion', 'opciones', 'alternativa', 'respuesta', 'solucion',
  'sugerencia', 'ejemplo', 'metodo', 'enlace', 'comando',
]);

/**
 * Auxiliaries that end an elliptical question before their subject: "Why would I?",
 * "Can you?", "How do I?" leave the verb to the conversation: QUESTION_AUXILIARIES but the
 * forms of "be" ("Who am I?" asks in full), with the modals and negations it lacks.
 */
export const ELLIPTICAL_AUXILIARIES: ReadonlySet<string> = new Set([
  ...without(QUESTION_AUXILIARIES, ['is', 'are', 'was', 'were', 'am', 'isnt', 'arent', 'wasnt']),
  'shall', 'may', 'might', 'must', 'cant', 'couldnt', 'wouldnt', 'wont', 'shouldnt', 'havent', 'hasnt',
]);
export const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it']);

/**
 * A definition asks about one word and stands alone: "What is Rust?", "What's a monad?",
 * "¿Qué es Kubernetes?", "What does grep do?", "What does YOLO mean?", "Explain
 * recursion?" (the word in the middle, `*`). "What is the output?" is no definition: "the" points back.
 */
export const DEFINITION_FRAMES: readonly string[] = [
  'what is *', 'what is a *', 'what is an *', 'what are *', 'whats *', 'whats a *', 'whats an *',
  'what does * do', 'what does * mean', 'what does * stand for', 'what do * do', 'what do * mean',
  'explain *', 'can you explain *', 'could you explain *',
  'que es *', 'que es un *', 'que es una *', 'que son *', 'que significa *', 'que hace *', 'explicame *',
];

function without(words: ReadonlySet<string>, left: readonly string[]): ReadonlySet<string> {
  return new Set([...words].filter((word) => !left.includes(word)));
}
