import type { Database } from '../storage/database.js';
import { liveDecayRows, updateFactRow } from '../storage/facts-repo.js';
import { runInTransaction } from '../storage/transaction.js';
import { effectiveStatus } from './decay-rules.js';

export interface DecayCounts {
  /** Facts that became dormant in this pass. */
  dormant: number;
  stale: number;
  /** Dormant or stale facts that are active again by the rules (e.g. raised to high confidence). */
  reactivated: number;
  unchanged: number;
}

/**
 * Persists the decay rules' statuses for every live fact, in one short transaction.
 * Readers apply the same rules at read time, so this only makes stored statuses (and
 * the dashboard's counts) catch up; superseded and deleted facts are never touched and
 * nothing is removed.
 */
export function applyDecay(database: Database, now: number): DecayCounts {
  return runInTransaction(database, () => {
    const counts: DecayCounts = { dormant: 0, stale: 0, reactivated: 0, unchanged: 0 };
    for (const row of liveDecayRows(database.db)) {
      const status = effectiveStatus(row, now);
      if (status === row.status) {
        counts.unchanged += 1;
        continue;
      }
      updateFactRow(database.db, row.id, { status, updatedAt: now });
      if (status === 'dormant') counts.dormant += 1;
      else if (status === 'stale') counts.stale += 1;
      else counts.reactivated += 1;
    }
    return counts;
  });
}
