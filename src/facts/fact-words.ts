import { setNewest } from '../bounded-map.js';
import { foldedWords, foldText } from '../domains/fold-text.js';

// Function words of English and Spanish (folded): they never tell two facts apart.
const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an the my mine our your yours his her its their this that these those i me im am is are was were be been
  being it to of in on at for from with by as and or but not no so do does did have has had will would can
  could should about into over than then also just very really now still always ever there here what which
  who whom whose when where why how s t d ll m re ve don user users
  yo mi mis me soy es son era fue ser estoy esta estan el la los las lo un una unos unas de del en con por
  para que y o u pero no ni ya muy mas tambien ahora siempre al se le les su sus tu tus te nos nuestro
  nuestra como cuando donde porque hay este esta estos estas ese esa eso esto`.split(/\s+/u),
);

// Category words of subject keys ("decision deployment", "preference theme"): not what a fact is about.
const SUBJECT_CATEGORY_WORDS: ReadonlySet<string> = new Set(['note', 'preference', 'instruction', 'decision', 'assistant']);

const STEM_LENGTH = 5;

/**
 * A crude language-neutral stem: the first five characters of a folded word, so
 * "deployment"/"deploy" and "preferencia"/"prefer" meet. Cheap enough for every turn.
 */
export function stem(word: string): string {
  if (word.length > STEM_LENGTH) return word.slice(0, STEM_LENGTH);
  return word.endsWith('s') ? withoutPluralS(word) : word;
}

const PLURAL_S = /(?<=\p{L}{3})s$/u;

// `word` without its final "s" when three letters precede it (PLURAL_S). ASCII words are
// checked by char code: the regex cost more than all the rest of stemming.
function withoutPluralS(word: string): string {
  let letters = 0;
  for (let i = word.length - 2; i >= 0 && letters < 3; i--) {
    const code = word.charCodeAt(i);
    if (code > 0x7f) return word.replace(PLURAL_S, '');
    if (!isAsciiLetter(code)) return word;
    letters += 1;
  }
  return letters === 3 ? word.slice(0, -1) : word;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** The distinct stems of the words of `text` that carry meaning (accent-folded, no function words). */
export function contentStems(text: string): string[] {
  return [...contentStemSet(text)];
}

// `contentStems` as a set, in the same order.
function contentStemSet(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of foldedWords(text)) {
    if (!STOP_WORDS.has(word)) stems.add(stem(word));
  }
  return stems;
}

/**
 * `contentStems` as a set, remembered for the last 64 texts it stemmed: the turns a prompt
 * checks for mentions are the same three or four from one message to the next. The stems
 * depend on the text alone, so a remembered set is exactly a fresh one.
 */
export class StemSets {
  private readonly sets = new Map<string, ReadonlySet<string>>();
  private builtCount = 0;

  constructor(private readonly capacity = 64) {}

  of(text: string): ReadonlySet<string> {
    let stems = this.sets.get(text);
    if (stems === undefined) {
      stems = contentStemSet(text);
      this.builtCount += 1;
      setNewest(this.sets, text, stems, this.capacity);
    }
    return stems;
  }

  /** How many sets were built, not found remembered (tests check the work a head start saves). */
  get built(): number {
    return this.builtCount;
  }
}

/** The stems a subject key names ("favorite color" → favor, color; "decision deployment" → deplo). */
export function subjectStems(subject: string | null): string[] {
  if (subject === null) return [];
  return contentStems(
    foldedWords(subject)
      .filter((word) => !SUBJECT_CATEGORY_WORDS.has(word))
      .join(' '),
  );
}

/** Folded words of `text` in order, function words included (for phrase containment). */
export function phraseWords(text: string): string[] {
  return foldedWords(text);
}

/** Whether `needle` occurs as a contiguous run of whole words in `haystack`. */
export function containsPhrase(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let i = 0; i < needle.length; i++) if (haystack[start + i] !== needle[i]) continue outer;
    return true;
  }
  return false;
}

/** How many of `stems` occur in `text`. */
export function countIn(text: ReadonlySet<string>, stems: readonly string[]): number {
  let hits = 0;
  for (const each of stems) if (text.has(each)) hits += 1;
  return hits;
}

/** Share of a fact's stems a text must contain to mention it. */
export const MENTION_SHARE = 2 / 3;

/**
 * The mention rule: a text mentions a fact when it holds at least two thirds of the
 * fact's content stems, and at least two of them (all of them for a one-word fact).
 * "I still use Vim as my editor" mentions "My editor is Vim"; "Vim crashed" does not.
 */
export function mentions(text: ReadonlySet<string>, factStems: readonly string[]): boolean {
  if (factStems.length === 0) return false;
  const hits = countIn(text, factStems);
  return hits >= Math.min(2, factStems.length) && hits / factStems.length >= MENTION_SHARE;
}

/** Whether every one of `stems` (a value or a subject) occurs in the text; false when there are none. */
export function namesAll(text: ReadonlySet<string>, stems: readonly string[]): boolean {
  return stems.length > 0 && countIn(text, stems) === stems.length;
}

const NEGATION_OR_QUESTION =
  /\?|\b(?:not|no|never|none|nobody|nothing|nunca|jamas|tampoco|ni|nadie|nada|cannot)\b|\b\p{L}+n['’]t\b|\b(?:dont|doesnt|didnt|isnt|arent|wasnt|werent|cant|wont|wouldnt|shouldnt|couldnt|havent|hasnt|hadnt|aint)\b/u;

// The past ("I used to work at Acme", "antes vivía en Lima") and the imagined ("if I still
// worked at Acme", "si me mudara", "I would…") say nothing about what holds now. "Si"
// followed by punctuation is "yes" ("sí, …").
const PAST_OR_HYPOTHETICAL =
  /\b(?:used to|before|previously|formerly|back then|antes|anteriormente|solia|solias|soliamos|solian|if|unless|would|wouldve|imagine|imagining|suppose|supposing|hypothetically|wish|imagina|imaginate|supongamos|ojala)\b|\bsi\b(?!\s*[,!.])/u;

/**
 * Whether mentioning a fact in this text re-confirms it: an assertion about the present
 * does; a question ("do I still work at Acme?"), a negation ("I don't use Vim"), the past
 * ("I used to work at Acme, before Globex") or a hypothetical ("if I still work at Acme
 * next year…") does not.
 */
export function confirmsByMention(text: string): boolean {
  const folded = foldText(text);
  return !NEGATION_OR_QUESTION.test(folded) && !PAST_OR_HYPOTHETICAL.test(folded);
}
