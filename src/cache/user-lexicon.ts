// Word lists that tell a factual question about the user from every other question (see
// about-the-user.ts; folded like the text: see refusal-lexicon.ts). Spec §4 caches
// "answers to factual questions about the user" only: how-to, advice and general
// knowledge depend on what the conversation is about ("How do I reverse an array?" in a
// Python session and in a JavaScript one), and the cache serves every session. The lists
// err on the side of refusing: a refusal costs an LLM call, another session's answer is a wrong one.

/**
 * The user's own things: "What's my editor?", "¿Cuál es mi grupo favorito?", "Which car is
 * mine?". With others too: "our", "nuestro" (a household, a trip: "Which hotel did we book?").
 */
export const USER_POSSESSIVES: ReadonlySet<string> = new Set([
  'my', 'mine', 'mi', 'mis', 'mio', 'mia', 'mios', 'mias', 'our', 'ours', 'nuestro', 'nuestra', 'nuestros', 'nuestras',
]);

/**
 * The user as a subject: "Where do I work?", "Am I allergic…?", "¿Yo trabajo en Acme?";
 * "we" too ("id", "ill" and "were" are words of their own).
 */
export const USER_SUBJECTS: ReadonlySet<string> = new Set(['i', 'im', 'ive', 'yo', 'myself', 'conmigo', 'we', 'weve', 'nosotros', 'nosotras']);

/** The user as an object ("What do you know about me?", "¿Cómo me llamo?", "¿Dónde nos conocimos?"), unless in a request: see `objectIsTheUser`. */
export const USER_OBJECTS: ReadonlySet<string> = new Set(['me', 'us', 'nos']);

/**
 * Spanish verbs in the first person singular, which need no pronoun: "¿Dónde vivo?",
 * "¿Soy alérgico…?", "¿En qué año nací?". Those of state and fact only: "¿Cómo instalo
 * Node?" asks how to. None is also an English word ("use", "reserve", "case", "vi" are left
 * out); after an article or a preposition they are nouns ("el trabajo", "en vivo": see NOUN_MARKERS).
 */
export const USER_VERBS: ReadonlySet<string> = new Set([
  'soy', 'estoy', 'tengo', 'vivo', 'trabajo', 'estudio', 'prefiero', 'uso', 'hablo', 'juego', 'toco', 'bebo', 'tomo',
  'odio', 'conozco', 'manejo', 'conduzco', 'llevo', 'pago', 'gano', 'mido', 'peso', 'practico', 'leo', 'escucho',
  'colecciono', 'cocino', 'visito', 'suelo', 'nado', 'corro', 'llamo',
  'fui', 'tuve', 'estuve', 'hice', 'naci', 'vivi', 'trabaje', 'estudie', 'decidi', 'elegi', 'escogi', 'compre',
  'conoci', 'sali', 'deje', 'llegue', 'empece', 'termine', 'perdi', 'gane', 'pague', 'mude', 'viaje', 'aprendi',
  'vendi', 'adopte', 'regale', 'preferi', 'lei', 'jugue', 'gradue', 'inscribi',
  // The first person plural: "¿Qué hotel reservamos?", "¿Dónde vivimos?".
  'somos', 'estamos', 'tenemos', 'vivimos', 'trabajamos', 'usamos', 'preferimos', 'pagamos', 'alquilamos', 'fuimos',
  'tuvimos', 'hicimos', 'reservamos', 'decidimos', 'elegimos', 'escogimos', 'compramos', 'contratamos', 'adoptamos',
  'conocimos', 'casamos', 'mudamos', 'viajamos', 'visitamos', 'pedimos', 'cancelamos', 'quedamos',
]);

/** Before a word of USER_VERBS, these make it a noun: "el trabajo", "mi peso", "en vivo", "de uso". */
export const NOUN_MARKERS: ReadonlySet<string> = new Set([
  'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'mi', 'mis', 'tu', 'tus', 'su', 'sus', 'nuestro', 'nuestra', 'este',
  'ese', 'esta', 'esa', 'del', 'al', 'de', 'en', 'a', 'por', 'para', 'con', 'sin', 'buen', 'mal', 'mucho', 'poco', 'the',
]);

/**
 * Verbs that ask for something before "me", so that "me" is no subject of the question:
 * "Tell me the capital of France", "Can you give me an example?", "Walk me through it".
 */
export const REQUEST_VERBS: ReadonlySet<string> = new Set([
  'tell', 'give', 'show', 'remind', 'help', 'explain', 'teach', 'let', 'get', 'recommend', 'suggest', 'send', 'find',
  'write', 'make', 'lend', 'bring', 'list', 'name', 'describe', 'walk', 'take', 'draw', 'pick', 'choose', 'buy',
  'book', 'ask', 'answer', 'translate', 'convert', 'summarize', 'summarise', 'create', 'generate', 'plan', 'build',
  'cook', 'fetch', 'excuse', 'pardon', 'guide', 'sing', 'play', 'read', 'compose', 'draft', 'call', 'email', 'text',
  'for', 'to',
]);

/**
 * How-to and advice: what to do, not what is so. Matched anywhere as whole words: "How do
 * I reverse an array?", "Can I use async in a constructor?", "Should I learn Rust?",
 * "What's the best way to…", "¿Puedo usar…?", "¿Debería aprender Rust?" ("¿Cómo se
 * instala…?": see `asksHowInSpanish`). "can" asks for a permission or a how-to more often
 * than for an ability ("Which languages can I speak?" is refused too).
 */
export const ADVICE_PHRASES: readonly string[] = [
  // English
  'how to', 'how do i', 'how does one', 'how can one', 'how would one', 'how long do i', 'how much do i need',
  'can i', 'cant i', 'could i', 'couldnt i', 'i can', 'i cant', 'i could', 'would i', 'wouldnt i', 'i would',
  'may i', 'might i', 'i might', 'must i', 'i must', 'shall i', 'should', 'shouldnt', 'ought', 'do i need', 'i need',
  'do i have to', 'i have to', 'have i got to', 'am i supposed to', 'am i allowed to', 'is it ok', 'is it okay',
  'is it possible', 'is it safe', 'is it worth', 'worth it', 'way to', 'ways to', 'best way', 'better way',
  'how do we', 'can we', 'cant we', 'could we', 'we can', 'we cant', 'we could', 'would we', 'may we', 'might we',
  'must we', 'we must', 'shall we', 'do we need', 'we need', 'do we have to', 'we have to',
  'tip', 'tips', 'advice', 'advise', 'recommend', 'recommendation', 'recommendations', 'suggest', 'suggestion',
  'suggestions', 'good idea', 'bad idea', 'best practice', 'best practices',
  // Instructions asked with "do I": "What command do I run to list files?"
  'do i run', 'do i type', 'do i install', 'do i import', 'do i configure', 'do i fix', 'do i set', 'do i enable',
  'do i disable', 'do i declare', 'do i convert', 'do i handle', 'do i avoid', 'do i prevent', 'do i debug',
  'do i deploy', 'do i upgrade', 'do i update', 'do i uninstall', 'do i call', 'do i pass', 'do i add', 'do i get rid',
  // Spanish
  'puedo', 'podria', 'podre', 'deberia', 'debo', 'tengo que', 'necesito', 'podemos', 'podriamos', 'deberiamos',
  'debemos', 'tenemos que', 'necesitamos', 'hay que', 'se puede', 'se debe',
  'como hago', 'como hacer', 'que hago', 'que hacer', 'forma de', 'manera de', 'modo de', 'mejor forma',
  'mejor manera', 'consejo', 'consejos', 'recomiendas', 'recomiendes', 'recomendarias', 'recomendacion', 'sugieres',
  'sugerencia', 'conviene', 'vale la pena', 'buena idea', 'mala idea', 'es posible',
];

/** Objects between "cómo" and its verb ("¿Cómo me preparo…?", "¿Cómo se instala…?"; see `asksHowInSpanish`). */
export const DELIBERATION_CLITICS: ReadonlySet<string> = new Set(['le', 'les', 'lo', 'la', 'los', 'las', 'me', 'te', 'se']);

/**
 * "¿Cómo me llamo?", "¿Cómo soy?", "¿Cómo se llama mi perro?": "cómo" and these ask what
 * is so (a name), not how to ("llamó" folds to "llamo").
 */
export const HOW_STATE_VERBS: ReadonlySet<string> = new Set([
  'llamo', 'soy', 'estoy', 'llama', 'llaman', 'llamaba', 'llamaban', 'llamaron', 'apellida', 'apellidan', 'apellidaba',
]);

/**
 * Instructions asked as "what/which/where/when … do I <verb>" (see `asksForInstructions`):
 * verbs of doing a task, which are also habits ("Where do I put my keys?"). Those always of
 * a task are in ADVICE_PHRASES ("do i run", "do i install").
 */
export const TASK_VERBS: ReadonlySet<string> = new Set([
  'use', 'put', 'find', 'get', 'open', 'enter', 'press', 'click', 'choose', 'pick', 'select', 'write', 'change',
  'edit', 'save', 'place', 'send', 'upload', 'download', 'connect', 'point', 'look', 'check', 'start', 'submit',
]);

/** TASK_VERBS in the Spanish first person, which needs no pronoun: "¿Qué comando uso para…?". */
export const TASK_VERBS_FIRST_PERSON: ReadonlySet<string> = new Set([
  'uso', 'usamos', 'utilizo', 'utilizamos', 'pongo', 'ponemos', 'encuentro', 'ejecuto', 'escribo', 'abro', 'elijo',
]);

/** The question words that open instructions asked with "do I" ("how" is in ADVICE_PHRASES). */
export const INSTRUCTION_OPENERS: ReadonlySet<string> = new Set(['what', 'which', 'where', 'when', 'que', 'cual', 'cuales', 'donde']);

/**
 * Tools and things of a task, asked for by their kind: "Which command do I use…?", "What
 * flag…", "Which port…", "¿Qué comando uso…?".
 */
export const TASK_THINGS: ReadonlySet<string> = new Set([
  'command', 'commands', 'flag', 'flags', 'option', 'options', 'port', 'file', 'files', 'path', 'folder', 'directory',
  'syntax', 'function', 'method', 'setting', 'settings', 'shortcut', 'key', 'url', 'endpoint', 'parameter', 'argument',
  'variable', 'package', 'library', 'plugin', 'extension', 'module', 'tool', 'header', 'field', 'template', 'keyword',
  'operator', 'regex', 'script', 'switch', 'hook', 'version', 'image', 'tag',
  'comando', 'opcion', 'puerto', 'archivo', 'fichero', 'ruta', 'carpeta', 'directorio', 'funcion', 'metodo', 'ajuste',
  'atajo', 'tecla', 'parametro', 'argumento', 'paquete', 'libreria', 'biblioteca', 'herramienta',
]);

/**
 * Kinds of a thing the user has one of, whose value is a fact about them (the value
 * categories of facts/extraction/value-categories.ts and what a person owns or goes to):
 * "Which editor do I use for work?", "Which bank do I use for savings?".
 */
export const OWNED_KINDS: ReadonlySet<string> = new Set([
  'editor', 'ide', 'theme', 'os', 'shell', 'terminal', 'browser', 'manager', 'database', 'framework', 'language', 'font',
  'keyboard', 'phone', 'laptop', 'computer', 'car', 'bike', 'bank', 'gym', 'doctor', 'dentist', 'airline', 'provider',
  'carrier', 'email', 'navegador', 'telefono', 'movil', 'portatil', 'ordenador', 'coche', 'banco', 'gimnasio',
  'medico', 'dentista', 'idioma', 'tema', 'aerolinea', 'proveedor', 'correo',
]);

/** What follows a verb to say what for: "…do I use to undo a commit?", "…for Postgres?", "…uso para…". */
export const PURPOSE_WORDS: ReadonlySet<string> = new Set(['to', 'for', 'para']);

/**
 * The code or the project at hand: "What's wrong with my code?", "Why is the build
 * failing?", "Which version of Node does the project use?". Owned by the user or named
 * with "the", they are the conversation's (conversation-bound), unless the user is the
 * subject: "What editor do I use for my Rust code?" asks about the user. An ambiguous
 * word ("my driving test") is refused too.
 */
export const WORK_NOUNS: ReadonlySet<string> = new Set([
  'code', 'codebase', 'build', 'builds', 'test', 'tests', 'spec', 'specs', 'function', 'functions', 'method', 'methods',
  'script', 'scripts', 'program', 'app', 'repo', 'repository', 'project', 'branch', 'commit', 'commits', 'pr', 'pipeline',
  'ci', 'compiler', 'config', 'tsconfig', 'dockerfile', 'makefile', 'query', 'regex', 'loop', 'variable',
  'component', 'endpoint', 'module', 'dependencies', 'migration', 'container', 'bug', 'bugs', 'error', 'errors',
  'codigo', 'proyecto', 'rama', 'funcion', 'programa', 'repositorio', 'compilacion', 'errores',
]);

/** Words before a WORK_NOUNS word (one word may come between: "my Rust code", "the failing test"). */
export const WORK_DETERMINERS: ReadonlySet<string> = new Set(['my', 'our', 'the', 'mi', 'mis', 'nuestro', 'nuestra', 'el', 'la', 'los', 'las']);

/**
 * Failures of code: with the user in the question they are the conversation's code ("Why
 * do I get a TypeError?", "Why am I getting a segfault?"). Words ending in "error" or
 * "exception" count too ("TypeError", "NullPointerException").
 */
export const FAILURE_WORDS: ReadonlySet<string> = new Set([
  'segfault', 'traceback', 'stacktrace', 'crash', 'crashes', 'crashing', 'excepcion', 'excepciones',
]);
export const FAILURE_ENDINGS: readonly string[] = ['error', 'errors', 'exception', 'exceptions'];
