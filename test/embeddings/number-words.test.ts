import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { foldText, splitWords } from '../../src/embeddings/text-features.js';
import { NUMBER_WORDS as DEDUP_NUMBER_WORDS } from '../../src/cache/dedup-lexicon.js';
import { numberWordDigits } from '../../src/number-words.js';
import { sha256Hex } from '../../src/sha256.js';

// The hashing embedder reads "two" to "ten" and "dos" to "diez" as digits, and nothing
// else: not "one"/"uno" (pronouns too), "once", "zero" or "eleven" and above. Stored
// vectors depend on it: a change here is a new ALGORITHM_VERSION.

const embedder = createHashingEmbedder();
const words = (text: string): string[] => splitWords(foldText(text));

describe('hashing embedder: number words', () => {
  it('reads two to ten as digits, in English and Spanish', () => {
    expect(words('two three four five six seven eight nine ten')).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(words('Dos TRES cuatro cinco seis siete ocho nueve diez')).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('keeps one, uno, once, zero, eleven and larger numbers as words', () => {
    const kept = ['one', 'uno', 'una', 'once', 'zero', 'cero', 'eleven', 'twelve', 'doce', 'twenty', 'veinte', 'hundred', 'cien', 'thousand', 'mil', 'million', 'dozen', 'docena'];
    expect(words(kept.join(' '))).toEqual(kept);
  });

  it('embeds a number word exactly as its digits, and "one" not as "1"', async () => {
    expect(Array.from(await embedder.embed('I have two cats and tres perros'))).toEqual(Array.from(await embedder.embed('I have 2 cats and 3 perros')));
    expect(Array.from(await embedder.embed('one cat'))).not.toEqual(Array.from(await embedder.embed('1 cat')));
  });

  // A change here means stored hashing vectors changed: bump ALGORITHM_VERSION (the id).
  it('keeps the vectors of texts with number words, bit for bit', async () => {
    const texts = [
      'Which one of the two? Uno o dos, once or twice, zero to twelve.',
      'How many calories are in one banana, and in three?',
      '¿Cuántas libras hay en diez onzas y en una docena?',
      'Seven hundred and fifty thousand, cinco mil, ten million',
    ];
    const digests = await Promise.all(texts.map(async (text) => sha256Hex(Buffer.from((await embedder.embed(text)).buffer).toString('hex'))));
    expect(digests).toMatchInlineSnapshot(`
      [
        "7ea5aa01d52e8d051321beacaa1d47a26bae5722b2fe7612470d2f133648f15e",
        "d059d9436320dbf0193520bcae6e3bbe9556869912ce522f623a9073d8ef850d",
        "e20cc7ba620bcd1348ab39499841f2cdc341fb86fcdabca490c5485859ac489e",
        "3645d31ff29458a13d23174a12ecbb971c3c6cd54fdd968703e5355f77f39bb2",
      ]
    `);
  });
});

describe('numberWordDigits: one list of number words, each reader with its own rule', () => {
  it('reads "one"/"uno" and "zero"/"cero" only for a reader whose rule says so', () => {
    const all = numberWordDigits({ one: true, zero: true, max: Number.POSITIVE_INFINITY });
    expect([all.get('one'), all.get('uno'), all.get('zero'), all.get('cero'), all.get('docena'), all.get('million')]).toEqual(['1', '1', '0', '0', '12', '1000000']);
    const noOne = numberWordDigits({ one: false, zero: true, max: 10 });
    expect([noOne.has('one'), noOne.has('uno'), noOne.get('cero'), noOne.get('diez'), noOne.has('eleven'), noOne.has('once')]).toEqual([false, false, '0', '10', false, false]);
  });

  it('gives the embedder and the dedup guards the same digits for the words both read', () => {
    const embedderReads = [...numberWordDigits({ one: true, zero: true, max: Number.POSITIVE_INFINITY }).keys()].filter((word) => words(word)[0] !== word);
    expect(embedderReads.sort()).toEqual(['cinco', 'cuatro', 'diez', 'dos', 'eight', 'five', 'four', 'nine', 'nueve', 'ocho', 'seis', 'seven', 'siete', 'six', 'ten', 'three', 'tres', 'two']);
    for (const word of embedderReads) expect(words(word)).toEqual([DEDUP_NUMBER_WORDS.get(word)]);
    expect(DEDUP_NUMBER_WORDS.get('one')).toBe('1');
    expect(words('one uno')).toEqual(['one', 'uno']);
  });
});
