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
