import type { Database } from '../storage/database.js';
import { updateFactRow, type FactRow } from '../storage/facts-repo.js';
import { runInTransaction } from '../storage/transaction.js';
import { nounKey, personLast } from './extraction/subject-key.js';
import type { StatementKey } from './fact-statement.js';

const PREFERENCE = 'preference ';

/** A live fact to be stored under another subject key. */
export interface Rekey {
  id: string;
  subject: string;
}

/**
 * The key a live preference gets now, or null when it keeps its own: "I prefer window
 * seats" was "preference window seats" before preferences were keyed by the thing
 * preferred, then "preference seat", and is "preference seat position" since the
 * modifier's dimension is part of it. Otherwise "I prefer aisle seats" would neither
 * replace it nor, said again, re-confirm an older "I prefer aisle seats" (it would add a
 * twin). `reading`: how the rules read the row's statement today (the reading that loading
 * the index makes of every live fact anyway, so finding none to re-key costs nothing more).
 * Only preference keys change, and only into preference keys.
 */
function currentPreferenceKey(row: Pick<FactRow, 'subject'>, reading: StatementKey): string | null {
  if (row.subject === null || !row.subject.startsWith(PREFERENCE)) return null;
  const { subject } = reading;
  return subject === null || subject === row.subject || !subject.startsWith(PREFERENCE) ? null : subject;
}

const NOTE = 'note ';
const INSTRUCTION = 'instruction ';
const NAME = ' name';

/**
 * The key a live fact gets now, or null when it keeps its own: a preference re-keyed as
 * `currentPreferenceKey` says; a note that now reads as a thing and its value ("Mi
 * presupuesto para el viaje a Japón es de 3.500 euros" was "note presupuesto para viaje
 * japon es 3 500 euros", and is "presupuesto para viaje japon", so that a new amount
 * replaces it), or as a note with a value ("a mí no me gusta el jazz", keyed without its
 * "no"); a person one has one of, named ("Mi jefe es Andrés" was "boss", and is "boss name",
 * the subject of "mi jefe se llama Andrés" too, so that a description keyed "boss" leaves
 * it alone; "My new boss is Marta" was "new boss", and "Mi jefe nuevo se llama Andrés"
 * "boss nuevo name": both are "boss name"); an instruction keyed with when it holds, now
 * keyed by its action alone ("instruction run linter"). Otherwise a new value of such a thing would supersede neither.
 * `reading`: how the rules read the row's statement today.
 */
export function currentSubjectKey(row: Pick<FactRow, 'subject'>, reading: StatementKey): string | null {
  const preference = currentPreferenceKey(row, reading);
  if (preference !== null) return preference;
  const { subject } = reading;
  if (row.subject === null || subject === null || subject === row.subject) return null;
  if (row.subject.startsWith(NOTE)) return subject.startsWith(NOTE) && reading.value === null ? null : subject;
  // An instruction keyed by its action and when it holds ("instruction run linter before you
  // commit anything") is keyed by its action alone since 2026-11-27, when it holds in its value.
  if (row.subject.startsWith(INSTRUCTION) && subject.startsWith(INSTRUCTION) && row.subject.startsWith(`${subject} `)) return subject;
  // A key from a word the subjects now read in English ("coche" is "car", "favorite grupo"
  // is "favorite band"), so that a correction in either language replaces it.
  if (nounKey(row.subject) === subject) return subject;
  return subject === `${row.subject}${NAME}` || subject === `${asPersonNow(row.subject)}${NAME}` ? subject : null;
}

// An older key of a person named with a word for "now" or in Spanish order ("new boss",
// "boss nuevo name"), as such keys are made today ("boss"; see personLast).
function asPersonNow(key: string): string {
  return personLast(key.endsWith(NAME) ? key.slice(0, -NAME.length) : key, 'es');
}

/**
 * Stores each fact of `rekeys` under its new key, in one transaction, none when there is
 * nothing to re-key; the facts stay as they are otherwise (two that now share a key both
 * stay live until the user states one again). Returns how many facts were re-keyed.
 */
export function rekeySubjects(database: Database, now: number, rekeys: readonly Rekey[]): number {
  if (rekeys.length === 0) return 0;
  return runInTransaction(database, () => {
    for (const { id, subject } of rekeys) updateFactRow(database.db, id, { subject, updatedAt: now });
    return rekeys.length;
  });
}
