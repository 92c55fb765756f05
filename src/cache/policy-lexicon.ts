// Word lists that tell a question from other messages, its filler from its words, and
// Spanish from English (see refusal-lexicon.ts for the folding they assume).

/** Words that open a question in English or Spanish (folded). */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'what', 'whats', 'where', 'wheres', 'when', 'whens', 'who', 'whos', 'whom', 'whose', 'which',
  'why', 'how', 'hows',
  'que', 'cual', 'cuales', 'donde', 'adonde', 'cuando', 'quien', 'quienes', 'como', 'cuanto',
  'cuanta', 'cuantos', 'cuantas', 'porque',
]);

/** Auxiliaries that open a yes/no question when a pronoun or possessive follows ("do I…", "is my…"). */
export const QUESTION_AUXILIARIES: ReadonlySet<string> = new Set([
  'do', 'does', 'did', 'is', 'are', 'was', 'were', 'am', 'can', 'could', 'would', 'will', 'should',
  'have', 'has', 'had', 'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt',
]);

export const QUESTION_SUBJECTS: ReadonlySet<string> = new Set([
  'i', 'you', 'we', 'he', 'she', 'they', 'it', 'my', 'your', 'our', 'his', 'her', 'their', 'there', 'me',
]);

/** Requests for a recorded fact that are questions without a question mark. */
export const QUESTION_OPENERS: readonly string[] = [
  'tell me', 'remind me', 'do you know', 'do you remember', 'can you tell me', 'can you remind me',
  'por que', 'dime', 'decime', 'recuerdame', 'recordame', 'me recuerdas', 'me recordas', 'me dices', 'sabes',
  'te acuerdas', 'te acordas',
];

/** Words that carry no meaning at the head of a question ("hey, so where do I work?"). */
export const LEADING_FILLERS: ReadonlySet<string> = new Set([
  'hey', 'hi', 'hello', 'ok', 'okay', 'so', 'well', 'um', 'umm', 'uh', 'uhh', 'er', 'hmm', 'oh', 'ah',
  'please', 'pls', 'plz', 'hola', 'oye', 'bueno', 'pues', 'che', 'eh', 'mira', 'vale', 'entonces',
]);

/** …and at its tail ("…please", "…por favor"). */
export const TRAILING_FILLERS: ReadonlySet<string> = new Set(['please', 'pls', 'plz', 'thanks', 'gracias']);

/**
 * Fillers of several words, at the head or the tail only: inside a question they may be
 * what it asks about ("How do I say thank you in Japanese?").
 */
export const LEADING_FILLER_PHRASES: readonly string[] = ['por favor', 'a ver', 'quick question', 'thank you'];
export const TRAILING_FILLER_PHRASES: readonly string[] = ['por favor', 'thank you', 'thanks a lot', 'muchas gracias'];

/**
 * Tails that ask to be reminded in a question that opens with a question word or a
 * request ("What's her name again?", "Tell me the date again"), but ask about a
 * repetition in a yes/no question ("Did the build fail
 * again?"): removed only from the former. "de nuevo" and "otra vez" are never removed:
 * "¿Qué hay de nuevo?" is not "¿Qué hay?".
 */
export const RECALL_TAILS: ReadonlySet<string> = new Set(['again']);

/** Frequent words that tell Spanish from English (folded; none is also a common English word: not "me"). */
export const SPANISH_MARKERS: ReadonlySet<string> = new Set([
  'que', 'de', 'el', 'la', 'los', 'las', 'y', 'en', 'un', 'una', 'es', 'mi', 'mis', 'tu', 'su', 'por',
  'para', 'con', 'como', 'donde', 'cuando', 'cual', 'quien', 'se', 'lo', 'le', 'del', 'al', 'yo',
  'tengo', 'estoy', 'soy', 'hay', 'esta', 'este', 'eso', 'esto', 'pero', 'muy', 'mas', 'tambien',
  'hola', 'gracias', 'sobre', 'trabajo', 'vivo', 'nombre', 'llama', 'decidi', 'prefiero', 'te',
  'nos', 'ella', 'ellos', 'son', 'fue', 'era', 'tiene', 'tienes', 'puedo', 'puedes', 'quiero', 'siento',
  'hace', 'hacer', 'dime', 'bien', 'mal', 'hoy', 'ayer', 'manana', 'ahora', 'si', 'ya', 'porque', 'cuanto',
]);

export const ENGLISH_MARKERS: ReadonlySet<string> = new Set([
  'the', 'of', 'and', 'to', 'in', 'is', 'it', 'you', 'that', 'was', 'for', 'on', 'are', 'with', 'as',
  'i', 'my', 'be', 'at', 'have', 'this', 'from', 'what', 'where', 'when', 'who', 'which', 'how',
  'do', 'does', 'did', 'am', 'your', 'name', 'work', 'live', 'about', 'prefer', 'decided',
]);
