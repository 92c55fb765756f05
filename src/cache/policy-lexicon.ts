// Word lists of the cache policy (spec §4), folded like the text they are matched
// against: lower case, no accents, apostrophes removed ("what's" → "whats"). A phrase
// matches whole words only. The lists err on the side of refusing: a refused question
// only costs an LLM call, a wrongly cached one returns a stale answer.

/** Questions whose answer depends on when they are asked. */
export const TIME_PHRASES: readonly string[] = [
  // English
  'now', 'right now', 'today', 'todays', 'tonight', 'tomorrow', 'tomorrows', 'yesterday', 'yesterdays',
  'this morning', 'this afternoon', 'this evening', 'this week', 'this weekend', 'this month', 'this year',
  'next week', 'next month', 'next year', 'last week', 'last month', 'last year', 'last night',
  'what time', 'whats the time', 'time is it', 'what day', 'what date', 'whats the date',
  'current', 'currently', 'latest', 'recent', 'recently', 'just now', 'at the moment', 'these days',
  'weather', 'forecast', 'temperature', 'news', 'upcoming', 'next', 'soon', 'later', 'ago',
  'how long ago', 'since when', 'how old', 'until', 'til', 'deadline', 'schedule', 'calendar',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'weekend',
  'o clock', 'oclock', 'am i late', 'still open', 'open now', 'price', 'stock', 'score',
  // Spanish
  'ahora', 'ahorita', 'hoy', 'recien', 'manana', 'pasado manana', 'ayer', 'anoche', 'anteayer',
  'esta noche', 'esta tarde', 'esta manana', 'esta semana', 'este fin de semana', 'este mes', 'este ano',
  'la semana que viene', 'proxima semana', 'semana pasada', 'mes pasado', 'ano pasado',
  'que hora', 'a que hora', 'que dia', 'que fecha', 'actual', 'actualmente',
  'ultimo', 'ultima', 'ultimos', 'ultimas', 'reciente', 'recientemente', 'en este momento',
  'hoy en dia', 'clima', 'pronostico', 'temperatura', 'noticias', 'proximo', 'proxima',
  'pronto', 'luego', 'mas tarde', 'hace cuanto', 'hace poco', 'desde cuando', 'cuantos anos tengo',
  'que edad tengo', 'hasta cuando', 'cuanto falta', 'agenda', 'calendario', 'horario',
  'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo', 'finde',
  'precio', 'cotizacion',
];

/** Messages that carry feelings: never answered from a cache (spec §4, "emotional queries"). */
export const EMOTION_PHRASES: readonly string[] = [
  // English
  'i feel', 'i felt', 'im feeling', 'i am feeling', 'feeling down', 'feel like crying',
  'sad', 'sadness', 'unhappy', 'depressed', 'depression', 'anxious', 'anxiety', 'angry', 'furious',
  'upset', 'lonely', 'alone', 'stressed', 'stress', 'worried', 'worry', 'scared', 'afraid', 'fear',
  'frightened', 'overwhelmed', 'frustrated', 'heartbroken', 'hopeless', 'miserable', 'grief',
  'grieving', 'crying', 'cry', 'panic', 'nervous', 'hurt', 'hate myself', 'i miss', 'cope',
  'exhausted', 'burned out', 'burnt out', 'ashamed', 'guilty', 'jealous',
  // Spanish
  'me siento', 'me sentia', 'siento que', 'estoy triste', 'triste', 'tristeza', 'deprimido',
  'deprimida', 'depresion', 'ansioso', 'ansiosa', 'ansiedad', 'enojado', 'enojada', 'enfadado',
  'enfadada', 'furioso', 'furiosa', 'molesto', 'molesta', 'me siento solo', 'me siento sola',
  'estoy solo', 'estoy sola', 'soledad', 'estresado', 'estresada', 'estres', 'preocupado',
  'preocupada', 'preocupa', 'asustado', 'asustada', 'miedo', 'agobiado', 'agobiada', 'frustrado',
  'frustrada', 'angustia', 'angustiado', 'angustiada', 'llorar', 'llorando', 'lloro', 'panico',
  'nervioso', 'nerviosa', 'extrano a', 'te extrano', 'duelo', 'desesperado', 'desesperada',
  'agotado', 'agotada', 'culpable', 'verguenza', 'celoso', 'celosa',
];

/** Emoji and emoticons of distress, matched in the raw text. */
export const EMOTION_SYMBOLS: readonly string[] = ['😢', '😭', '😞', '😔', '😟', '😡', '😠', '💔', '😰', '😱', ':(', ":'(", 'd:'];

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

/** …and at its tail ("…again?", "…please", "…por favor"). */
export const TRAILING_FILLERS: ReadonlySet<string> = new Set(['please', 'pls', 'plz', 'again', 'thanks', 'gracias']);

/** Fillers of two words, removed wherever they appear. */
export const FILLER_PHRASES: readonly string[] = ['por favor', 'de nuevo', 'otra vez', 'a ver', 'quick question', 'thank you'];

/** Frequent words that tell Spanish from English (folded; none is also a common English word). */
export const SPANISH_MARKERS: ReadonlySet<string> = new Set([
  'que', 'de', 'el', 'la', 'los', 'las', 'y', 'en', 'un', 'una', 'es', 'mi', 'mis', 'tu', 'su', 'por',
  'para', 'con', 'como', 'donde', 'cuando', 'cual', 'quien', 'se', 'lo', 'le', 'del', 'al', 'yo',
  'tengo', 'estoy', 'soy', 'hay', 'esta', 'este', 'eso', 'esto', 'pero', 'muy', 'mas', 'tambien',
  'hola', 'gracias', 'sobre', 'trabajo', 'vivo', 'nombre', 'llama', 'decidi', 'prefiero', 'me', 'te',
  'nos', 'ella', 'ellos', 'son', 'fue', 'era', 'tiene', 'tienes', 'puedo', 'puedes', 'quiero', 'siento',
  'hace', 'hacer', 'dime', 'bien', 'mal', 'hoy', 'ayer', 'manana', 'ahora', 'si', 'ya', 'porque', 'cuanto',
]);

export const ENGLISH_MARKERS: ReadonlySet<string> = new Set([
  'the', 'of', 'and', 'to', 'in', 'is', 'it', 'you', 'that', 'was', 'for', 'on', 'are', 'with', 'as',
  'i', 'my', 'be', 'at', 'have', 'this', 'from', 'what', 'where', 'when', 'who', 'which', 'how',
  'do', 'does', 'did', 'am', 'your', 'name', 'work', 'live', 'about', 'prefer', 'decided',
]);

/**
 * Words that say whose fact a question asks about, or that negate it. Bag-of-words
 * embedders score "what did I decide" and "what did you decide" ~1.0, so dedup also
 * requires the same persons and negation (see `dedupSignature`).
 */
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
