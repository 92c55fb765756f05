import { phraseWords } from './fact-words.js';

// Openings of a rule for every later answer ("From now on, answer in Spanish", "Always
// use metric units", "Nunca uses emojis"): facts start with "I"/"my" otherwise.
const RULE_OPENINGS = new Set(['always', 'never', 'siempre', 'nunca']);
const RULE_PHRASES: readonly string[][] = [['from', 'now', 'on'], ['a', 'partir', 'de', 'ahora'], ['de', 'ahora', 'en', 'mas'], ['desde', 'ahora']];
// The assistant's replies, and verbs a preference about them opens with.
const REPLY_WORDS = new Set([
  'answer', 'answers', 'response', 'responses', 'reply', 'replies', 'respond', 'respuesta', 'respuestas',
  'responde', 'respondeme', 'contesta', 'contestame', 'call', 'llamame',
]);
const PREFERENCE_OPENINGS: readonly string[][] = [['i', 'prefer'], ['i', 'like'], ['i', 'want'], ['prefiero'], ['me', 'gustan'], ['me', 'gusta'], ['quiero']];

/**
 * A fact that says how to answer from now on ("From now on, answer in Spanish", "I prefer
 * concise answers", "Answer in bullet points"): it bears on every message, so selection
 * does not hold it to the message's domains. A fact about the world that mentions an
 * answer ("The answer to the riddle is 42") is not one.
 */
export function isStandingInstruction(statement: string): boolean {
  const words = phraseWords(statement);
  const [first] = words;
  if (first === undefined) return false;
  if (RULE_OPENINGS.has(first) || RULE_PHRASES.some((phrase) => startsWith(words, phrase))) return true;
  if (REPLY_WORDS.has(first)) return true;
  return PREFERENCE_OPENINGS.some((phrase) => startsWith(words, phrase)) && words.some((word) => REPLY_WORDS.has(word));
}

function startsWith(words: readonly string[], phrase: readonly string[]): boolean {
  return phrase.every((word, index) => words[index] === word);
}
