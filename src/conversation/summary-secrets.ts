import { credentialNameSpans, foldForCredentials, mentionsSecret, secretValueSpans, type TextSpan } from '../credentials.js';
import { STOP_WORDS } from './stopwords.js';

/** A sentence as a summary may read it: its secret values masked. */
export interface SecretFreeSentence {
  text: string;
  /** The sentence names a credential ("my wifi password is…"): a short one after it may be its value. */
  namesCredential: boolean;
}

// Stands where a value was: no word, so the tokens around it never join into a phrase.
const VALUE_MASK = ';';
// "What's the wifi password? It's sunshine.": a sentence this short right after one that
// names a credential is read as its value.
const SHORT_ANSWER_WORDS = 4;
// Words before a credential's name that say whose or which it is ("wifi", "Netflix", "bank").
const MAX_QUALIFIERS = 2;
// Link a value before a name to it: "sunshine is my wifi password", "1234 es el PIN".
const COPULAS = new Set(['is', 'was', 'are', 'were', 'be', 'es', 'era', 'son', 'fue', 'sera', 'seria']);
// What links a name to a qualifier after it: a genitive, then maybe an article or a possessive.
const GENITIVES = new Set(['of', 'for', 'de', 'del']);
const ARTICLES = new Set(['the', 'my', 'our', 'your', 'la', 'el', 'mi', 'tu', 'su', 'nuestra', 'nuestro']);
// Chunks are split at "=" and ":" too: "password:hunter22" is a name and a value.
const CHUNK = /[^\s:=]+/gu;
const LEADING_MARKS = /^[([{"'“‘«¿¡<*_`]+/u;
const TRAILING_MARKS = /[)\]}"'”’».,;!?…>*_`]+$/u;
const PLAIN_WORD = /^\p{L}+(?:['’-]\p{L}+)*$/u;

interface Chunk {
  /** Where the chunk's word, without the marks around it, starts and ends in the sentence. */
  start: number;
  end: number;
  folded: string;
}

/**
 * A sentence of a turn without the secret values it holds (memory spec §1.2: a summary
 * never keeps what the facts tier refuses): values secret by their shape anywhere (card
 * and account numbers, IBANs, API keys), and in a sentence that names a credential (the
 * facts tier's detection) its value: every word with a digit or a symbol, every word after
 * the first name but other names, and the words before a name a copula links to it
 * ("sunshine is my wifi password"). The names stay, with the words that qualify them
 * ("wifi password", "door code", "IBAN"). `afterNaming`: the sentence before, in the same
 * turn, named one; a short sentence then keeps only its function words. `beforeNaming`:
 * the sentence after it names one (`valueBeforeNaming`). Pure: the same
 * sentence always reads the same, so summaries prepared ahead match those made at closing.
 */
export function withoutSecretValues(sentence: string, afterNaming: boolean, beforeNaming = false): SecretFreeSentence {
  const shapes = secretValueSpans(sentence);
  // A value by its shape goes exactly ("sk-…" of "key=sk-…"); named in words, its words go whole.
  const withoutShapes = shapes.length === 0 ? sentence : masked(sentence, shapes);
  // Named by words, not by a value's shape alone: "charge the hotel to 4111 1111 1111 1111"
  // loses the number, not the hotel. Read once.
  const namesCredential = mentionsSecret(foldForCredentials(withoutShapes));
  // Most sentences hold no value and name no credential: returned as they are.
  if (shapes.length === 0 && !afterNaming && !beforeNaming && !namesCredential) return { text: sentence, namesCredential: false };
  const chunks = chunksOf(withoutShapes);
  const drop = chunks.map(() => false);
  if (namesCredential) dropCredentialValues(chunks, drop);
  else if (afterNaming && chunks.length <= SHORT_ANSWER_WORDS) chunks.forEach((chunk, i) => (drop[i] = !isFunctionWord(chunk)));
  else if (beforeNaming) chunks.forEach((chunk, i) => (drop[i] = !PLAIN_WORD.test(chunk.folded)));
  // "…my wifi password is" says no more than "…my wifi password".
  drop.forEach((dropped, i) => {
    if (dropped && i > 0 && drop[i - 1] !== true && COPULAS.has((chunks[i - 1] as Chunk).folded)) drop[i - 1] = true;
  });
  return { text: masked(withoutShapes, chunks.filter((_, i) => drop[i] === true)), namesCredential };
}

/**
 * Whether a sentence may be the value of a credential the next sentence names: short, with
 * a word of digits or symbols ("Is Perro2024!" of "Is Perro2024! a strong enough
 * password?", cut at its "!"), and the next one names a credential. `withoutSecretValues`
 * with `beforeNaming` then drops such words from it, as from a sentence that names one.
 */
export function valueBeforeNaming(sentence: string, next: string | undefined): boolean {
  if (next === undefined || !/\p{N}/u.test(sentence) || chunksOf(sentence).length > SHORT_ANSWER_WORDS) return false;
  return mentionsSecret(foldForCredentials(next));
}

function chunksOf(sentence: string): Chunk[] {
  const chunks: Chunk[] = [];
  for (const match of sentence.matchAll(CHUNK)) {
    const lead = LEADING_MARKS.exec(match[0])?.[0].length ?? 0;
    const core = match[0].slice(lead).replace(TRAILING_MARKS, '');
    if (core === '') continue;
    const start = match.index + lead;
    chunks.push({ start, end: start + core.length, folded: foldForCredentials(core) });
  }
  return chunks;
}

function dropCredentialValues(chunks: readonly Chunk[], drop: boolean[]): void {
  const names = nameChunks(chunks);
  const first = names.findIndex(Boolean);
  if (first < 0) {
    // Named in a way words alone do not show ("login: jdoe", "user/pass"): only function words stay.
    chunks.forEach((chunk, i) => (drop[i] ||= !isFunctionWord(chunk)));
    return;
  }
  // "password manager": the thing the name qualifies is no value.
  const kept = names.map((name, i) => name || qualifies(chunks, names, i) || qualifiesAfter(chunks, names, i) || (names[i - 1] === true && QUALIFIED_THINGS.has((chunks[i] as Chunk).folded)));
  const lead = kept.findIndex(Boolean);
  const linkedBefore = copulaBefore(chunks, lead);
  const askedEnd = askedValueEnd(chunks, kept, lead);
  chunks.forEach((chunk, i) => {
    if (kept[i] === true) return;
    const slot = i > lead || (linkedBefore >= 0 && i < linkedBefore) || i < askedEnd;
    drop[i] ||= !PLAIN_WORD.test(chunk.folded) || (slot && !isFunctionWord(chunk));
  });
}

// Which chunks the credential's names fall in: the detection runs on the folded chunks
// joined by single spaces, so its matches map back to chunks.
function nameChunks(chunks: readonly Chunk[]): boolean[] {
  const starts: number[] = [];
  let joined = '';
  for (const chunk of chunks) {
    if (joined !== '') joined += ' ';
    starts.push(joined.length);
    joined += chunk.folded;
  }
  const spans = credentialNameSpans(joined);
  return chunks.map((chunk, i) => {
    const start = starts[i] ?? 0;
    return spans.some((span) => overlaps({ start, end: start + chunk.folded.length }, span));
  });
}

// A plain content word right before a name, or before such a word ("home wifi password").
function qualifies(chunks: readonly Chunk[], names: readonly boolean[], i: number): boolean {
  for (let next = i + 1; next <= i + MAX_QUALIFIERS && next < chunks.length; next += 1) {
    if (names[next] === true) return true;
    if (!isQualifier(chunks[next] as Chunk)) return false;
  }
  return false;
}

// Or after it, across "of"/"de" and an article: "la contraseña del wifi", "the code of the
// garage". Not across "to"/"a", which bring the value ("set it to…", "la cambié a…").
function qualifiesAfter(chunks: readonly Chunk[], names: readonly boolean[], i: number): boolean {
  if (!isQualifier(chunks[i] as Chunk)) return false;
  let at = i - 1;
  for (let words = 1; words < MAX_QUALIFIERS && at >= 0 && isQualifier(chunks[at] as Chunk); words += 1) at -= 1;
  if (at >= 0 && ARTICLES.has((chunks[at] as Chunk).folded)) at -= 1;
  return at >= 1 && GENITIVES.has((chunks[at] as Chunk).folded) && names[at - 1] === true;
}

function isQualifier(chunk: Chunk): boolean {
  return PLAIN_WORD.test(chunk.folded) && !isFunctionWord(chunk);
}

// The copula before the first name, across function words only ("is my", "es el"); -1 if none.
function copulaBefore(chunks: readonly Chunk[], lead: number): number {
  for (let i = lead - 1; i >= 0; i -= 1) {
    const word = (chunks[i] as Chunk).folded;
    if (COPULAS.has(word) || /^\p{L}+'s$/u.test(word)) return i;
    if (!isFunctionWord(chunks[i] as Chunk)) return -1;
  }
  return -1;
}

// "Is sunshine a strong password?", "¿Es Perro2024 una buena contraseña?": a question that
// opens with a copula asks about the value right after it, up to a function word or the
// name. Where those words end (0: none); "Is the alarm code…" asks about none.
function askedValueEnd(chunks: readonly Chunk[], kept: readonly boolean[], lead: number): number {
  if (!COPULAS.has(chunks[0]?.folded ?? '')) return 0;
  // "Is Bitwarden a good password manager?", "Is OAuth a token standard?": about a thing the
  // name only qualifies, not a value.
  const thing = chunks.some((chunk, i) => kept[i] === true && QUALIFIED_THINGS.has(chunk.folded));
  if (thing || QUALIFIED_THINGS.has(chunks[lead - 2]?.folded ?? '')) return 0;
  let end = 1;
  while (end < lead && kept[end] !== true && !isFunctionWord(chunks[end] as Chunk)) end += 1;
  return end > 1 ? end : 0;
}

// Things a credential's name may qualify ("password manager", "gestor de contraseñas").
const QUALIFIED_THINGS = new Set([
  'manager', 'managers', 'policy', 'policies', 'reset', 'field', 'strength', 'generator', 'rules', 'requirements', 'standard',
  'store', 'vault', 'app', 'tool', 'length', 'hint', 'gestor', 'generador', 'politica', 'requisitos', 'longitud',
]);

function isFunctionWord(chunk: Chunk): boolean {
  return PLAIN_WORD.test(chunk.folded) && STOP_WORDS.has(chunk.folded.replace(/'/gu, ''));
}

function overlaps(chunk: TextSpan, span: TextSpan): boolean {
  return chunk.start < span.end && span.start < chunk.end;
}

// The text with each span (in order; they may overlap) replaced by the mask.
function masked(text: string, spans: readonly TextSpan[]): string {
  let out = '';
  let at = 0;
  for (const span of spans) {
    if (span.start >= at) out += `${text.slice(at, span.start)}${VALUE_MASK}`;
    at = Math.max(at, span.end);
  }
  return out + text.slice(at);
}
