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
 * "que" orders only within three words after a comparative ("mayor que", "más alta
 * que"); elsewhere it asks ("¿qué decidí?") or relates, and rephrasings move it freely.
 */
export const COMPARATIVES: ReadonlySet<string> = new Set([
  'mas', 'menos', 'mayor', 'menor', 'mejor', 'peor', 'antes', 'despues', 'prefiero', 'prefieres', 'prefiere',
]);

/** Words skipped when looking for the content word next to an order marker. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'my', 'your', 'his', 'her', 'our', 'their', 'i', 'you', 'me', 'is', 'are', 'am', 'be',
  'do', 'does', 'did', 'more', 'less', 'much', 'so', 'very', 'of',
  'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'mi', 'mis', 'tu', 'tus', 'su', 'sus', 'lo', 'de', 'del',
  'mas', 'menos', 'muy', 'tan', 'es', 'son', 'yo',
]);
