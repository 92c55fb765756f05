import { contentWords } from '../conversation/content-words.js';
import type { ConversationStore, SummaryRow } from '../storage/conversation-store.js';
import type { PastReference } from './past-reference.js';

/** At most this many of the message's words are searched for (the first ones: questions lead with their subject). */
const MAX_TERMS = 10;
const ALL_TIME = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };
// Okapi BM25's usual constants.
const K1 = 1.2;
const B = 0.75;

/**
 * Archived summaries that answer a question about the past: within the named day range
 * (if any), ranked by BM25 of the message's content words over the summaries' words
 * (document frequencies from the session's own archive), newest first on ties; with a
 * range but no content words, the newest of the range. Reads the archive only when a
 * message asks about the past, so ordinary turns pay nothing for it.
 */
export function retrieveArchived(store: ConversationStore, sessionId: string, message: string, reference: PastReference, limit: number): SummaryRow[] {
  const terms = contentWords(message).slice(0, MAX_TERMS);
  if (terms.length === 0 && reference.range === null) return [];
  const archive = store.archivedSummaryTerms(sessionId, reference.range ?? ALL_TIME);
  const ranked = terms.length === 0 ? archive : rankByBm25(terms, archive);
  return ranked.slice(0, limit).flatMap(({ id }) => store.findSummary(id) ?? []);
}

/** The documents matching at least one term, best first; ties keep the input order (newest first). */
export function rankByBm25<D extends { searchText: string }>(terms: readonly string[], documents: readonly D[]): D[] {
  const words = documents.map((document) => document.searchText.split(' '));
  const averageLength = words.reduce((sum, each) => sum + each.length, 0) / Math.max(1, words.length);
  const idf = new Map(
    terms.map((term) => {
      const containing = words.filter((each) => each.includes(term)).length;
      return [term, Math.log(1 + (documents.length - containing + 0.5) / (containing + 0.5))];
    }),
  );
  const scored = documents.map((document, index) => {
    const each = words[index] ?? [];
    let score = 0;
    for (const term of terms) {
      const frequency = each.filter((word) => word === term).length;
      if (frequency === 0) continue;
      score += ((idf.get(term) ?? 0) * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * each.length) / averageLength));
    }
    return { document, index, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.document);
}
