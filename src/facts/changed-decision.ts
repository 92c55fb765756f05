import { foldText } from '../domains/fold-text.js';
import { bilingualStems } from './bilingual-stems.js';
import { COMMON_STEMS } from './common-words.js';
import type { IndexedFact } from './fact-index.js';
import { withoutFirstPerson } from './fact-words.js';

// "We decided to go to Japan in October", then "we decided to go to Japan in November
// instead" or "decidimos que el viaje a Japón será en noviembre en vez de octubre": a
// decision said with a sign of change is a new value of one taken before, whatever its key
// (the key of a decision is its own words, and "instead" or another language makes
// another). It replaces the one live decision that holds what it names as replaced ("en
// vez de octubre", "instead of RabbitMQ"), or, naming none, the one that shares a rare word
// with it (Japan); with none such, or more than one, it is a decision of its own.

const DECISION = 'decision ';
const CHANGE = /\b(?:instead|rather than|en vez de|en lugar de)\b/u;
const REPLACED = /\b(?:instead of|rather than|en vez de|en lugar de)\s+(?<replaced>[^,;.]+)/u;
// The words of deciding and of the change: every decision of either kind holds them.
const NOT_THE_THING: ReadonlySet<string> = new Set(['decid', 'decis', 'agree', 'acord', 'chose', 'choos', 'elegi', 'inste', 'rathe', 'vez', 'lugar']);

/**
 * The live decision (of `live`, none that `skipped` says this operation already wrote)
 * that a decision said with a sign of change replaces, or null: the statement is no
 * decision, shows no change, or does not point to exactly one.
 */
export function changedDecision(
  fact: { subject: string; statement: string },
  live: Iterable<Pick<IndexedFact, 'id' | 'subject' | 'fact'>>,
  skipped: (id: string) => boolean,
): string | null {
  // Every new fact without a rival of its subject asks: the subject says no at once for most.
  if (!fact.subject.startsWith(DECISION)) return null;
  const folded = foldText(fact.statement);
  if (!CHANGE.test(folded)) return null;
  const replacedText = REPLACED.exec(folded)?.groups?.['replaced'];
  const replaced = replacedText === undefined ? [] : thingStems(replacedText);
  const own = thingStems(fact.statement).filter((each) => !replaced.includes(each) && !COMMON_STEMS.has(each));
  let found: string | null = null;
  for (const entry of live) {
    if (entry.subject === null || entry.subject === fact.subject || !entry.subject.startsWith(DECISION) || skipped(entry.id)) continue;
    const theirs = new Set(thingStems(entry.fact));
    const points = replaced.length > 0 ? replaced.every((each) => theirs.has(each)) : own.some((each) => theirs.has(each));
    if (!points) continue;
    if (found !== null) return null;
    found = entry.id;
  }
  return found;
}

function thingStems(text: string): string[] {
  return withoutFirstPerson(bilingualStems(text)).filter((each) => !NOT_THE_THING.has(each));
}
