import { shownWords, type Token } from './summary-text.js';

// At most this many words between a decision's day and its verb make its subject ("we", "el
// equipo de producto"); more say something else, and the decision is shown from its verb.
const MAX_SUBJECT_WORDS = 4;

/** When a decision was taken, as the words it opens with; `subjectFrom`: where its subject starts. */
export interface DecisionDay {
  /** The date, as the summary shows it where the turn said a relative day ("On 2026-03-14", "El 2026-03-14"). */
  words: string[];
  /** The first token after the day that the decision shows (its subject), the marker when none. */
  subjectFrom: number;
}

/**
 * The relative day that opens the clause of the decision marker at `marker` ("Yesterday
 * we decided…", "Ayer, decidimos…", "Last week the team agreed…"), dated by
 * summary-dates.ts, or null: none before the marker, or a word that opens another clause
 * (`opensClause`: "Yesterday it broke, so we decided…") stands between them. A day said
 * as a possessive ("yesterday's call") or bare after a word the decision leaves out is
 * no opening day.
 */
export function decisionDay(tokens: readonly Token[], marker: number, opensClause: (token: Token) => boolean): DecisionDay | null {
  let end = marker - 1;
  for (; end >= 0; end -= 1) {
    const token = tokens[end] as Token;
    if (token.dated !== undefined && token.dated.length > 0) break;
    if (opensClause(token)) return null;
  }
  if (end < 0) return null;
  // The other words of the phrase, and a "de"/"a" contracted into its date, show none.
  let start = end;
  while (start > 0 && (tokens[start - 1] as Token).dated?.length === 0) start -= 1;
  const words = openingDate(shownWords(tokens.slice(start, end + 1)));
  if (words === null) return null;
  // After a break ("Yesterday, after a long call, we decided…") only what follows it is the subject.
  let subjectFrom = end + 1;
  for (let i = end + 2; i <= marker; i += 1) if ((tokens[i] as Token).breakBefore) subjectFrom = i;
  return marker - subjectFrom > MAX_SUBJECT_WORDS ? null : { words, subjectFrom };
}

// The date as words that can open a statement: "del 2026-03-14" (of "la reunión de ayer")
// opens as "el 2026-03-14"; a bare date ("since 2026-03-14") or a possessive ("the
// 2026-03-14 call") cannot without the words around it.
function openingDate(words: readonly string[]): string[] | null {
  const [first, second] = words;
  if (first === undefined || /^\d/u.test(first) || (/^the$/iu.test(first) && /^\d/u.test(second ?? ''))) return null;
  if (/^(?:del|al)$/iu.test(first)) return [first.charAt(0) === first.charAt(0).toUpperCase() ? 'El' : 'el', ...words.slice(1)];
  return [...words];
}
