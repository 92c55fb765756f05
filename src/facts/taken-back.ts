import { factRowsSupersededBy, liveFactRowsBySubject, type FactRow } from '../storage/facts-repo.js';
import { restoreFact, type WriteContext } from './fact-writes.js';

// "I work at Initech", "now I work at Globex", then "scratch that": the user takes the last
// statement back, and with it the change it made, so Initech holds again. Deleting Globex
// alone would leave no live fact of where they work. Only a fact the statement taken back
// still supersedes comes back: one superseded by another fact since, or retired without a
// replacement ("I no longer work at Initech"), points elsewhere or nowhere. And only while
// nothing live holds its subject (a fact added through the API meanwhile): two live values
// of one subject would both be injected.

/**
 * Makes live again the facts that `takenBack` (just deleted by a bare "forget that" /
 * "scratch that" / "olvidá eso") superseded, inside the caller's transaction; they are
 * listed as re-confirmed. `vectorOf`: a row's stored vector when the current embedder made it.
 */
export function restoreSuperseded(ctx: WriteContext, takenBack: readonly FactRow[], vectorOf: (row: FactRow) => Float32Array | null): void {
  const replaced = factRowsSupersededBy(ctx.db, takenBack.map((row) => row.id)).filter(
    (row) => row.status === 'superseded' && !ctx.touched.has(row.id),
  );
  // Decided before any comes back: the facts one statement replaced together come back together.
  const free = replaced.filter((row) => row.subject === null || liveFactRowsBySubject(ctx.db, row.subject).length === 0);
  free.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const row of free) restoreFact(ctx, row, vectorOf(row));
}
