import type { sessions, summaries, turns } from './schema.js';

export type SessionRow = typeof sessions.$inferSelect;
export type TurnRow = typeof turns.$inferSelect;
export type NewTurn = typeof turns.$inferInsert;
export type SummaryRow = typeof summaries.$inferSelect;
export type NewSummary = typeof summaries.$inferInsert;
export type SessionChanges = Partial<Omit<SessionRow, 'id' | 'createdAt'>>;

/** An archived summary as retrieval lists it. */
export interface ArchivedId {
  id: string;
  seq: number;
}

/** What tells one state of a session's archive from another (see SummaryArchiveCache). */
export interface ArchiveBounds {
  count: number;
  /** The lowest and highest numbers in the archive; 0 when it is empty. */
  minSeq: number;
  maxSeq: number;
  /** The newest archived summary's id; null when the archive is empty. */
  maxId: string | null;
}

/** How many summaries a session keeps, per archiveOldSummaries. */
export interface ArchiveKeep {
  /** Active summaries: the newest this many stay active. */
  active: number;
  /** Archived summaries kept when the oldest are deleted. */
  archived: number;
  /** How many more than `archived` the archive may hold before its oldest are deleted (default 0: deleted at once). */
  slack?: number;
}

/** A session's newly recorded turn, as its row keeps it. */
export interface SessionTurnUpdate {
  turnNumber: number;
  at: number;
  now: number;
}

export interface WindowDecision {
  size: number;
  reason: string;
  detail: string;
}
