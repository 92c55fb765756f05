import { foldText } from '../domains/fold-text.js';
import type { Embedder } from '../embeddings/embedder.js';
import { toChunk } from '../tokens/chunks.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { extractFacts } from './extraction/index.js';

/** The subject key and value the extraction rules read in a stored statement, when they read exactly one. */
export interface StatementKey {
  subject: string | null;
  value: string | null;
}

/**
 * Reads a statement as if the user had asked to remember it. Used for facts added
 * through the API (so a later "my editor is Helix" supersedes an API-added "my editor
 * is Vim") and to recover the value of stored facts (the table keeps only the subject).
 */
export function readStatement(statement: string): StatementKey {
  const [fact, ...more] = extractFacts(`Remember that ${statement}`, { role: 'user' });
  if (!fact || more.length > 0 || fact.kind === 'retract') return { subject: null, value: null };
  return { subject: fact.subject, value: fact.value };
}

/** The value of a stored fact, when its statement still reads as the same subject (`read`: how statements are read, remembered or not). */
export function storedValue(statement: string, subject: string | null, read: (statement: string) => StatementKey = readStatement): string | null {
  if (subject === null) return null;
  const key = read(statement);
  return key.subject === subject ? key.value : null;
}

/** A statement with what writing it needs, computed before any transaction opens. */
export interface PreparedStatement extends StatementKey {
  text: string;
  vector: Float32Array;
  tokenCount: number;
}

export async function prepareStatement(deps: { embedder: Embedder; tokenizer: Tokenizer }, text: string): Promise<PreparedStatement> {
  const trimmed = text.normalize('NFC').trim();
  const tokenCount = deps.tokenizer.count(toChunk(trimmed));
  return { text: trimmed, vector: await deps.embedder.embed(trimmed), tokenCount, ...readStatement(trimmed) };
}

/** A statement as the API stores it: NFC, trimmed, whitespace runs collapsed (prompt text: a run costs tokens and says nothing more). */
export function cleanStatement(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/**
 * What two statements of one fact share whatever their case, accents, spacing or closing
 * punctuation ("I drink oat milk." and "i drink  oat milk" are one fact). Stored facts go
 * through it too: those written before statements were cleaned may hold runs of spaces.
 */
export function twinKey(text: string): string {
  return foldText(cleanStatement(text).replace(/[\s.!…]+$/u, ''));
}
