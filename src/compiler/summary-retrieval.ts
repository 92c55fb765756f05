import { STOP_WORDS } from '../conversation/stopwords.js';
import { foldText, foldedWords } from '../conversation/text-normalise.js';
import type { SummaryRow } from '../storage/conversation-store.js';
import type { PastReference } from './past-reference.js';

/**
 * Archived summaries that answer a question about the past: those overlapping the
 * named day range (if any) and sharing content words with the message, best first
 * (more shared words, then newer). Lexical and deterministic: no vectors needed.
 */
export function retrieveArchived(message: string, reference: PastReference, archived: readonly SummaryRow[], limit: number): SummaryRow[] {
  const words = contentWords(message);
  const scored = archived
    .filter((row) => reference.range === null || (row.endedAt >= reference.range.from && row.startedAt <= reference.range.to))
    .map((row) => ({ row, shared: sharedWords(words, row.body) }))
    .filter(({ shared }) => shared > 0 || (reference.range !== null && words.size === 0));
  scored.sort((a, b) => b.shared - a.shared || b.row.seq - a.row.seq);
  return scored.slice(0, limit).map(({ row }) => row);
}

function contentWords(text: string): Set<string> {
  return new Set(foldedWords(foldText(text)).filter((word) => word.length > 2 && !STOP_WORDS.has(word)));
}

function sharedWords(words: ReadonlySet<string>, body: string): number {
  let shared = 0;
  for (const word of contentWords(body)) if (words.has(word)) shared += 1;
  return shared;
}
