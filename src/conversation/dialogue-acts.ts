import { foldText, foldedWords } from './text-normalise.js';

// Openings that are questions by their word order alone ("do you…", "is there…").
const INVERTED_OPENINGS: readonly string[][] = words([
  'whats', 'hows', 'do you', 'did you', 'can you', 'could you', 'would you', 'will you',
  'are you', 'is there', 'have you',
]);

// Spanish verbs that ask only by intonation: "puedes ayudarme" asks, "Puedes usar
// pg.Pool." (a full stop) states.
const SPANISH_VERB_OPENINGS: readonly string[][] = words([
  'me podes', 'me puedes', 'podrias', 'puedes', 'sabes',
]);

// A wh-word asks when an auxiliary or one of these follows it ("when is…", "how many…",
// "what about…"), or when an auxiliary comes before a pronoun later on ("which database
// do you use", "where in the config do I…"): "When the pool is exhausted, requests
// wait." and "How you name it matters." ask nothing.
const AUXILIARIES = new Set([
  'is', 'are', 'was', 'were', 'am', 'do', 'does', 'did', 'can', 'could', 'would', 'will',
  'should', 'shall', 'may', 'might', 'must', 'have', 'has', 'had', 'isnt', 'arent', 'wasnt',
  'dont', 'doesnt', 'didnt', 'cant', 'couldnt', 'wouldnt', 'wont', 'shouldnt',
]);
const ASKING_AFTER_WH = new Set([
  'about', 'if', 'else', 'not', 'to', 'come', 'many', 'much', 'long', 'often', 'far', 'old', 'kind', 'time',
]);
const PRONOUNS = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it']);

// What, which, who and how also ask with a noun or verb after them ("what happens
// next") in a sentence without a full stop, but not with a subject: "What you need is a
// pool", "How it works is simple", "What a day".
const WH_PRONOUNS = new Set(['what', 'which', 'who', 'how']);
const WH_ADVERBS = new Set(['when', 'where', 'why']);
const SUBJECTS = new Set([
  ...PRONOUNS, 'there', 'a', 'an', 'the', 'this', 'that', 'these', 'those', 'my', 'your', 'our', 'their', 'his', 'her', 'its',
]);

// Spanish interrogatives are written with an accent ("¿Cuándo…?", "Qué hora es");
// without one they open a clause ("Cuando el pool se agota…", "Como te dije…").
const SPANISH_INTERROGATIVE = /^[^\p{L}\p{N}]*(?:por\s+)?(?:qué|cómo|cuándo|dónde|quién|quiénes|cuál|cuáles|cuánt[oa]s?)(?![\p{L}\p{N}])/iu;
const SPANISH_UNACCENTED = new Set([
  'que', 'como', 'cuando', 'donde', 'quien', 'quienes', 'cual', 'cuales', 'cuanto', 'cuantos', 'cuanta', 'cuantas',
]);
// Unaccented, chat-style ("que opinas", "como se hace"), they still ask unless a full
// stop ends the sentence or an article, possessive or demonstrative follows ("cuando el
// pool se agota…"); a clitic may follow a question ("como lo hago"), so it says nothing.
const SPANISH_CLAUSE_STARTS = new Set([
  'el', 'los', 'un', 'una', 'unos', 'unas', 'mi', 'mis', 'tu', 'tus', 'su', 'sus', 'este', 'esta',
  'estos', 'estas', 'eso', 'esto', 'yo', 'no', 'ya', 'si',
]);

// Openings of a request ("tell me about…", "write…", "necesito…"): in an assistant
// session a new topic is opened by a request as often as by a question. A user turn
// opening with a question word counts too, whatever follows: users type questions
// without the words that make them one ("where my phone", "when my card expires").
const THREAD_OPENINGS: readonly string[][] = words([
  'tell me', 'please', 'help me', 'write', 'explain', 'show me', 'give me', 'find', 'create',
  'make me', 'i need', 'i want', 'id like', 'i would like', 'lets', 'dime', 'decime', 'contame',
  'cuentame', 'ayudame', 'escribe', 'escribi', 'explicame', 'explica', 'mostrame', 'muestrame',
  'dame', 'busca', 'necesito', 'quiero', 'quisiera', 'hagamos', 'por favor', 'what', 'how',
  'why', 'when', 'where', 'who', 'which', 'que', 'como', 'por que', 'cuando', 'donde', 'quien',
  'cual', 'cuanto', 'cuantos',
]);

// Code and links are not prose: their "?" (`cfg.pool?.max`, `pool?tab=config`) asks
// nothing, and their dots split no sentence. A link keeps the punctuation after it
// ("have you seen https://example.com?").
const CODE_OR_LINK = /(```|~~~)[\s\S]*?(?:\1|$)|`[^`\n]*`|\b(?:https?:\/\/|www\.)\S*?(?=[.,;:!?)\]"'”’»]*(?:\s|$))/gu;
// A question mark ends a sentence: whitespace, the end, a closing mark or another "?"
// or "!" follows it.
const QUESTION_MARK = /¿|\?(?=$|[\s"'”’»)\]},*_!?¿])/u;
// Sentences: a ".", "!" or ";" ends one only before whitespace or the end ("pg.Pool",
// "v1.2" do not).
const SENTENCE = /(?:[^.!;\n]|[.!;](?!\s|$))+(?:[.!;]+|\n|$)/gu;
const HEAD_CHARS = 64;

// Only the head matters: a thread is opened early, and long pasted text must not cost
// more than this.
const SCAN_LIMIT_CHARS = 2000;

/**
 * Whether a turn asks a question: a question mark (or "¿") in its prose, outside code
 * and links, or a sentence (not an exclamation) in an interrogative form ("what do you
 * think", "how about you", "qué opinás"), in English or Spanish. A wh-word opening a
 * statement ("When the pool is exhausted, requests wait.", "Cuando se agota…") asks
 * nothing.
 */
export function asksQuestion(text: string): boolean {
  return asksIn(proseOf(text.slice(0, SCAN_LIMIT_CHARS)));
}

/**
 * Whether a turn asks a question or makes a request ("write…", "I need…", "necesito…"),
 * or opens with a question word: what may open a thread.
 */
export function asksOrRequests(text: string): boolean {
  const prose = proseOf(text.slice(0, SCAN_LIMIT_CHARS));
  return QUESTION_MARK.test(prose) || someSentence(prose, asksOrOpensThread);
}

function asksIn(prose: string): boolean {
  return QUESTION_MARK.test(prose) || someSentence(prose, isInterrogative);
}

/** `head` with its code (fenced or inline) and links replaced by `by`: what is said, not shown or pointed at. */
export function proseOf(head: string, by = ' '): string {
  return head.includes('`') || head.includes('~~~') || head.includes('://') || head.includes('www.')
    ? head.replace(CODE_OR_LINK, by)
    : head;
}

function someSentence(prose: string, test: (sentence: string, lead: readonly string[]) => boolean): boolean {
  for (const sentence of prose.match(SENTENCE) ?? []) {
    const trimmed = sentence.trim();
    // An exclamation ("what a day!", "¡qué bueno!") opens like a question but asks nothing.
    if (trimmed.length === 0 || trimmed.endsWith('!') || trimmed.startsWith('¡')) continue;
    if (test(trimmed, foldedWords(foldText(trimmed.slice(0, HEAD_CHARS))))) return true;
  }
  return false;
}

function isInterrogative(sentence: string, lead: readonly string[]): boolean {
  const [first, second] = lead;
  if (first === undefined) return false;
  if (opensWith(lead, INVERTED_OPENINGS)) return true;
  const stated = sentence.endsWith('.');
  if (opensWith(lead, SPANISH_VERB_OPENINGS)) return !stated;
  if (WH_PRONOUNS.has(first) || WH_ADVERBS.has(first)) {
    if (second === undefined || AUXILIARIES.has(second) || ASKING_AFTER_WH.has(second)) return true;
    if (WH_PRONOUNS.has(first) && !SUBJECTS.has(second) && !stated) return true;
    return invertsLater(lead);
  }
  if (first === 'por' && second === 'que') return spanishAsks(sentence, lead[2], stated);
  return SPANISH_UNACCENTED.has(first) && spanishAsks(sentence, second, stated);
}

function invertsLater(lead: readonly string[]): boolean {
  for (let i = 2; i + 1 < lead.length; i += 1) {
    if (AUXILIARIES.has(lead[i] as string) && PRONOUNS.has(lead[i + 1] as string)) return true;
  }
  return false;
}

function spanishAsks(sentence: string, next: string | undefined, stated: boolean): boolean {
  // Accents typed as combining marks ("que\u0301") are composed first.
  const head = sentence.includes('\u0301') ? sentence.slice(0, HEAD_CHARS).normalize('NFC') : sentence;
  if (SPANISH_INTERROGATIVE.test(head)) return true;
  return !stated && (next === undefined || !SPANISH_CLAUSE_STARTS.has(next));
}

function asksOrOpensThread(sentence: string, lead: readonly string[]): boolean {
  return isInterrogative(sentence, lead) || opensWith(lead, THREAD_OPENINGS);
}

function opensWith(lead: readonly string[], openings: readonly string[][]): boolean {
  return openings.some((opening) => opening.every((word, i) => lead[i] === word));
}

function words(openings: readonly string[]): string[][] {
  return openings.map((opening) => opening.split(' '));
}
