import { numberWordDigits } from '../number-words.js';

// Word lists of intent dedup's guards (folded like the text: see refusal-lexicon.ts).
// Bag-of-words embedders score "what did I decide" and "what did you decide" ~1.0, and
// "tea over coffee" exactly as "coffee over tea": these say what similarity cannot see.

/** Words that say whose fact a question asks about (see `dedupSignature`). */
export const FIRST_PERSON: ReadonlySet<string> = new Set([
  'i', 'me', 'my', 'mine', 'myself', 'im', 'ive', 'id', 'ill', 'we', 'us', 'our', 'ours',
  'yo', 'mi', 'mis', 'mio', 'mia', 'mios', 'mias', 'conmigo', 'nosotros', 'nosotras', 'nuestro', 'nuestra',
]);

export const SECOND_PERSON: ReadonlySet<string> = new Set([
  'you', 'your', 'yours', 'yourself', 'youre', 'youve', 'youd', 'youll', 'u', 'ur',
  'tu', 'tus', 'te', 'ti', 'contigo', 'usted', 'ustedes', 'vos', 'tuyo', 'tuya', 'vosotros',
]);

export const NEGATIONS: ReadonlySet<string> = new Set([
  'not', 'no', 'never', 'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt', 'werent', 'cant', 'cannot',
  'wont', 'wouldnt', 'shouldnt', 'havent', 'hasnt', 'nunca', 'jamas', 'tampoco', 'ni', 'nada', 'ningun', 'ninguna',
  // "with no sugar" is "without sugar", and neither is "with sugar".
  'without', 'sin',
]);

/** A question about the past ("Who was my boss?", "¿Quién era mi jefe?") is not one about the present. */
export const PAST_PHRASES: readonly string[] = [
  'was', 'were', 'wasnt', 'werent', 'did', 'didnt', 'had', 'hadnt', 'used to', 'formerly', 'previously',
  'era', 'eras', 'eramos', 'eran', 'fue', 'fui', 'fuiste', 'fuimos', 'fueron', 'estaba', 'estabas', 'estaban',
  'estuve', 'estuviste', 'estuvo', 'tenia', 'tenias', 'tenian', 'tuve', 'tuviste', 'tuvo', 'habia', 'habias',
  'solia', 'solias', 'solian', 'hice', 'hiciste', 'hizo',
];

export const FUTURE_PHRASES: readonly string[] = [
  'will', 'wont', 'shall', 'gonna', 'sera', 'seran', 'tendre', 'tendra', 'habra', 'ire', 'iremos', 'voy a', 'vas a', 'va a',
];

/** "Did the build fail again?" asks about a repetition (a recall "again" is filler: see RECALL_TAILS). */
export const REPETITION_PHRASES: readonly string[] = ['again', 'once more', 'one more time', 'de nuevo', 'otra vez', 'nuevamente'];

/**
 * Words around which order is meaning: "tea over coffee", "older than my brother", "from
 * Lima to Cusco", "el té al café", "prefiero el té a la cerveza", "mayor que mi hermano"
 * (see COMPARATIVES). The nearest content words on either side must come in the same
 * order in both questions. Folded words have no language, so the English article "a"
 * counts too: it only keeps a rephrasing that swaps the words around it from merging.
 */
export const ORDER_MARKERS: ReadonlySet<string> = new Set([
  'than', 'over', 'versus', 'vs', 'instead', 'rather', 'before', 'after', 'to', 'into', 'until',
  'al', 'a', 'antes', 'despues', 'hasta', 'vez', 'lugar',
]);

/**
 * "in" and "en" order what a question converts or counts: "How many pounds in an ounce?",
 * "10 fahrenheit in celsius", "¿Cuántas libras hay en una onza?". Only in a question that
 * holds a number or one of CONVERSION_CUES: elsewhere they place ("Where do I work in
 * Lima?"), and a rephrasing may move the place to the front.
 */
export const CONVERSION_MARKERS: ReadonlySet<string> = new Set(['in', 'en']);

/** Words that make a question count or convert (see CONVERSION_MARKERS). */
export const CONVERSION_CUES: ReadonlySet<string> = new Set([
  'many', 'much', 'convert', 'conversion', 'cuantos', 'cuantas', 'cuanto', 'cuanta', 'convertir', 'convierte', 'convierto',
]);

/**
 * Numbers written as words, read as the digits they stand for (see `dedupSpecifics`):
 * "two bananas" is "2 bananas", and not "a banana"; "one banana" is "a banana", so "one"
 * and "uno" read as "1" here.
 */
export const NUMBER_WORDS: ReadonlyMap<string, string> = numberWordDigits({ one: true, zero: true, max: Number.POSITIVE_INFINITY });

/**
 * Articles that say "one" before a noun ("a banana", "una onza"): a question that names 1
 * matches them, but they are no number of their own (most questions hold one).
 */
export const ONE_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'un', 'una']);

/**
 * "que" orders only within three words after a comparative ("mayor que", "más alta
 * que"); elsewhere it asks ("¿qué decidí?") or relates, and rephrasings move it freely.
 */
export const COMPARATIVES: ReadonlySet<string> = new Set([
  'mas', 'menos', 'mayor', 'menor', 'mejor', 'peor', 'antes', 'despues', 'prefiero', 'prefieres', 'prefiere',
]);

/** Words skipped when looking for the content word next to an order marker. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'my', 'your', 'his', 'her', 'our', 'their', 'i', 'you', 'me', 'is', 'are', 'am', 'be',
  'do', 'does', 'did', 'more', 'less', 'much', 'so', 'very', 'of', 'there',
  'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'mi', 'mis', 'tu', 'tus', 'su', 'sus', 'lo', 'de', 'del',
  'mas', 'menos', 'muy', 'tan', 'es', 'son', 'yo', 'hay',
]);

/**
 * Words left out when the content words of two questions are compared (see
 * `sameContentWords`): function words, persons, auxiliaries and negation (the signature
 * compares those), and the politeness around a request ("Could you tell me…", "Dime…").
 * "what"/"which" and "qué"/"cuál" ask alike; "where", "when", "who", "why", "how" do not.
 */
export const NON_CONTENT_WORDS: ReadonlySet<string> = new Set([
  // English
  'a', 'an', 'the', 'and', 'or', 'but', 'if', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'into',
  'onto', 'about', 'as', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'do', 'does', 'did', 'doing',
  'has', 'have', 'had', 'having', 'it', 'its', 'this', 'that', 'these', 'those', 'there', 'here', 'he', 'she',
  'they', 'them', 'him', 'his', 'her', 'hers', 'their', 'so', 'than', 'then', 'too', 'very', 'just', 'can', 'will',
  'would', 'should', 'could', 'shall', 'may', 'might', 'must', 'what', 'whats', 'which', 'also', 'any', 'some',
  'whos', 'wheres', 'whens', 'hows', 'isnt', 'arent', 'wasnt', 'dont', 'doesnt', 'didnt', 's', 't', 'd', 'll', 've', 're',
  'please', 'pls', 'plz', 'thanks', 'thank', 'kindly', 'tell', 'know', 'remind', 'remember', 'recall', 'wonder',
  'wondering', 'curious', 'quick', 'question', 'hey', 'hi', 'hello', 'ok', 'okay', 'well', 'um', 'uh', 'actually',
  'exactly', 'again', 'let',
  // Spanish
  'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'lo', 'al', 'del', 'de', 'y', 'e', 'o', 'u', 'en', 'con',
  'por', 'para', 'que', 'cual', 'cuales', 'se', 'su', 'sus', 'es', 'son', 'esta', 'estan', 'este', 'estos', 'estas',
  'eso', 'esto', 'ese', 'esa', 'ser', 'ha', 'han', 'hay', 'le', 'les', 'ella', 'ellos', 'ellas', 'muy', 'pero', 'si',
  'sobre', 'dime', 'decime', 'sabes', 'sabe', 'recuerdas', 'acuerdas', 'recuerdame', 'recordame', 'favor',
  'gracias', 'hola', 'oye', 'bueno', 'pues', 'puedes', 'podrias', 'decir', 'saber', 'recordar', 'pregunta',
  ...FIRST_PERSON, ...SECOND_PERSON, ...NEGATIONS,
]);
