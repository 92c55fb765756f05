import { STOP_WORDS } from '../conversation/stopwords.js';
import { foldText, foldedWords } from '../conversation/text-normalise.js';
import type { ConversationStore, SummaryRow } from '../storage/conversation-store.js';
import type { PastReference } from './past-reference.js';

/** At most this many of the message's words are searched for (the first ones: questions lead with their subject). */
const MAX_TERMS = 10;
const ALL_TIME = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };

/**
 * Archived summaries that answer a question about the past: within the named day range
 * (if any), ranked by bm25 on the message's content words over the summaries' text.
 * Lexical and deterministic; with a range but no content words, the newest of the range.
 */
export function retrieveArchived(store: ConversationStore, sessionId: string, message: string, reference: PastReference, limit: number): SummaryRow[] {
  const terms = [...contentWords(message)].slice(0, MAX_TERMS);
  if (terms.length === 0 && reference.range === null) return [];
  return store.searchArchivedSummaries(sessionId, terms, reference.range ?? ALL_TIME, limit);
}

function contentWords(text: string): Set<string> {
  return new Set(foldedWords(foldText(text.slice(0, 4000))).filter((word) => word.length > 2 && !STOP_WORDS.has(word)));
}
