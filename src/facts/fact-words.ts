import { setNewest } from '../bounded-map.js';
import { foldedWords } from '../domains/fold-text.js';
import { foldMessage, sliceFolded, type FoldedText } from './extraction/folded-text.js';
import { MAX_MESSAGE_CHARS, MAX_SENTENCE_CHARS } from './extraction/index.js';
import { isReportedSpeech } from './extraction/guards.js';
import { ownParts } from './extraction/pasted-material.js';
import { stripMarkers } from './extraction/markers.js';
import { splitClauses, splitSentences } from './extraction/split-clauses.js';
import { nounKey, PERSON_KEYS } from './extraction/subject-key.js';
import { NEGATION, polarityOf, samePolarity, type Polarity } from './polarity.js';

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
  return isMention(countIn(text, factStems), factStems.length);
}

function isMention(hits: number, of: number): boolean {
  return of > 0 && hits >= Math.min(2, of) && hits / of >= MENTION_SHARE;
}

/** Whether every one of `stems` (a value or a subject) occurs in the text; false when there are none. */
export function namesAll(text: ReadonlySet<string>, stems: readonly string[]): boolean {
  return stems.length > 0 && countIn(text, stems) === stems.length;
}

// The past ("I used to work at Acme", "antes vivía en Lima") and the imagined ("if I still
// worked at Acme", "si me mudara", "I would…") say nothing about what holds now. "Si"
// followed by punctuation is "yes" ("sí, …").
const PAST_OR_HYPOTHETICAL =
  /\b(?:used to|before|previously|formerly|back then|antes|anteriormente|solia|solias|soliamos|solian|if|unless|would|wouldve|imagine|imagining|suppose|supposing|hypothetically|wish|imagina|imaginate|supongamos|ojala)\b|\bsi\b(?!\s*[,!.])/u;

// Whether mentioning a fact in this sentence may re-confirm it: an assertion about the
// present may; a question ("do I still work at Acme?"), a negation ("I don't use Vim"),
// the past ("I used to work at Acme, before Globex") or a hypothetical ("if I still work
// at Acme next year…") does not.
function assertsThePresent(folded: string): boolean {
  return !folded.includes('?') && !NEGATION.test(folded) && !PAST_OR_HYPOTHETICAL.test(folded);
}

/**
 * A part of a user's message that re-confirms the facts it mentions (`confirmingParts`).
 * `about` is null when the part speaks of the user, else the stems of whom it speaks of
 * instead ("my wife prefers tea": wife; "Vim is a great editor": vim): it re-confirms only
 * a fact that holds one of them ("my manager Laura approved it" for "My manager is Laura",
 * not for "I prefer tea"). `polarity`: what it says against what it names ("I hate window
 * seats", "I stopped drinking coffee"); it re-confirms only a fact that says the same.
 */
export interface MentionPart {
  stems: ReadonlySet<string>;
  about: readonly string[] | null;
  polarity: readonly Polarity[];
}

/**
 * The parts of a user's message that may re-confirm what they mention (spec §1.1: the
 * user mentions the fact again), decided sentence by sentence: a question, a negation,
 * the past, a hypothetical or reported speech ("aisle seats are overrated, says my
 * friend", "dice mi hermano…") re-confirms nothing; the other sentences, clause by clause,
 * each with whom it speaks of (`otherSubject`) and what it says against what it names
 * (`polarityOf`: "I hate window seats" re-confirms no "I prefer window seats"). "My wife
 * prefers tea. Green tea is what I prefer." re-confirms "I prefer green tea" by its second
 * sentence only. A message all of whose clauses speak of the user and say nothing against
 * what they name is one part, its stems `stemsOf(text)`. Only the
 * head of a message is read, as extraction reads it: a pasted document re-confirms
 * nothing, and costs no more.
 */
export function confirmingParts(text: string, stemsOf: (text: string) => ReadonlySet<string> = (each) => new Set(contentStems(each))): MentionPart[] {
  const head = text.slice(0, MAX_MESSAGE_CHARS);
  const own = new Set<string>();
  const others: MentionPart[] = [];
  const against: MentionPart[] = [];
  const folded = foldMessage(head);
  // Pasted material ("Here is the CI output:\n…") is not the user's: it re-confirms nothing.
  const parts = ownParts(folded);
  let allOwn = head.length === text.length && parts.length === 1 && parts[0] === folded;
  for (const sentence of parts.flatMap(splitSentences)) {
    if (sentence.terminal === '?' || !assertsThePresent(sentence.text.folded) || isReportedSpeech(sentence.text.scan)) {
      allOwn = false;
      continue;
    }
    // Splitting a long sentence costs more than it tells: it is read as one clause.
    const clauses = sentence.text.folded.length > MAX_SENTENCE_CHARS ? [sentence.text] : splitClauses(sentence.text).map((clause) => clause.text);
    for (const clause of clauses) {
      // Whose the clause is shows at its head; stripping markers from a long one costs its square.
      const head = clause.folded.length > MAX_SENTENCE_CHARS ? sliceFolded(clause, 0, MAX_SENTENCE_CHARS) : clause;
      const about = otherSubject(stripMarkers(head).body);
      const polarity = polarityOf(clause.folded);
      if (about === null && polarity.length === 0) for (const each of contentStemSet(clause.folded)) own.add(each);
      else if (about === null) against.push({ stems: contentStemSet(clause.folded), about, polarity });
      else others.push({ stems: contentStemSet(clause.folded), about, polarity });
    }
  }
  if (others.length === 0 && against.length === 0 && own.size > 0) return [{ stems: allOwn ? stemsOf(text) : own, about: null, polarity: NO_POLARITY }];
  return own.size > 0 ? [{ stems: own, about: null, polarity: NO_POLARITY }, ...against, ...others] : [...against, ...others];
}

const NO_POLARITY: readonly Polarity[] = [];

/**
 * Whether the parts a fact may be re-confirmed by mention it, together (`mentions`). A
 * fact about another person ("brother employer": "My brother works at Acme") is theirs:
 * only a part about that person mentions it, never one the user says of themselves ("I
 * work at Acme" shares its words). Only a part saying what it names as the fact says it
 * does (`polarity`): "I hate window seats" says the opposite of "I prefer window seats",
 * "I eat pork" of "I don't eat pork".
 */
export function mentionedIn(
  parts: readonly MentionPart[],
  fact: { stems: readonly string[]; subjectStems: readonly string[]; subject: string | null; polarity: readonly Polarity[] },
): boolean {
  const theirs = personOfSubject(fact.subject) !== null;
  if (givesOtherNumbers(parts, fact.stems)) return false;
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only !== undefined && only.about === null) return !theirs && samePolarity(only.polarity, fact.polarity) && mentions(only.stems, fact.stems);
  const holds = (stem: string): boolean => fact.stems.includes(stem) || fact.subjectStems.includes(stem);
  const usable = parts.filter((part) => samePolarity(part.polarity, fact.polarity) && (part.about === null ? !theirs : part.about.some(holds)));
  let hits = 0;
  for (const each of fact.stems) if (usable.some((part) => part.stems.has(each))) hits += 1;
  return isMention(hits, fact.stems.length);
}

const NUMBER = /^\p{N}/u;

// Whether the parts give numbers, but not every number of the fact: "mi presupuesto para el
// viaje es de 4.000 euros" says something else than "…de 3.500 euros", however many of
// its other words it shares (README: a statement that adds a number is a new fact).
function givesOtherNumbers(parts: readonly MentionPart[], factStems: readonly string[]): boolean {
  const own = factStems.filter((each) => NUMBER.test(each));
  if (own.length === 0) return false;
  let given = false;
  for (const part of parts) for (const each of part.stems) given ||= NUMBER.test(each);
  return given && own.some((each) => !parts.some((part) => part.stems.has(each)));
}

// The person a subject key is about when it is not the user: the key opens with a person
// and goes on ("brother employer", "best friend home"); a key that is the person alone
// ("manager": "My manager is Laura") is the user's own.
function personOfSubject(subject: string | null): string | null {
  if (subject === null) return null;
  const words = subject.split(' ');
  for (let length = words.length - 1; length > 0; length -= 1) {
    const person = words.slice(0, length).join(' ');
    if (PERSON_KEYS.has(person)) return person;
  }
  return null;
}

// Words that open a clause without being its subject ("yes, …", "but…", "bueno, …").
const OPENING_MARKERS: ReadonlySet<string> = new Set(
  'and but so also well oh ok okay yes yeah yep no nope actually anyway honestly then y pero bueno pues si tambien ademas entonces igual vale claro'.split(' '),
);
const THIRD_PERSON_PRONOUNS: ReadonlySet<string> = new Set(['he', 'she', 'they', 'él', 'ella', 'ellos', 'ellas']);
// Words before a noun that make it the subject's head: "my wife", "the neighbour", "mi hermano".
const DETERMINERS: ReadonlySet<string> = new Set(
  'my our his her their your the a an this that mi mis tu tus su sus nuestro nuestra nuestros nuestras el la los las un una este esta ese esa'.split(' '),
);
/** Folded words of the first person, English and Spanish. */
export const FIRST_PERSON: ReadonlySet<string> = new Set(
  'i me my mine myself we us our ours yo mi mis mio mia conmigo nosotros nosotras nuestro nuestra nuestros nuestras'.split(' '),
);
const WITH_THE_USER = /^(?:and|y)\s+(?:i|me|yo)\b/u;
const ORIGINAL_WORD_BREAK = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * Whom a clause speaks of when it is not the user: the stems of the person opening it ("my
 * neighbour…", "mi hermano…": the noun and its English key; "he", "ella": none), or of a
 * capitalised word opening a clause without a first-person word ("Maria prefers aisle
 * seats", "Vim is a great editor"); null for the user ("I…", "my wife and I…", "Lisbon is
 * where I live"). A lowercase name ("maria prefers…") goes unnoticed. `clause` comes
 * without its lead-in ("remember that…", "recordá que…", "just so you know…").
 */
function otherSubject(clause: FoldedText): string[] | null {
  const words = foldedWords(clause.folded);
  let at = 0;
  while (at < words.length && OPENING_MARKERS.has(words[at] as string)) at += 1;
  const opener = words[at];
  if (opener === undefined) return null;
  const original = clause.original.split(ORIGINAL_WORD_BREAK).filter((word) => word.length > 0);
  const openerOriginal = original.length === words.length ? (original[at] as string) : opener;
  // The original tells "él" (he) from "el" (the).
  if (THIRD_PERSON_PRONOUNS.has(openerOriginal.normalize('NFC').toLowerCase())) {
    return WITH_THE_USER.test(words.slice(at + 1).join(' ')) ? null : [];
  }
  if (DETERMINERS.has(opener)) {
    for (let noun = at + 1; noun <= at + 2 && noun < words.length; noun++) {
      const person = personKey(words[noun] as string) ?? personKey(words.slice(at + 1, noun + 1).join(' '));
      if (person === null) continue;
      if (WITH_THE_USER.test(words.slice(noun + 1).join(' '))) return null;
      return [stem(words[noun] as string), ...contentStems(person)];
    }
    return null;
  }
  const capitalised = /^\p{Lu}/u.test(openerOriginal);
  if (!capitalised || STOP_WORDS.has(opener) || words.some((word) => FIRST_PERSON.has(word))) return null;
  return [stem(opener)];
}

// The key of a person a folded noun names ("neighbour" → neighbor, "hermanos" → siblings), or null.
function personKey(noun: string): string | null {
  for (const each of [noun, noun.replace(/s$/u, '')]) {
    const key = nounKey(each);
    if (PERSON_KEYS.has(key)) return key;
  }
  return null;
}

// "We" and "us" are content words to the mention rule; they say whose a fact is, not what it is about.
const FIRST_PERSON_STEMS: ReadonlySet<string> = new Set([...FIRST_PERSON].map(stem));

/** `stems` without the first person's ("we", "us"): what a fact is about, not whose it is (`speaksOf`). */
export function withoutFirstPerson(stems: readonly string[]): string[] {
  return stems.filter((each) => !FIRST_PERSON_STEMS.has(each));
}
