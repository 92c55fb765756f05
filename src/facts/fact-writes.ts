import type { Domain } from '../domains/domain.js';
import { vectorToBuffer } from '../embeddings/vector.js';
import type { Database, Db } from '../storage/database.js';
import { insertFactRow, liveFactRowsBySubject, updateFactRow, type FactRow } from '../storage/facts-repo.js';
import type { TxScope } from '../storage/transaction.js';
import { injectionClass, viewFact, type DecayInput } from './decay-rules.js';
import type { FactConfidence } from './extraction/index.js';
import { indexedFact, type FactIndex } from './fact-index.js';
import { restates, type StoredValues } from './fact-matching.js';
import { emptyChanges, type FactChanges, type FactProvenance, type FactRecord, type FactSource } from './fact-record.js';
import { recordOf } from './fact-rows.js';

/**
 * Called inside the transaction whenever facts are added, replaced, edited, deleted, or
 * re-confirmed into prompts they had decayed out of.
 */
export type FactsChangedHook = (scope: TxScope) => void;

/**
 * One write operation on the factual tier inside a caller's transaction: rows change
 * now, the in-memory index only after commit, and what changed is collected.
 */
export interface WriteContext {
  readonly db: Db;
  readonly index: FactIndex;
  /**
   * The values stored statements read as, for matching a new statement with the rows of
   * its subject (read inside the transaction, where rows written by it are not in the
   * index yet). The service's one memo, shared by every write: it remembers readings by
   * statement text, so no write makes it stale and a rolled-back one leaves nothing to undo.
   */
  readonly storedValues: StoredValues;
  readonly scope: TxScope;
  /** Time of the write (updated_at). */
  readonly now: number;
  /** Time the user said it (created_at, last_confirmed_at): `now` unless importing the past. */
  readonly at: number;
  readonly changes: FactChanges;
  /**
   * A fact changed, or came back into prompts (for the response cache); a plain
   * re-confirmation changes no answer.
   */
  factsChanged: boolean;
  /** Facts this operation already wrote; nothing touches a fact twice. */
  readonly touched: Set<string>;
  /** Facts this operation retired (superseded or deleted), still in the index until commit. */
  readonly retired: Set<string>;
}

/** A write's context on the service's parts, at `now`; `at` is when the user said it (`now` unless importing the past). */
export function writeContext(parts: FactStores, scope: TxScope, now: number, at = now): WriteContext {
  // Fields named one by one: spreading `parts` and then setting `at` again made this
  // literal cost more than the rest of a turn without facts (~3 µs).
  return {
    db: parts.database.db,
    index: parts.index,
    storedValues: parts.storedValues,
    scope,
    now,
    at,
    changes: emptyChanges(),
    factsChanged: false,
    touched: new Set(),
    retired: new Set(),
  };
}

/** What every write reads and changes: the database, the in-memory index and the stored values' memo. */
export interface FactStores {
  readonly database: Database;
  readonly index: FactIndex;
  readonly storedValues: StoredValues;
}

/** Everything a new fact needs; vectors and token counts are computed before the transaction. */
export interface NewFact {
  id: string;
  domain: Domain;
  fact: string;
  subject: string | null;
  value: string | null;
  confidence: FactConfidence;
  source: FactSource;
  provenance: FactProvenance;
  tokenCount: number;
  vector: Float32Array;
  embedderId: string;
}

export function insertFact(ctx: WriteContext, fact: NewFact): FactRecord {
  const row: FactRow = {
    id: fact.id,
    domain: fact.domain,
    fact: fact.fact,
    subject: fact.subject,
    confidence: fact.confidence,
    source: fact.source,
    status: 'active',
    supersededBy: null,
    deletedReason: null,
    provenanceSession: fact.provenance.sessionId,
    provenanceTurns: JSON.stringify(fact.provenance.turns),
    tokenCount: fact.tokenCount,
    embedding: vectorToBuffer(fact.vector),
    embedderId: fact.embedderId,
    createdAt: ctx.at,
    lastConfirmedAt: ctx.at,
    updatedAt: ctx.now,
  };
  insertFactRow(ctx.db, row);
  const record = recordOf(row);
  const entry = indexedFact({ ...record, vector: fact.vector, value: fact.value });
  ctx.scope.afterCommit(() => ctx.index.put(entry));
  ctx.touched.add(fact.id);
  ctx.factsChanged = true;
  ctx.changes.added.push(viewFact(record, ctx.now));
  return record;
}

/** A statement about to be written, as the subject rules read it. */
export interface CompetingStatement {
  text: string;
  /** Null when the statement reads as no one subject: it then competes with nothing. */
  subject: string | null;
  value: string | null;
  vector: Float32Array;
}

/** What a new statement does to the live facts of its subject. */
export interface Competition {
  /** The fact it says again (its value, or the same content): then nothing is replaced. */
  restated: FactRow | undefined;
  /** Otherwise, the facts it replaces (superseded, pointing to it): every live fact of its subject. */
  replaced: FactRow[];
}

/**
 * The contradiction rule of the factual tier (spec §1.1), the one a user turn's facts
 * follow (turn-facts.ts), for any writer: a statement competes with the live facts of its subject,
 * whatever their domain (instructions about answers share a subject by what they set,
 * "answer length", so they compete too). One that holds its value is restated; with none,
 * the statement replaces them all. `storedVector`: a row's vector when it may be compared
 * with the statement's (the same embedder made both), else null; `except`: a fact being
 * edited into the statement, which competes with nothing.
 */
export function competingFacts(
  ctx: Pick<WriteContext, 'db' | 'storedValues'>,
  statement: CompetingStatement,
  storedVector: (row: FactRow) => Float32Array | null,
  except?: string,
): Competition {
  if (statement.subject === null) return { restated: undefined, replaced: [] };
  // Read inside the transaction: facts written earlier in it are already there.
  const same = liveFactRowsBySubject(ctx.db, statement.subject).filter((row) => row.id !== except);
  const restated = same.find((row) => restates(row, statement, storedVector(row), ctx.storedValues));
  return restated ? { restated, replaced: [] } : { restated: undefined, replaced: same };
}

const CONFIDENCE_RANK: Record<FactConfidence, number> = { low: 0, medium: 1, high: 2 };

/**
 * Re-confirms a fact: last confirmed now, active again if it had decayed, and its
 * confidence raised (never lowered) to `confidence` when given.
 */
export function reconfirmFact(ctx: WriteContext, row: FactRow, confidence?: FactConfidence): void {
  const raised = confidence !== undefined && CONFIDENCE_RANK[confidence] > CONFIDENCE_RANK[row.confidence] ? confidence : row.confidence;
  const changes = { ...confirmed(ctx, row), confidence: raised, updatedAt: ctx.now };
  updateFactRow(ctx.db, row.id, changes);
  ctx.scope.afterCommit(() => ctx.index.patch(row.id, { status: 'active', confidence: raised, lastConfirmedAt: changes.lastConfirmedAt }));
  ctx.touched.add(row.id);
  // A stale, dormant or expired low-confidence fact confirmed again enters prompts it had left: answers without it may be wrong now.
  if (raised !== row.confidence || revivedBy(ctx, row)) ctx.factsChanged = true;
  ctx.changes.reconfirmed.push(viewFact(recordOf({ ...row, ...changes }), ctx.now));
}

/**
 * Whether re-confirming `row` (at `ctx.at`, seen at `ctx.now`) brings it back into the
 * prompts it had decayed out of: a dormant, stale or expired low-confidence fact.
 */
export function revivedBy(ctx: Pick<WriteContext, 'now' | 'at'>, row: DecayInput): boolean {
  return injectionClass(row, ctx.now) !== injectionClass({ ...row, ...confirmed(ctx, row) }, ctx.now);
}

// What a re-confirmation sets: active, confirmed at `at` (never earlier than it was).
function confirmed(ctx: Pick<WriteContext, 'at'>, row: DecayInput): { status: 'active'; lastConfirmedAt: number } {
  return { status: 'active', lastConfirmedAt: Math.max(row.lastConfirmedAt, ctx.at) };
}

/** Soft-deletes a fact replaced by `by`, or retired without a replacement (`by` null, with a reason). */
export function supersedeFact(ctx: WriteContext, row: FactRow, by: string | null, reason: string | null): void {
  const changes = { status: 'superseded' as const, supersededBy: by, deletedReason: reason, updatedAt: ctx.now };
  retire(ctx, row, changes);
  ctx.changes.superseded.push(viewFact(recordOf({ ...row, ...changes }), ctx.now));
}

/** Soft-deletes a fact (status deleted, with why). Nothing is ever removed from the table. */
export function deleteFact(ctx: WriteContext, row: FactRow, reason: string): void {
  const changes = { status: 'deleted' as const, deletedReason: reason, updatedAt: ctx.now };
  retire(ctx, row, changes);
  ctx.changes.deleted.push(viewFact(recordOf({ ...row, ...changes }), ctx.now));
}

/**
 * Makes a superseded fact live again, its replacement taken back ("scratch that" after
 * "now I work at Globex"): active, replaced by nothing, confirmed at `at` as a restatement
 * is (the user just said that it still holds), listed as re-confirmed, and back in the
 * index after commit with `vector` (its stored one, when the current embedder made it).
 */
export function restoreFact(ctx: WriteContext, row: FactRow, vector: Float32Array | null): void {
  const changes = { ...confirmed(ctx, row), supersededBy: null, deletedReason: null, updatedAt: ctx.now };
  updateFactRow(ctx.db, row.id, changes);
  const record = recordOf({ ...row, ...changes });
  const entry = indexedFact({ ...record, vector, value: ctx.storedValues.of(row) });
  ctx.scope.afterCommit(() => ctx.index.put(entry));
  ctx.touched.add(row.id);
  ctx.factsChanged = true;
  ctx.changes.reconfirmed.push(viewFact(record, ctx.now));
}

function retire(ctx: WriteContext, row: FactRow, changes: Partial<FactRow>): void {
  updateFactRow(ctx.db, row.id, changes);
  ctx.scope.afterCommit(() => ctx.index.remove(row.id));
  ctx.touched.add(row.id);
  ctx.retired.add(row.id);
  ctx.factsChanged = true;
}

/** Tells the hook, once per operation, when the operation changed facts. */
export function finishWrites(ctx: WriteContext, hook: FactsChangedHook | undefined): FactChanges {
  if (hook && ctx.factsChanged) hook(ctx.scope);
  return ctx.changes;
}
