import { foldText, foldedWords } from './text-normalise.js';

// Openings of a question written without a question mark ("what about you", "qué opinás").
const QUESTION_OPENINGS: readonly string[][] = words([
  'what', 'how', 'why', 'when', 'where', 'who', 'which', 'whats', 'hows', 'do you', 'did you',
  'can you', 'could you', 'would you', 'will you', 'are you', 'is there', 'have you', 'que',
  'como', 'por que', 'cuando', 'donde', 'quien', 'cual', 'cuanto', 'cuantos', 'me podes',
  'me puedes', 'podrias', 'puedes', 'sabes',
]);

// Openings of a request ("tell me about…", "write…", "necesito…"): in an assistant
// session a new topic is opened by a request as often as by a question.
const REQUEST_OPENINGS: readonly string[][] = words([
  'tell me', 'please', 'help me', 'write', 'explain', 'show me', 'give me', 'find', 'create',
  'make me', 'i need', 'i want', 'id like', 'i would like', 'lets', 'dime', 'decime', 'contame',
  'cuentame', 'ayudame', 'escribe', 'escribi', 'explicame', 'explica', 'mostrame', 'muestrame',
  'dame', 'busca', 'necesito', 'quiero', 'quisiera', 'hagamos', 'por favor',
]);

// Only the head matters: a thread is opened early, and long pasted text must not cost
// more than this.
const SCAN_LIMIT_CHARS = 2000;

/**
 * Whether a turn asks a question: a question mark (or "¿"), or a sentence (not an
 * exclamation) opening with an interrogative form, in English or Spanish.
 */
export function asksQuestion(text: string): boolean {
  const head = text.slice(0, SCAN_LIMIT_CHARS);
  return /[?¿]/u.test(head) || opensWith(head, QUESTION_OPENINGS);
}

/** Whether a turn asks a question or makes a request ("write…", "I need…", "necesito…"). */
export function asksOrRequests(text: string): boolean {
  return asksQuestion(text) || opensWith(text.slice(0, SCAN_LIMIT_CHARS), REQUEST_OPENINGS);
}

function opensWith(head: string, openings: readonly string[][]): boolean {
  // An exclamation ("what a day!", "¡qué bueno!") opens like a question but asks nothing.
  const sentences = head.match(/[^.!;\n]+[.!;\n]?/gu) ?? [];
  return sentences.some((sentence) => {
    if (sentence.endsWith('!')) return false;
    const folded = foldedWords(foldText(sentence));
    return openings.some((opening) => opening.every((word, i) => folded[i] === word));
  });
}

function words(openings: readonly string[]): string[][] {
  return openings.map((opening) => opening.split(' '));
}
