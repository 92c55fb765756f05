import { foldText, foldedWords } from './text-normalise.js';

/** `flush` empties the whole window into a summary; `shift` closes the open segment. */
export type ExplicitShiftKind = 'flush' | 'shift';

/** An explicit topic-change phrase found in a message. */
export interface ExplicitShift {
  kind: ExplicitShiftKind;
  /** The phrase as listed below (folded: lower case, no accents, no apostrophes). */
  phrase: string;
  /** `start` when it opens a clause (after fillers such as "oh", "ok", "bueno"). */
  position: 'start' | 'inline';
}

// Requests to drop the current topic altogether ("let's change the subject").
const FLUSH_PHRASES = [
  "let's change the subject", "let us change the subject", "let's change the topic",
  "let us change the topic", "let's change subjects", "let's change topics",
  'can we change the subject', 'could we change the subject', 'can we change the topic',
  'could we change the topic', 'i want to change the subject', "i'd like to change the subject",
  'i would like to change the subject', "let's switch topics", "let's switch subjects",
  'can we switch topics', "let's talk about something else",
  'can we talk about something else', 'cambiemos de tema', 'cambiemos el tema',
  'cambiamos de tema', 'quiero cambiar de tema', 'podemos cambiar de tema',
  'podriamos cambiar de tema', 'vamos a cambiar de tema', 'hablemos de otra cosa',
  'hablemos de otro tema',
];

// Unambiguous wherever they appear.
const STRONG_SHIFT_PHRASES = [
  'changing the subject', 'change of subject', 'to change the subject', 'changing topics',
  'on another note', 'on a different note', 'on an unrelated note', 'on a totally different note',
  'switching gears', 'shifting gears', 'switching topics', 'switching subjects', 'change of topic',
  'changing the topic', 'totally unrelated', 'completely unrelated', 'unrelated question',
  'different topic', 'new topic', 'i wanted to ask you about', 'i wanted to ask about',
  'cambiando de tema', 'cambio de tema', 'dejando eso de lado', 'dejando de lado eso',
  'te queria preguntar sobre', 'te queria preguntar por', 'queria preguntarte sobre',
  'hablando de otra cosa', 'en otro orden de cosas', 'pasando a otra cosa',
  'sobre otro tema', 'nada que ver pero', 'no tiene nada que ver pero',
];

// Ambiguous inside a sentence ("I found it by the way you said"): they count only
// when they open a clause and something follows them.
const WEAK_SHIFT_PHRASES = [
  'by the way', 'btw', 'anyway', 'anyways', 'moving on', 'different question',
  'another question', 'quick question', 'random question', 'unrelated',
  'another thing', 'one more thing', "let's talk about", 'enough about', 'back to', 'going back to',
  'otra cosa', 'otro tema', 'otra pregunta', 'por cierto', 'a proposito', 'por otro lado', 'volviendo a',
  'volviendo al',
];

// Words that may precede a phrase without making it "inline".
const CLAUSE_FILLERS = new Set([
  'oh', 'ok', 'okay', 'so', 'well', 'hey', 'and', 'but', 'um', 'uh', 'hmm', 'alright',
  'yeah', 'yes', 'no', 'sure', 'right', 'also', 'lol', 'haha', 'bueno', 'pues', 'ah', 'y',
  'pero', 'oye', 'mira', 'vale', 'eh', 'si', 'entonces', 'che', 'dale',
]);

// The phrase lists folded into words once, and indexed by their first word: matching
// runs on every user message, and each word then costs one lookup instead of one
// comparison per phrase.
interface PhraseList {
  readonly phrases: readonly (readonly string[])[];
  /** First word → indices into `phrases`, ascending. */
  readonly byFirstWord: ReadonlyMap<string, readonly number[]>;
}

function phraseList(phrases: readonly string[]): PhraseList {
  const folded = phrases.map(phraseWords);
  const byFirstWord = new Map<string, number[]>();
  folded.forEach((words, index) => {
    const first = words[0];
    if (first === undefined) return;
    const list = byFirstWord.get(first);
    if (list) list.push(index);
    else byFirstWord.set(first, [index]);
  });
  return { phrases: folded, byFirstWord };
}

const FOLDED = {
  flush: phraseList(FLUSH_PHRASES),
  strong: phraseList(STRONG_SHIFT_PHRASES),
  weak: phraseList(WEAK_SHIFT_PHRASES),
};

// Only the head of a message is scanned: a topic change is announced early, and a
// pasted document must not cost more than this.
const SCAN_LIMIT_CHARS = 4000;

/**
 * Finds an explicit topic-change phrase in English or Spanish. Flush phrases ("let's
 * change the subject", "cambiemos de tema") win over shift phrases. Case-, accent- and
 * apostrophe-insensitive, matched on whole words only.
 */
export function detectExplicitShift(text: string): ExplicitShift | null {
  const folded = foldText(text.slice(0, SCAN_LIMIT_CHARS));
  const clauses = folded.split(/[,.!?¡¿;:\n()"“”]+|\s[-–—]+\s/u).map(foldedWords);
  const words = clauses.flat();
  const clauseStarts = findClauseStarts(clauses);
  const flush = earliestPhrase(FOLDED.flush, words, null);
  if (flush !== null) return inlineShift('flush', flush, clauseStarts);
  const strong = earliestPhrase(FOLDED.strong, words, null);
  if (strong !== null) return inlineShift('shift', strong, clauseStarts);
  const weak = earliestPhrase(FOLDED.weak, words, clauseStarts);
  return weak === null ? null : { kind: 'shift', phrase: weak.words.join(' '), position: 'start' };
}

function inlineShift(kind: ExplicitShiftKind, found: FoundPhrase, clauseStarts: ReadonlySet<number>): ExplicitShift {
  return { kind, phrase: found.words.join(' '), position: clauseStarts.has(found.at) ? 'start' : 'inline' };
}
/** The phrase lists, folded, for documentation and tests. */
export function explicitShiftPhrases(): { flush: string[]; strong: string[]; weak: string[] } {
  return {
    flush: FLUSH_PHRASES.map(phraseText),
    strong: STRONG_SHIFT_PHRASES.map(phraseText),
    weak: WEAK_SHIFT_PHRASES.map(phraseText),
  };
}

function phraseWords(phrase: string): string[] {
  return foldedWords(foldText(phrase));
}

function phraseText(phrase: string): string {
  return phraseWords(phrase).join(' ');
}

// Index (into the flat word list) of the first non-filler word of each clause.
function findClauseStarts(clauses: readonly string[][]): Set<number> {
  const starts = new Set<number>();
  let offset = 0;
  for (const clause of clauses) {
    let first = 0;
    while (first < clause.length && CLAUSE_FILLERS.has(clause[first] ?? '')) first += 1;
    if (first < clause.length) starts.add(offset + first);
    offset += clause.length;
  }
  return starts;
}

interface FoundPhrase {
  readonly words: readonly string[];
  /** Index into the flat word list of the phrase's first occurrence. */
  readonly at: number;
}

// The phrase listed first among those found in `words`, at its first occurrence: the
// answer a scan of the whole text per phrase, in list order, would give. With
// `clauseStarts`, an occurrence counts only when it opens a clause and words follow it.
function earliestPhrase(list: PhraseList, words: readonly string[], clauseStarts: ReadonlySet<number> | null): FoundPhrase | null {
  let best = -1;
  let bestAt = -1;
  for (let i = 0; i < words.length; i += 1) {
    const candidates = list.byFirstWord.get(words[i] as string);
    if (candidates === undefined) continue;
    for (const index of candidates) {
      // Indices ascend: no later candidate can beat the best phrase found so far.
      if (best >= 0 && index >= best) break;
      const target = list.phrases[index] as readonly string[];
      if (i + target.length > words.length || !phraseAt(words, i, target)) continue;
      if (clauseStarts !== null && !(clauseStarts.has(i) && i + target.length < words.length)) continue;
      best = index;
      bestAt = i;
    }
  }
  return best < 0 ? null : { words: list.phrases[best] as readonly string[], at: bestAt };
}

function phraseAt(words: readonly string[], at: number, target: readonly string[]): boolean {
  for (let j = 0; j < target.length; j += 1) {
    if (words[at + j] !== target[j]) return false;
  }
  return true;
}
