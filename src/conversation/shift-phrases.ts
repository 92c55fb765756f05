import { proseOf } from './dialogue-acts.js';
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

// Requests to drop the current topic altogether ("let's change the subject"); like the
// strong phrases, not when negated or asked about.
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
  'hablemos de otro tema', 'pasemos a otro tema', 'pasemos a otra cosa',
  // Proposals asked in the negative: a question word or negation opens them, and they
  // still ask for the change.
  "can't we change the subject", "couldn't we change the subject", "can't we change the topic",
  "couldn't we change the topic", "can't we talk about something else", "why don't we change the subject",
  "why don't we change the topic", "why don't we talk about something else", 'por que no cambiamos de tema',
  'por que no hablamos de otra cosa',
];

// Unambiguous wherever they appear, unless negated ("no cambiemos de tema", "I'm not
// changing the subject") or asked about ("¿por qué cambiamos de tema?").
const STRONG_SHIFT_PHRASES = [
  'changing the subject', 'change of subject', 'to change the subject', 'changing topics',
  'on another note', 'on a different note', 'on an unrelated note', 'on a totally different note',
  'on a completely unrelated note', 'on a totally unrelated note',
  'switching gears', 'shifting gears', 'switching topics', 'switching subjects', 'change of topic',
  'changing the topic', 'something completely unrelated', 'something totally unrelated',
  'unrelated question', 'i wanted to ask you about', 'i wanted to ask about',
  'cambiando de tema', 'cambio de tema', 'dejando eso de lado', 'dejando de lado eso',
  'te queria preguntar sobre', 'te queria preguntar por', 'queria preguntarte sobre',
  'hablando de otra cosa', 'en otro orden de cosas', 'pasando a otra cosa', 'pasando a otro tema',
  'cambiando de tercio', 'a otra cosa mariposa', 'sobre otro tema', 'nada que ver pero',
  'no tiene nada que ver pero',
];

// Also names of things ("create a new topic in Kafka", "the error looks completely
// unrelated") or parts of a sentence ("no tiene nada que ver con el precio"): they
// announce a change only as a heading, opening a clause that ends with them ("New topic:
// …", "Completely unrelated, but…", "Oye, nada que ver, ¿…?") or goes on with "but" / "now".
// Not "aparte de eso" ("besides that"), which goes on with the same matter as often as not.
const HEADING_SHIFT_PHRASES = [
  'new topic', 'a new topic', 'different topic', 'a different topic', 'totally different topic',
  'a totally different topic', 'completely different topic', 'a completely different topic',
  'completely unrelated', 'totally unrelated', 'nuevo tema', 'un nuevo tema', 'tema nuevo',
  'un tema nuevo', 'nada que ver',
];

// Ambiguous inside a sentence ("I found it by the way you said"): they count only
// when they open a clause and something follows them. "Back to…" / "volviendo a…" even
// when it returns to the topic at hand: it cannot be told from the return after a
// digression, which must not share the digression's segment, and a segment closed early
// loses nothing (it is summarised all the same).
const WEAK_SHIFT_PHRASES = [
  'by the way', 'btw', 'anyway', 'anyways', 'moving on', 'different question',
  'another question', 'quick question', 'random question', 'unrelated', 'on a new topic',
  'on a different topic', 'another thing', 'one more thing', "let's talk about", 'enough about',
  'back to', 'going back to', 'otra cosa', 'otro tema', 'otra pregunta', 'por cierto',
  'a proposito', 'por otro lado', 'volviendo a', 'volviendo al',
];

// Words that may precede a phrase without making it "inline".
const CLAUSE_FILLERS = new Set([
  'oh', 'ok', 'okay', 'so', 'well', 'hey', 'and', 'but', 'um', 'uh', 'hmm', 'alright',
  'yeah', 'yes', 'no', 'sure', 'right', 'also', 'lol', 'haha', 'bueno', 'pues', 'ah', 'y',
  'pero', 'oye', 'mira', 'vale', 'eh', 'si', 'entonces', 'che', 'dale',
]);

// A negation right before a phrase, across at most two of these words ("not a change of
// subject", "no es un cambio de tema"), means the user keeps the topic; but a question
// opening with "no" proposes it ("¿No podemos cambiar de tema?").
const NEGATIONS = new Set([
  'no', 'not', 'never', 'dont', 'doesnt', 'didnt', 'cant', 'cannot', 'wont', 'wouldnt',
  'shouldnt', 'isnt', 'without', 'sin', 'nunca', 'jamas', 'tampoco', 'ni',
]);
const MODAL_PROPOSALS = new Set(['podemos', 'podriamos']);
const NEGATION_GAP = new Set([
  'a', 'an', 'the', 'just', 'really', 'is', 'want', 'wanna', 'mean', 'meant', 'said', 'say', 'trying', 'un', 'una', 'el', 'es',
  'estoy', 'estamos', 'quiero', 'queria', 'dije',
]);

// A clause opening with one of these asks about a change ("why did we change the
// subject?", "¿cómo cambiamos de tema sin…?") rather than making one; "how about" and
// "what about" propose one. Spanish "por qué" / "para qué" are two words.
const QUESTION_WORDS = new Set([
  'why', 'how', 'when', 'where', 'what', 'whats', 'hows', 'who', 'which', 'porque', 'cuando',
  'como', 'donde', 'quien', 'cual',
]);

// After a heading phrase: "Completely unrelated but…", "New topic now: …".
const HEADING_FOLLOWERS = new Set(['but', 'now', 'pero', 'ahora']);

// A quoted phrase is mentioned, not said (`translate "let's change the subject"`): the
// quotation is cut out before matching. Straight, typographic and angle quotes pair up
// in any order (“…”, «…», »…«, „…“), within one line.
const QUOTATION = /["“”«»„][^"“”«»„\n]*["“”«»„]/gu;
// Single quotes pair up too ('cambiemos de tema', ‘…’), opening and closing outside a word,
// so an apostrophe inside one ("'let's change the subject'") or without one ("let's") is no quote.
const SINGLE_QUOTATION = /(?<![\p{L}\p{N}])['‘](?:[^'‘’\n]|(?<=\p{L})['’](?=\p{L}))*['’](?![\p{L}\p{N}])/gu;
const CLAUSE_BREAK = /([,.!?¡¿;:\n()"“”«»„]+|\s[-–—]+\s)/u;

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
  heading: phraseList(HEADING_SHIFT_PHRASES),
  weak: phraseList(WEAK_SHIFT_PHRASES),
};

// Every phrase's first word, with the words that may follow it in a phrase (null: a phrase
// is that word alone). A message where no word is followed so (most: "a", "on" or "no"
// alone begin no phrase) has no phrase, and is answered after one pass over its words,
// before its clauses are mapped.
const OPENINGS: ReadonlyMap<string, ReadonlySet<string> | null> = phraseOpenings(Object.values(FOLDED));

function phraseOpenings(lists: readonly PhraseList[]): Map<string, Set<string> | null> {
  const openings = new Map<string, Set<string> | null>();
  for (const { phrases } of lists) {
    for (const [first, second] of phrases) {
      if (first === undefined) continue;
      const seconds = openings.get(first);
      if (second === undefined) openings.set(first, null);
      else if (seconds === undefined) openings.set(first, new Set([second]));
      else seconds?.add(second);
    }
  }
  return openings;
}

function mayHoldPhrase(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i += 1) {
    const seconds = OPENINGS.get(words[i] as string);
    if (seconds === undefined) continue;
    if (seconds === null || seconds.has(words[i + 1] ?? '')) return true;
  }
  return false;
}

// Quotation marks: a text without any has nothing to cut out.
const QUOTE_MARK = /["“”«»„'‘]/u;

// Only the head of a message is scanned: a topic change is announced early, and a
// pasted document must not cost more than this.
const SCAN_LIMIT_CHARS = 4000;

/**
 * Finds an explicit topic-change phrase in English or Spanish. Flush phrases ("let's
 * change the subject", "cambiemos de tema") win over shift phrases. Case-, accent- and
 * apostrophe-insensitive, matched on whole words only; a quoted, negated or questioned
 * phrase ("no cambiemos de tema", "why did we change the subject?") does not count.
 */
export function detectExplicitShift(text: string): ExplicitShift | null {
  const scan = scanWords(text);
  if (scan === null) return null;
  const flush = earliestPhrase(FOLDED.flush, scan, isSaid);
  if (flush !== null) return found('flush', flush, scan);
  const strong = earliestPhrase(FOLDED.strong, scan, isSaid);
  if (strong !== null) return found('shift', strong, scan);
  const heading = earliestPhrase(FOLDED.heading, scan, isHeading);
  if (heading !== null) return found('shift', heading, scan);
  const weak = earliestPhrase(FOLDED.weak, scan, opensClause);
  return weak === null ? null : found('shift', weak, scan);
}

function found(kind: ExplicitShiftKind, phrase: FoundPhrase, scan: Scan): ExplicitShift {
  return { kind, phrase: phrase.words.join(' '), position: scan.clauseLead[phrase.at] === phrase.at ? 'start' : 'inline' };
}

/** The phrase lists, folded, for documentation and tests. */
export function explicitShiftPhrases(): { flush: string[]; strong: string[]; heading: string[]; weak: string[] } {
  return {
    flush: FLUSH_PHRASES.map(phraseText),
    strong: STRONG_SHIFT_PHRASES.map(phraseText),
    heading: HEADING_SHIFT_PHRASES.map(phraseText),
    weak: WEAK_SHIFT_PHRASES.map(phraseText),
  };
}

function phraseWords(phrase: string): string[] {
  return foldedWords(foldText(phrase));
}

function phraseText(phrase: string): string {
  return phraseWords(phrase).join(' ');
}

// The message's words, flat, and for each word where its clause begins.
interface Scan {
  readonly words: readonly string[];
  /** Per word: the index of its clause's first word. */
  readonly clauseHead: Int32Array;
  /** Per word: the index of its clause's first word that is not a filler ("oh", "bueno"). */
  readonly clauseLead: Int32Array;
  /** Per word: 1 when its clause is a question (a "?" ends it or a "¿" opens it). */
  readonly clauseAsks: Uint8Array;
}

// Null when no word of the text can begin a phrase.
function scanWords(text: string): Scan | null {
  const head = text.slice(0, SCAN_LIMIT_CHARS);
  // Code and links are shown, quotations mentioned: none of them is the user saying a phrase.
  const prose = proseOf(head, '\n');
  const said = QUOTE_MARK.test(prose) ? prose.replace(QUOTATION, '\n').replace(SINGLE_QUOTATION, '\n') : prose;
  const folded = foldText(said);
  // Clause breaks hold no letters or digits, so the text's words are its clauses' words in
  // order: most messages are answered from them, without mapping the clauses.
  const words = foldedWords(folded);
  if (!mayHoldPhrase(words)) return null;
  const clauseHead = new Int32Array(words.length);
  const clauseLead = new Int32Array(words.length);
  const clauseAsks = new Uint8Array(words.length);
  // The split keeps its breaks: clauses at even indices, the breaks between them at odd ones.
  const pieces = folded.split(CLAUSE_BREAK);
  let offset = 0;
  for (let index = 0; 2 * index < pieces.length; index += 1) {
    const end = offset + foldedWords(pieces[2 * index] as string).length;
    let lead = offset;
    while (lead < end && CLAUSE_FILLERS.has(words[lead] as string)) lead += 1;
    clauseHead.fill(offset, offset, end);
    clauseLead.fill(lead, offset, end);
    const opens = pieces[2 * index - 1] ?? '';
    const ends = pieces[2 * index + 1] ?? '';
    if (ends.includes('?') || opens.includes('¿')) clauseAsks.fill(1, offset, end);
    offset = end;
  }
  return { words, clauseHead, clauseLead, clauseAsks };
}

// The phrase opens its clause (only fillers before it), and words follow it.
function opensClause(scan: Scan, at: number, length: number): boolean {
  return scan.clauseLead[at] === at && at + length < scan.words.length;
}

// Headings that also answer a question ("Is it like Python?" "No, nothing like it"): after
// a lone yes or no they are that answer ("No, nada que ver, es compilado"), not a change.
const ANSWERS = new Set(['no', 'si', 'yes', 'nope', 'yeah', 'yep']);
const MAY_ANSWER: readonly (readonly string[])[] = ['nada que ver', 'completely unrelated', 'totally unrelated'].map((phrase) => phrase.split(' '));

function isHeading(scan: Scan, at: number, length: number): boolean {
  if (!opensClause(scan, at, length) || answers(scan, at)) return false;
  const next = at + length;
  return scan.clauseHead[next] === next || HEADING_FOLLOWERS.has(scan.words[next] as string);
}

function answers(scan: Scan, at: number): boolean {
  if (at === 0 || scan.clauseHead[at - 1] !== at - 1 || !ANSWERS.has(scan.words[at - 1] as string)) return false;
  for (const phrase of MAY_ANSWER) if (phraseAt(scan.words, at, phrase)) return true;
  return false;
}

function isSaid(scan: Scan, at: number, length: number): boolean {
  return !isNegated(scan, at) && !isAskedAbout(scan, at) && !namesAThing(scan, at + length) && !isReported(scan, at) && !isPast(scan, at);
}

// "Let's change the subject line", "…the topic of the meeting": the phrase's noun is the object
// of the sentence (an email's subject), not the conversation's. After a phrase ending in
// its noun, a place names one too ("switching topics in Kafka", "…between producers").
// "…the subject of this chat" is the conversation's after all.
const THING_AFTER = new Set(['line', 'lines', 'field']);
const TOPIC_NOUNS = new Set(['topic', 'topics', 'subject', 'subjects']);
const PLACE_AFTER = new Set(['in', 'between', 'across', 'within', 'inside', 'per']);
const CONVERSATION = new Set(['chat', 'conversation', 'talk']);

function namesAThing(scan: Scan, next: number): boolean {
  const word = scan.words[next];
  if (word === undefined || scan.clauseHead[next] === next) return false;
  if (word === 'of' || (PLACE_AFTER.has(word) && TOPIC_NOUNS.has(scan.words[next - 1] as string))) {
    return !(CONVERSATION.has(scan.words[next + 1] ?? '') || CONVERSATION.has(scan.words[next + 2] ?? ''));
  }
  return THING_AFTER.has(word);
}

// Someone else's words, reported ("He said: let's change the subject", "me dijo que
// cambiemos de tema"): a verb of saying right before the phrase, across a colon or an
// object pronoun. The user's own ("I said: let's change the subject!", "dije: …") insists.
const REPORTING = new Set([
  'said', 'says', 'told', 'tells', 'asked', 'asks', 'wrote', 'writes', 'replied', 'texted', 'yelled',
  'dijo', 'dice', 'dijeron', 'pregunto', 'escribio', 'contesto', 'respondio',
]);
const FIRST_PERSON_REPORTING = new Set(['said', 'told', 'asked', 'wrote', 'replied', 'texted', 'yelled']);
const REPORTED_OBJECTS = new Set(['me', 'us', 'you', 'him', 'her', 'them', 'that', 'que', 'te', 'nos', 'le', 'les']);

function isReported(scan: Scan, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && REPORTED_OBJECTS.has(scan.words[before] as string)) before -= 1;
  const verb = scan.words[before];
  if (verb === undefined || !REPORTING.has(verb)) return false;
  return !(FIRST_PERSON_REPORTING.has(verb) && scan.words[before - 1] === 'i');
}

// Told as past ("Ayer cambiamos de tema", "Before changing the subject, …"): a word of
// time before the phrase in its clause. "Cambiamos de tema" is both "let's change" and
// "we changed"; only the time tells them apart.
const PAST_MARKERS = new Set(['yesterday', 'earlier', 'already', 'before', 'ayer', 'anoche', 'anteayer', 'antes']);

function isPast(scan: Scan, at: number): boolean {
  for (let before = scan.clauseHead[at] as number; before < at; before += 1) {
    if (PAST_MARKERS.has(scan.words[before] as string)) return true;
  }
  return false;
}

function isNegated(scan: Scan, at: number): boolean {
  const head = scan.clauseHead[at] as number;
  let before = at - 1;
  for (let gaps = 0; gaps < 2 && before >= head && NEGATION_GAP.has(scan.words[before] as string); gaps += 1) before -= 1;
  if (before < head || !NEGATIONS.has(scan.words[before] as string)) return false;
  // "¿No podemos cambiar de tema?": the "no" opens a question (only fillers before it, and
  // "no" is one) right before "podemos"/"podríamos". "¿No cambiamos de tema ayer?" asks.
  const proposes =
    scan.words[before] === 'no' && before === at - 1 && MODAL_PROPOSALS.has(scan.words[at] as string) && scan.clauseLead[at] === at && scan.clauseAsks[at] === 1;
  return !proposes;
}

function isAskedAbout(scan: Scan, at: number): boolean {
  const lead = scan.clauseLead[at] as number;
  if (lead >= at) return false;
  const first = scan.words[lead] as string;
  const second = scan.words[lead + 1];
  if (QUESTION_WORDS.has(first)) return second !== 'about';
  return (first === 'por' || first === 'para') && second === 'que';
}

interface FoundPhrase {
  readonly words: readonly string[];
  /** Index into the flat word list of the phrase's first occurrence. */
  readonly at: number;
}

// The phrase listed first among those found in the words, at its first occurrence that
// `counts`: the answer a scan of the whole text per phrase, in list order, would give.
function earliestPhrase(list: PhraseList, scan: Scan, counts: (scan: Scan, at: number, length: number) => boolean): FoundPhrase | null {
  const { words } = scan;
  let best = -1;
  let bestAt = -1;
  for (let i = 0; i < words.length; i += 1) {
    const candidates = list.byFirstWord.get(words[i] as string);
    if (candidates === undefined) continue;
    for (const index of candidates) {
      // Indices ascend: no later candidate can beat the best phrase found so far.
      if (best >= 0 && index >= best) break;
      const target = list.phrases[index] as readonly string[];
      if (i + target.length > words.length || !phraseAt(words, i, target) || !counts(scan, i, target.length)) continue;
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
