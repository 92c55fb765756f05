/** A summary's provenance: the turn numbers it replaced (`summaries.turn_numbers`, a JSON array). */
export function provenanceOf(summary: { turnNumbers: string }): number[] {
  return JSON.parse(summary.turnNumbers) as number[];
}

/** How many of `summaries` name each turn in their provenance, by `key` (a turn of one session, or `session#turn`). */
export function countNamedTurns<S extends { turnNumbers: string }, K>(summaries: readonly S[], key: (summary: S, turnNumber: number) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const summary of summaries) {
    for (const turnNumber of provenanceOf(summary)) counts.set(key(summary, turnNumber), (counts.get(key(summary, turnNumber)) ?? 0) + 1);
  }
  return counts;
}
