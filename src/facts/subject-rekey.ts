import type { Database } from '../storage/database.js';
import { liveFactRows, updateFactRow } from '../storage/facts-repo.js';
import { runInTransaction } from '../storage/transaction.js';
import { readStatement } from './fact-statement.js';

const PREFERENCE = 'preference ';

/**
 * Gives the live preferences stored under an older key the key their statement reads as
 * now: "I prefer window seats" was "preference window seats" before preferences were keyed
 * by the thing preferred, and is "preference seat" since. Otherwise "I prefer aisle seats"
 * would neither replace it nor, said again, re-confirm an older "I prefer aisle seats"
 * (it would add a twin). Only preference keys change, and only into preference keys; the
 * facts stay as they are otherwise (two that now share a key both stay live until the user
 * states one again). Returns how many facts were re-keyed.
 */
export function rekeyPreferences(database: Database, now: number): number {
  return runInTransaction(database, () => {
    let rekeyed = 0;
    for (const row of liveFactRows(database.db)) {
      if (row.subject === null || !row.subject.startsWith(PREFERENCE)) continue;
      const { subject } = readStatement(row.fact);
      if (subject === null || subject === row.subject || !subject.startsWith(PREFERENCE)) continue;
      updateFactRow(database.db, row.id, { subject, updatedAt: now });
      rekeyed += 1;
    }
    return rekeyed;
  });
}
