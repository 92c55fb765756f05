/** A summary as the choice of a prompt's summaries sees it. */
export interface SummaryCandidate {
  id: string;
  tokenCount: number;
  /** The summary as the prompt shows it. */
  body: string;
}

/** How many summaries one prompt may hold, and their tokens in all (spec §1.2: 4 and 200). */
export interface SummaryLimits {
  count: number;
  tokens: number;
}

/**
 * The summaries of one prompt: at most `limits.count` of them, `limits.tokens` in all.
 * Places go first to the archived summaries retrieved for a question about the past, in
 * their retrieval order (best match first): what the message asks about is the point of
 * that prompt, and the newest active ones it displaces are still in the session for the
 * next message. The places left go to the active summaries, newest first (`active` is
 * oldest first, as stored). A summary that would pass the token total is skipped and the
 * next one tried. Both inputs arrive in a deterministic order (retrieval ranks with ties
 * to the newer summary; active by number), so the choice is too. A summary in both lists
 * counts once, and so do two that read the same (an exchange that recurred): a second
 * copy would tell the model nothing.
 */
export function chooseSummaries<T extends SummaryCandidate>(retrieved: readonly T[], active: readonly T[], limits: SummaryLimits): T[] {
  const chosen: T[] = [];
  const ids = new Set<string>();
  const bodies = new Set<string>();
  let tokens = 0;
  for (const row of [...retrieved, ...[...active].reverse()]) {
    if (chosen.length >= limits.count) break;
    if (ids.has(row.id) || bodies.has(row.body) || tokens + row.tokenCount > limits.tokens) continue;
    ids.add(row.id);
    bodies.add(row.body);
    tokens += row.tokenCount;
    chosen.push(row);
  }
  return chosen;
}
