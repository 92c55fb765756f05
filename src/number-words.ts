// Numbers written as words in English and Spanish (folded: lower case, no accents), and the
// digits they stand for. One list for every reader of number words; each states its own
// rule through `numberWordDigits`. "once" is never here: it is English for "one time".
const NUMBER_WORDS: readonly (readonly [word: string, value: number])[] = [
  ['zero', 0], ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7], ['eight', 8],
  ['nine', 9], ['ten', 10], ['eleven', 11], ['twelve', 12], ['thirteen', 13], ['fourteen', 14], ['fifteen', 15],
  ['sixteen', 16], ['seventeen', 17], ['eighteen', 18], ['nineteen', 19], ['twenty', 20], ['thirty', 30], ['forty', 40],
  ['fifty', 50], ['sixty', 60], ['seventy', 70], ['eighty', 80], ['ninety', 90], ['hundred', 100], ['thousand', 1000],
  ['million', 1000000], ['billion', 1000000000], ['dozen', 12],
  ['cero', 0], ['uno', 1], ['dos', 2], ['tres', 3], ['cuatro', 4], ['cinco', 5], ['seis', 6], ['siete', 7], ['ocho', 8],
  ['nueve', 9], ['diez', 10], ['doce', 12], ['trece', 13], ['catorce', 14], ['quince', 15], ['veinte', 20], ['treinta', 30],
  ['cuarenta', 40], ['cincuenta', 50], ['sesenta', 60], ['setenta', 70], ['ochenta', 80], ['noventa', 90], ['cien', 100],
  ['ciento', 100], ['mil', 1000], ['millon', 1000000], ['docena', 12],
];

/** Which number words a reader takes as digits. */
export interface NumberWordRule {
  /** Whether "one" and "uno" read as "1": they are pronouns too ("which one", "uno de ellos"). */
  readonly one: boolean;
  /** Whether "zero" and "cero" read as "0". */
  readonly zero: boolean;
  /** The largest number read as digits; larger ones stay words. */
  readonly max: number;
}

/** Number word → its digits ("three" → "3", "docena" → "12"), for the words `rule` reads. */
export function numberWordDigits(rule: NumberWordRule): ReadonlyMap<string, string> {
  const reads = (value: number): boolean => value <= rule.max && (value !== 1 || rule.one) && (value !== 0 || rule.zero);
  return new Map(NUMBER_WORDS.filter(([, value]) => reads(value)).map(([word, value]) => [word, String(value)]));
}
