import { explicitShiftPhrases } from './shift-phrases.js';
import type { Sentence, Token } from './summary-text.js';

// Acknowledgements, thanks and assent, folded like token keys. Some are not stop words
// because elsewhere they carry meaning ("a perfect score", "el acuerdo comercial"): only
// a sentence made of nothing else is filler.
const FILLER_WORDS = new Set(
  `ok okay okey k kk sure thanks thank thx ty cheers noted cool great perfect perfectly alright
  fine good nice awesome excellent brilliant wonderful lovely understood acknowledged agreed
  yes yeah yep yup right gotcha appreciated appreciate welcome
  vale gracias perfecto perfecta genial claro entendido entiendo listo dale bueno buenisimo
  excelente estupendo chevere anotado okis si`.split(/\s+/u),
);

const FILLER_PHRASES: readonly (readonly string[])[] = [
  ['de', 'acuerdo'],
  ['got', 'it'],
  ['sounds', 'good'],
  ['sounds', 'great'],
  ['makes', 'sense'],
  ['thank', 'you'],
  ['no', 'problem'],
  ['glad', 'to', 'help'],
  ['happy', 'to', 'help'],
  ['will', 'do'],
  ['all', 'set'],
  ['muchas', 'gracias'],
  ['de', 'nada'],
  ['tiene', 'sentido'],
  ['me', 'parece', 'bien'],
  ['esta', 'bien'],
];

/**
 * Whether a sentence only acknowledges ("De acuerdo.", "Sounds good, thanks!"): filler
 * words and phrases, stop words and names of address, with at least one filler. Such a
 * sentence never makes a topic, so a segment of nothing else is purged.
 */
export function isAcknowledgement(sentence: Sentence): boolean {
  const { tokens } = sentence;
  const filler = tokens.map((token) => FILLER_WORDS.has(token.key));
  tokens.forEach((_, start) => {
    for (const phrase of FILLER_PHRASES) {
      if (phrase.every((key, offset) => tokens[start + offset]?.key === key)) phrase.forEach((_key, offset) => (filler[start + offset] = true));
    }
  });
  return filler.some(Boolean) && tokens.every((token, i) => filler[i] === true || saysNothing(token));
}

function saysNothing(token: Token): boolean {
  return !token.number && (token.stop || token.vocative);
}

// The topic-change phrases ("switching topics", "cambiando de tema", "by the way"), folded
// into words like token keys and indexed by their first word, the longest first.
const SHIFT_PHRASES: ReadonlyMap<string, readonly (readonly string[])[]> = indexByFirstWord(Object.values(explicitShiftPhrases()).flat());

function indexByFirstWord(phrases: readonly string[]): Map<string, string[][]> {
  const index = new Map<string, string[][]>();
  for (const phrase of new Set(phrases)) {
    const words = phrase.split(' ');
    const first = words[0];
    if (first === undefined || first === '') continue;
    index.set(first, [...(index.get(first) ?? []), words].sort((a, b) => b.length - a.length));
  }
  return index;
}

/**
 * A sentence without the topic-change phrases it says ("Switching topics, what should I
 * cook?"): they announce a topic, they are none. One that opens the sentence (after words
 * that say nothing: "Oh, by the way") is cut from it; one inside it stays in its words but
 * is never a keyword or a phrase ("the risotto, by the way, was great").
 */
export function withoutShiftPhrases(sentence: Sentence): Sentence {
  const { tokens } = sentence;
  let opening = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const words = SHIFT_PHRASES.get((tokens[i] as Token).key);
    const phrase = words?.find((candidate) => candidate.every((key, offset) => tokens[i + offset]?.key === key));
    if (phrase === undefined) continue;
    const end = i + phrase.length;
    if (tokens.slice(opening, i).every(saysNothing)) opening = clauseAfter(tokens, end);
    else for (let j = i; j < end; j += 1) (tokens[j] as Token).stop = true;
    i = end - 1;
  }
  return opening === 0 ? sentence : { ...sentence, tokens: tokens.slice(opening) };
}

// Where what follows an opening phrase begins: past words that only go with it, up to a
// comma ("Switching topics again, is…").
function clauseAfter(tokens: readonly Token[], end: number): number {
  const next = tokens.findIndex((token, i) => i >= end && (token.breakBefore || !saysNothing(token)));
  return next >= 0 && (tokens[next] as Token).breakBefore ? next : end;
}
