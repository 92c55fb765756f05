// Word lists of the cache policy (spec §4), folded like the text they are matched
// against: lower case, no accents, apostrophes removed ("what's" → "whats"). A phrase
// matches whole words only; a stem matches every word that starts with it. The lists err
// on the side of refusing: a refused question only costs an LLM call, a wrongly cached
// one returns a stale answer.

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
  // Counting down or up to a date, the weather, the calendar: they change by the day.
  'how many days', 'how many weeks', 'how many months', 'how many years', 'how many hours', 'how many minutes',
  'days left', 'days to go', 'from now',
  'rain', 'rains', 'rained', 'raining', 'rainy', 'snow', 'snows', 'snowing', 'snowy', 'sunny', 'windy', 'stormy',
  'cold outside', 'hot outside', 'appointment', 'appointments',
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
  'cuantos dias', 'cuantas semanas', 'cuantos meses', 'cuantos anos', 'cuantas horas', 'cuantos minutos',
  'que edad', 'faltan para', 'falta para', 'tiempo hace', 'hace frio', 'hace calor', 'hace sol', 'hace viento',
  'nieva', 'nevando', 'nevar', 'nevara', 'tormenta', 'soleado', 'cita', 'citas',
  // The state of the world or of the user's things now: the sun, the clocks, rates, who
  // holds a post, whether a place is open or a server up, an inbox, an order, a draw.
  'sunset', 'sunrise', 'amanecer', 'atardecer', 'anochecer', 'puesta de sol', 'puesta del sol', 'salida del sol',
  'daylight saving', 'horario de verano', 'horario de invierno',
  'exchange rate', 'exchange rates', 'conversion rate', 'interest rate', 'interest rates', 'inflation',
  'tipo de cambio', 'tasa de cambio', 'tipo de interes', 'inflacion',
  'the president', 'the prime minister', 'the pope', 'the king', 'the queen', 'the chancellor', 'the governor',
  'the mayor', 'world champion', 'el presidente', 'la presidenta', 'el primer ministro', 'la primera ministra', 'el papa',
  'el rey', 'la reina', 'el alcalde', 'la alcaldesa', 'el gobernador', 'la gobernadora', 'campeon del mundo', 'campeon mundial',
  'opening hours', 'closing time', 'esta abierto', 'esta abierta', 'estan abiertos', 'estan abiertas', 'esta cerrado',
  'esta cerrada', 'estan cerrados', 'estan cerradas',
  'server up', 'servers up', 'server down', 'servers down', 'site up', 'site down', 'website up', 'website down',
  'service up', 'service down', 'is it down', 'is it up', 'up and running', 'outage', 'uptime', 'downtime',
  'unread', 'inbox', 'new emails', 'new messages', 'notifications', 'sin leer', 'no leidos', 'no leidas',
  'bandeja de entrada', 'correos nuevos', 'mensajes nuevos',
  'my order', 'my package', 'my delivery', 'my shipment', 'mi pedido', 'mi paquete', 'mi envio',
  'me a random', 'me random', 'pick a random', 'pick a number', 'choose a random', 'choose a number', 'flip a coin',
  'toss a coin', 'roll a die', 'roll a dice', 'roll the dice', 'al azar', 'dame un numero', 'dime un numero',
  'elige un numero', 'lanza una moneda', 'tira un dado', 'cara o cruz',
  'llego tarde', 'voy tarde', 'vamos tarde', 'llegamos tarde', 'are we late', 'is it late',
];

/** Word families of the same: "meeting(s)", "llueve", "lloviendo", "lluvia", "reuniones". */
export const TIME_STEMS: readonly string[] = ['meeting', 'lluev', 'llov', 'lluvi', 'reunion'];

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
  // Where the user is, a holiday: "Where am I?", "Is it a holiday?".
  'where am i', 'where are we', 'where i am', 'donde estoy', 'donde estamos',
  'a holiday', 'a public holiday', 'a bank holiday', 'es feriado', 'es festivo', 'es dia festivo', 'hay feriado',
  'week number is it', 'week number', 'numero de semana', 'semana del ano',
];

/**
 * The state of a thing, matched as the last words of a question, and only when it asks
 * about a particular thing now: "Is the store open?", "Did the deploy succeed?", "Why did
 * my build fail?" (see `asksStateNow`). About a kind of thing, in general, they are no
 * clock: "How do I check if a port is open?", "Why do most diets fail?". "Did the
 * migration end in failure?" asks for a recorded fact.
 */
export const STATE_ENDINGS: readonly string[] = [
  'open', 'closed', 'abierto', 'abierta', 'abiertos', 'abiertas', 'cerrado', 'cerrada', 'cerrados', 'cerradas',
  'succeed', 'succeeded', 'fail', 'failed', 'pass', 'passed', 'go through', 'went through', 'tuvo exito', 'funciono',
  'fallo', 'salio bien',
];

/**
 * What a kind of thing opens with, not a particular one: "a port", "most diets", "una
 * tienda". "any"/"some" are left out: "Is any pharmacy open?" asks about the places near now.
 */
export const GENERIC_SUBJECTS: ReadonlySet<string> = new Set([
  'a', 'an', 'most', 'many', 'un', 'una', 'unos', 'unas', 'muchos', 'muchas',
]);

/** Words that make a subject a particular thing again: "most of the shops", "a friend of mine", "una de mis tiendas". */
export const PARTICULAR_WORDS: ReadonlySet<string> = new Set([
  'the', 'my', 'your', 'our', 'their', 'his', 'her', 'its', 'mine', 'yours', 'ours', 'el', 'la', 'los', 'las', 'mi', 'mis',
  'tu', 'tus', 'su', 'sus', 'nuestro', 'nuestra', 'nuestros', 'nuestras',
]);

/** Words that open the clause a state word ends, besides question words and auxiliaries ("…if a port is open"). */
export const CLAUSE_OPENERS: ReadonlySet<string> = new Set(['if', 'whether', 'that', 'si', 'que']);

/**
 * The status of a thing now ("the status of my order", "What's the server status?"),
 * unless one of these follows and makes it another noun: "the HTTP status code for not
 * found", "the status bar" (a number does too: "status 404").
 */
export const STATUS_WORDS: ReadonlySet<string> = new Set(['status']);
export const STATUS_COMPOUNDS: ReadonlySet<string> = new Set(['code', 'codes', 'bar', 'quo', 'symbol', 'icon', 'field', 'flag', 'flags']);

/**
 * Posts whose holder changes ("Who is the CEO of Twitter?", "Who is Apple's CEO?"),
 * unless an indefinite article makes them a kind of post: "What is a CEO?", "What does a
 * CEO do?" (the other posts are phrases above: "the president", "el papa").
 */
export const HELD_POSTS: ReadonlySet<string> = new Set(['ceo']);
export const INDEFINITE_ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'un', 'una']);

/** The clock or the calendar asked in a word or two: "Time?", "Date?", "¿La hora?". */
export const TIME_QUESTIONS_ALONE: readonly string[] = [
  'time', 'the time', 'date', 'the date', 'day', 'the day', 'hour', 'year', 'the year', 'month', 'the month', 'week', 'week number',
  'hora', 'la hora', 'fecha', 'la fecha', 'dia', 'el dia', 'ano', 'el ano', 'mes', 'el mes', 'semana',
];

/**
 * A span of time from now: "in two weeks", "within 3 days", "dentro de dos semanas",
 * "en un par de meses", "hace tres días". A preposition, then up to three quantity
 * words, then a unit.
 */
export const SPAN_PREPOSITIONS: ReadonlySet<string> = new Set(['in', 'within', 'en', 'dentro', 'hace']);
export const SPAN_QUANTITIES: ReadonlySet<string> = new Set([
  'a', 'an', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'couple', 'few', 'several', 'of',
  'de', 'un', 'una', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'par', 'unos', 'unas',
  'pocos', 'pocas', 'varios', 'varias',
]);
export const SPAN_UNITS: ReadonlySet<string> = new Set([
  'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'fortnight', 'month', 'months', 'year', 'years',
  'minuto', 'minutos', 'hora', 'horas', 'dia', 'dias', 'semana', 'semanas', 'quincena', 'mes', 'meses', 'ano', 'anos',
]);

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
  'happy', 'happier', 'tired', 'sleepy',
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
  'feliz', 'felices', 'infeliz', 'infelices',
  // Love, failure and a life: "Do you love me?", "Why do I always fail?", "¿Qué hago con mi vida?" ("my life": see LIFE_COMPOUNDS)
  'love me', 'loves me', 'do you hate me', 'always fail', 'fail at everything', 'me quieres', 'me amas',
  'me odias', 'me quiere', 'me ama', 'siempre fallo', 'siempre fracaso', 'fracaso en todo', 'mi vida',
];

/**
 * "my life" is a feeling ("Is my life a failure?", "What do I do with my life?") unless one
 * of these follows and makes it a thing the user has: "Is my life insurance a good idea?".
 */
export const LIFE_COMPOUNDS: ReadonlySet<string> = new Set([
  'insurance', 'expectancy', 'policy', 'cover', 'coverage', 'savings', 'partner', 'coach', 'jacket', 'vest', 'cycle', 'span',
]);

/** Word families of feelings: "tiredness", "happiness", "cansado/a/os", "felicidad", "worrying", "loneliness". */
export const EMOTION_STEMS: readonly string[] = [
  'tired', 'happi', 'unhapp', 'worr', 'lonel', 'depress', 'anxi', 'frustrat', 'overwhelm',
  'cansad', 'cansanc', 'felicid', 'deprim', 'ansios', 'preocup', 'agobi', 'angusti', 'desesper', 'estresad',
];

/** Emoji of distress, matched anywhere in the raw text. */
export const EMOTION_EMOJI: readonly string[] = ['😢', '😭', '😞', '😔', '😟', '😡', '😠', '💔', '😰', '😱'];

/** Emoticons of distress, matched in the lower-cased text only where no letter or digit touches them ("D:", not "decided:"). */
export const EMOTICONS: readonly string[] = [':(', ':-(', ":'(", 'd:'];

/**
 * Questions about the conversation itself ("What does this function return?", "Which
 * option did we pick?", "¿Qué decidimos sobre eso?"): their answer depends on what the
 * session showed, so another session must never get it. Demonstratives and "it" point at
 * something said before; "we decided" is the user and the assistant.
 */
export const CONVERSATION_WORDS: ReadonlySet<string> = new Set([
  'this', 'these', 'those', 'thats', 'its', 'above', 'aforementioned',
  'esto', 'eso', 'aquello', 'ese', 'esa', 'esos', 'esas', 'aquel', 'aquella', 'aquellos', 'aquellas',
  'decidimos', 'elegimos', 'escogimos', 'acordamos', 'hablamos', 'dijimos', 'quedamos', 'comentamos',
  'dijiste', 'mencionaste', 'sugeriste', 'recomendaste', 'pegue', 'adjunte',
  // The conversation itself: what was said or asked in it, a summary of it.
  'earlier', 'conversation', 'conversations', 'recap',
  'dije', 'pregunte', 'preguntaste', 'hablabamos', 'estabamos', 'conversacion', 'conversaciones', 'arriba',
  'resumen', 'resumir', 'resumeme', 'resumelo', 'resumenos',
]);

/** Word families of asking for a summary of what was said ("summarize", "summary", "summarise"). */
export const CONVERSATION_STEMS: readonly string[] = ['summar'];

export const CONVERSATION_PHRASES: readonly string[] = [
  'we decided', 'we decide', 'we picked', 'we pick', 'we chose', 'we choose', 'we agreed', 'we agree',
  'we discussed', 'we talked', 'we said', 'we settled', 'we mentioned', 'we talk', 'we discuss', 'hemos hablado',
  'you said', 'you just', 'you mentioned', 'you suggested', 'you recommended', 'your answer', 'your last', 'your previous',
  'the previous', 'the first one', 'the second one', 'the third one', 'the last one', 'the other one', 'the same one',
  'i pasted', 'i just sent', 'i sent you', 'i attached',
  'lo de arriba', 'lo anterior', 'el anterior', 'la anterior', 'tu respuesta', 'tu ultima respuesta', 'te pase', 'te envie', 'te mande',
  // What was said or asked in it, and when: "What did I just say?", "What was my last question?"
  'i just', 'we just', 'i said', 'did i say', 'i asked', 'did i ask', 'i told you', 'did i tell you', 'i mentioned',
  'you told me', 'did you say', 'you asked', 'asked you', 'you answered', 'you were saying', 'was i saying',
  'first question', 'last question', 'previous question', 'my question', 'your question', 'first message',
  'last message', 'previous message', 'my message', 'your message', 'first thing', 'last thing',
  'were we', 'we were talking', 'we were discussing', 'are we talking', 'are we discussing', 'were you talking',
  'so far', 'our chat', 'the chat', 'this chat', 'in here',
  'acabo de', 'acabas de', 'acabamos de', 'te dije', 'me dijiste', 'te pregunte', 'me preguntaste', 'estamos hablando',
  'mi pregunta', 'tu pregunta', 'primera pregunta', 'ultima pregunta', 'pregunta anterior', 'mi mensaje', 'tu mensaje',
  'primer mensaje', 'ultimo mensaje', 'este chat', 'el chat', 'hace un rato', 'hasta ahora',
  // Elliptical follow-ups that lean on a question before: "What about Porto?", "¿Y en Oporto?"
  'what about', 'how about', 'que tal',
  // A noun left for the conversation to supply: "the latter", "which of them", "¿cuál de ellos?"
  'the other', 'the others', 'the former', 'the latter', 'of them', 'de ellos', 'de ellas',
  'el otro', 'la otra', 'los otros', 'las otras', 'el primero', 'la primera', 'el segundo', 'la segunda',
  'el mas', 'la mas', 'los mas', 'las mas', 'el menos', 'la menos',
];

/**
 * "one" is a noun of its own only when its noun follows ("one dog", "which one of Lisbon or
 * Porto"); before one of these, or at the end, it stands for something named before
 * ("Which one is cheaper?", "the blue one").
 */
export const NOT_A_NOUN: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'am', 'be', 'do', 'does', 'did', 'can', 'could', 'would', 'will', 'should', 'shall',
  'may', 'might', 'must', 'has', 'have', 'had', 'i', 'you', 'we', 'they', 'he', 'she', 'it', 'or', 'and', 'but',
  'than', 'for', 'to', 'in', 'on', 'at', 'with', 'from', 'by', 'about', 'more', 'less', 'most', 'least', 'better',
  'best', 'worse', 'worst', 'cheaper', 'cheapest', 'again', 'too', 'instead', 'please', 'then', 'here', 'there',
]);

/** Pronouns that leave "one of" without its noun ("which one of them", "one of those"). */
export const ANTECEDENT_PRONOUNS: ReadonlySet<string> = new Set(['them', 'these', 'those', 'us', 'you', 'both', 'it']);

/**
 * Comparisons with nothing to compare: "Which is cheaper?", "¿Cuál es más barato?". After
 * "which"/"cuál" and a form of "be", one of these (or an English "-er"/"-est" word).
 */
export const COMPARISON_WORDS: ReadonlySet<string> = new Set([
  'more', 'less', 'most', 'least', 'better', 'best', 'worse', 'worst',
  'mas', 'menos', 'mejor', 'mejores', 'peor', 'peores', 'mayor', 'menor',
]);
export const FORMS_OF_BE: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'es', 'son', 'era', 'eran', 'fue', 'fueron', 'sera', 'seria']);

/** "or", "o", "vs": the alternatives a comparison names ("Which is cheaper, Lisbon or Porto?"). */
export const ALTERNATIVES: ReadonlySet<string> = new Set(['or', 'o', 'vs', 'versus']);

/** A question that opens with one of these continues the one before ("And in Porto?", "¿Y en Oporto?"). */
export const CONTINUATIONS: ReadonlySet<string> = new Set(['and', 'but', 'y', 'e', 'pero']);

/**
 * "that" and "it" point back too ("What did we decide about that?", "Is it correct?"),
 * unless they open or announce a clause about someone ("the company that I work for",
 * "Where is it that I work?", "Is it true that my…"): then one of these follows "that".
 */
export const CLAUSE_SUBJECTS: ReadonlySet<string> = new Set([
  'i', 'im', 'ive', 'id', 'you', 'youre', 'we', 'he', 'she', 'they', 'my', 'your', 'our', 'his', 'her', 'their',
]);
