import type { ExtractedFact } from './extraction/index.js';
import { isPersonKey } from './extraction/subject-key.js';
import type { IndexedFact } from './fact-index.js';

// "The standup is at 9:30", then "actually, the daily standup moved to 10:00": said in
// passing, a correction names its thing as it comes to mind, with a word more or less than
// when it was stored. It is a new value of that thing when the two subjects share their
// head noun and one's other words are all the other's ("daily standup" and "standup",
// "team offsite" and "annual team offsite"), and only when exactly one live fact is such:
// with two ("daily standup", "weekly standup"), which one it corrects is a guess, so it
// corrects none. The head is the last word of an English noun phrase ("daily standup"),
// the first of a Spanish one ("reunion equipo", from "la reunión de equipo").

// Keys that are no noun phrase but a category and its words ("decision deployment",
// "preference seat position", "note …"): a thing said in passing never names one of those.
const CATEGORY_WORDS: ReadonlySet<string> = new Set(['note', 'preference', 'preferred', 'instruction', 'decision', 'habit', 'assistant', 'answer']);

/** A live fact as the index holds it: what the matching reads. */
export type LiveSubject = Pick<IndexedFact, 'id' | 'subject'>;

/**
 * The subject of the one live fact a correction said in passing (`replacesOnly`) names
 * with a longer or shorter subject, or null: none, or more than one (`retired`: facts
 * already retired by the operation, not live any more). The exact subject is the caller's
 * to try first.
 */
export function looselyCorrectedSubject(
  fact: Pick<ExtractedFact, 'subject' | 'language'>,
  live: Iterable<LiveSubject>,
  retired: ReadonlySet<string> = new Set(),
): string | null {
  const own = nounPhrase(fact.subject, fact.language);
  if (own === null) return null;
  let found: string | null = null;
  for (const entry of live) {
    if (entry.subject === null || entry.subject === fact.subject || retired.has(entry.id)) continue;
    const other = nounPhrase(entry.subject, fact.language);
    if (other === null || other.head !== own.head || !nested(own.modifiers, other.modifiers)) continue;
    if (found !== null) return null;
    found = entry.subject;
  }
  return found;
}

interface NounPhrase {
  head: string;
  modifiers: ReadonlySet<string>;
}

// The head and modifiers of a subject key, or null when it is none to match loosely: a
// category's key, or another person's ("brother employer", "sister birthday": never what
// "the employer moved to…" or "the birthday is…" corrects).
function nounPhrase(subject: string, language: 'en' | 'es'): NounPhrase | null {
  const words = subject.split(' ').filter((word) => word.length > 0);
  if (words.length === 0 || CATEGORY_WORDS.has(words[0] as string)) return null;
  const head = (language === 'es' ? words[0] : words.at(-1)) as string;
  const modifiers = language === 'es' ? words.slice(1) : words.slice(0, -1);
  return modifiers.some(isPersonKey) ? null : { head, modifiers: new Set(modifiers) };
}

// Whether one set holds every word of the other.
function nested(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const word of small) if (!large.has(word)) return false;
  return true;
}

/**
 * Whether a correction said in passing may replace a live fact: one has its subject, or it
 * names one loosely. Otherwise applying it writes nothing.
 */
export function mayCorrect(fact: Pick<ExtractedFact, 'subject' | 'language'>, live: Iterable<LiveSubject>): boolean {
  const entries = [...live];
  return entries.some((entry) => entry.subject === fact.subject) || looselyCorrectedSubject(fact, entries) !== null;
}
