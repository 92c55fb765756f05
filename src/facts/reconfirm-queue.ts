import type { Database } from '../storage/database.js';
import { findFactRow } from '../storage/facts-repo.js';
import { runInTransaction } from '../storage/transaction.js';
import type { FactIndex } from './fact-index.js';
import type { StoredValues } from './fact-matching.js';
import { isLiveStatus, type FactView } from './fact-record.js';
import { finishWrites, reconfirmFact, revivedBy, writeContext, type FactsChangedHook, type WriteContext } from './fact-writes.js';

/**
 * Re-confirmations waiting to be written (spec §4 lets them be batched): fact id → when
 * the fact was last asked about. Lives in memory only; `ReconfirmFlusher` writes it every
 * few minutes and at shutdown, so a crash of the process loses at most one interval.
 */
export class ReconfirmQueue {
  private readonly due = new Map<string, number>();

  /** Queues `ids` as re-confirmed at `at`; a fact queued twice keeps the later time. */
  add(ids: readonly string[], at: number): void {
    for (const id of ids) {
      const queued = this.due.get(id);
      if (queued === undefined || at > queued) this.due.set(id, at);
    }
  }

  /** Empties the queue and returns what it held. */
  take(): Map<string, number> {
    const taken = new Map(this.due);
    this.due.clear();
    return taken;
  }

  /** Puts back what a failed write took (the entries queued since keep the later time). */
  restore(taken: ReadonlyMap<string, number>): void {
    for (const [id, at] of taken) this.add([id], at);
  }
}

/**
 * Writes queued re-confirmations in one transaction, each with the time it was queued
 * (not the time of the write). Facts superseded or deleted since are skipped. A NORMAL
 * commit: re-confirmations are the writes the spec lets wait.
 */
export function writeQueuedReconfirmations(
  deps: { database: Database; index: FactIndex; storedValues: StoredValues; now: number; onFactsChanged: FactsChangedHook | undefined },
  due: ReadonlyMap<string, number>,
): FactView[] {
  if (due.size === 0) return [];
  const { database } = deps;
  return runInTransaction(database, (scope) => {
    const written: FactView[] = [];
    for (const id of [...due.keys()].sort()) {
      const row = findFactRow(database.db, id);
      if (!row || !isLiveStatus(row.status)) continue;
      const ctx = writeContext(deps, scope, deps.now, due.get(id) as number);
      reconfirmFact(ctx, row);
      written.push(...finishWrites(ctx, deps.onFactsChanged).reconfirmed);
    }
    return written;
  });
}

/**
 * Re-confirms, in the caller's write, the facts among `ids` (asked about, in the prompt)
 * that this brings back into prompts they had decayed out of (`revivedBy`): like a
 * restatement, it must hold for the very next message and drop the answers cached without
 * them. Returns the ids of the others, already active: those may wait for the batch.
 */
export function reconfirmRevived(ctx: WriteContext, ids: readonly string[]): string[] {
  const later: string[] = [];
  for (const id of [...ids].sort()) {
    const entry = ctx.index.get(id);
    if (entry === undefined) continue;
    if (!revivedBy(ctx, entry)) {
      later.push(id);
      continue;
    }
    const row = findFactRow(ctx.db, id);
    if (row && isLiveStatus(row.status)) reconfirmFact(ctx, row);
  }
  return later;
}
