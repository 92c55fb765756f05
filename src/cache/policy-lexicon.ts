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
  'is the time in',
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
  'que horas', 'tienes hora', 'tenes hora', 'a cuantos estamos', 'ano estamos', 'mes estamos', 'semana estamos',
];

/**
 * Asking for the clock or the calendar, matched only as the last words of a question
 * (after trailing filler): "What is the date?" asks for today's date, but "What is the
 * date of my wedding?" for a stored fact, and "…most of the time?" for neither.
 */
export const TIME_QUESTION_ENDINGS: readonly string[] = [
  // English
  'is the time', 'me the time', 'know the time', 'got the time', 'have the time',
  'is the date', 'me the date', 'know the date', 'is the day', 'me the day', 'whats the day',
  'is the month', 'me the month', 'whats the month', 'is the year', 'me the year', 'whats the year',
  'year is it', 'month is it', 'week is it', 'date is it', 'year are we in', 'month are we in', 'day are we in',
  // Spanish
  'es la hora', 'dime la hora', 'decime la hora', 'dices la hora', 'sabes la hora', 'das la hora',
  'es la fecha', 'dime la fecha', 'decime la fecha', 'dices la fecha', 'sabes la fecha',
  'que ano es', 'es el ano', 'dime el ano', 'que mes es', 'es el mes', 'dime el mes', 'es el dia', 'dime el dia',
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
  'hate me', 'hates me', 'hate my life', 'nobody likes me', 'nobody loves me', 'nobody cares', 'no one likes me',
  'no one loves me', 'no one cares', 'nobody understands me', 'no one understands me',
  'am i a failure', 'im a failure', 'i am a failure', 'am i a loser', 'im a loser', 'i am a loser',
  'worthless', 'am i stupid', 'am i ugly', 'am i a bad person', 'not good enough', 'whats wrong with me',
  'what is wrong with me', 'im not ok', 'im not okay', 'im struggling', 'i am struggling', 'fed up', 'sick of',
  'sick and tired', 'cant take it', 'cant cope',
  'breakup', 'breakups', 'break up', 'broke up', 'breaking up', 'broken up', 'split up', 'dumped me',
  'cheated on me', 'heartbreak', 'get over him', 'get over her', 'my divorce', 'getting divorced',
  // Spanish
  'me siento', 'me sentia', 'siento que', 'estoy triste', 'triste', 'tristeza', 'deprimido',
  'deprimida', 'depresion', 'ansioso', 'ansiosa', 'ansiedad', 'enojado', 'enojada', 'enfadado',
  'enfadada', 'furioso', 'furiosa', 'molesto', 'molesta', 'me siento solo', 'me siento sola',
  'estoy solo', 'estoy sola', 'soledad', 'estresado', 'estresada', 'estres', 'preocupado',
  'preocupada', 'preocupa', 'asustado', 'asustada', 'miedo', 'agobiado', 'agobiada', 'frustrado',
  'frustrada', 'angustia', 'angustiado', 'angustiada', 'llorar', 'llorando', 'lloro', 'panico',
  'nervioso', 'nerviosa', 'extrano a', 'te extrano', 'duelo', 'desesperado', 'desesperada',
  'agotado', 'agotada', 'culpable', 'verguenza', 'celoso', 'celosa',
  'estoy mal', 'estoy fatal', 'estoy harto', 'estoy harta', 'harto de', 'harta de', 'estoy hasta',
  'estoy cansado de', 'estoy cansada de', 'estoy destrozado', 'estoy destrozada', 'estoy hecho polvo',
  'estoy hecha polvo', 'estoy de bajon', 'no puedo mas', 'lo paso mal', 'lo estoy pasando mal', 'que me pasa',
  'me odian', 'me odia', 'me odio', 'odio mi vida', 'nadie me quiere', 'nadie me entiende', 'nadie me soporta',
  'soy un fracaso', 'soy una fracasada', 'soy un fracasado', 'soy un perdedor', 'soy una perdedora',
  'soy un inutil', 'soy una inutil', 'no valgo nada', 'ruptura', 'rompi con', 'rompio conmigo', 'termino conmigo',
  'me fue infiel', 'me puso los cuernos', 'corazon roto', 'desamor', 'mi divorcio', 'mi novio me dejo', 'mi novia me dejo',
  'mi pareja me dejo', 'me dejo mi novio', 'me dejo mi novia', 'me dejo mi pareja',
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
