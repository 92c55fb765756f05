import { foldText } from '../domains/fold-text.js';
import type { Domain } from '../domains/domain.js';
import { vectorToBuffer } from '../embeddings/vector.js';
import { ConflictError, InvalidRequestError, NotFoundError } from '../errors.js';
import { factRowsSupersededBy, findFactRow, listFactRows, updateFactRow, type FactRow } from '../storage/facts-repo.js';
import { runInTransaction, type TransactionOptions } from '../storage/transaction.js';
import { effectiveStatus, injectionClass, viewFact } from './decay-rules.js';
import { cleanMessage } from './extraction/extract-facts.js';
import { holdsSecret } from '../credentials.js';
import { mentionsSecret } from './extraction/guards.js';
import type { FactConfidence } from './extraction/index.js';
import { indexedFact } from './fact-index.js';
import { FACT_STATUSES, isLiveStatus, LIVE_STATUSES, type FactStatus, type FactView } from './fact-record.js';
import { recordOf } from './fact-rows.js';
import { cleanStatement, prepareStatement, twinKey, type PreparedStatement } from './fact-statement.js';
import { competingFacts, deleteFact, finishWrites, insertFact, reconfirmFact, supersedeFact, writeContext, type WriteContext } from './fact-writes.js';
import type { FactsRuntime } from './facts-deps.js';
import { rowVector } from './fact-matching.js';

export interface FactListFilter {
  domain?: Domain;
  /** One status (effective, at read time) or 'all'; default 'active'. */
  status?: FactStatus | 'all';
  /** Accent- and case-insensitive substring of the statement. */
  q?: string;
  /** Default 100. */
  limit?: number;
}

export const DEFAULT_LIST_LIMIT = 100;

// Every write through the API is acknowledged to the assistant: it commits with an fsync (spec §4).
const ACKNOWLEDGED: TransactionOptions = { durable: true };

/** Facts as readers see them now, newest first (ties by id, descending). */
export function listFacts(rt: FactsRuntime, filter: FactListFilter): FactView[] {
  const status = filter.status ?? 'active';
  const stored = status === 'all' ? FACT_STATUSES : isLiveStatus(status) ? LIVE_STATUSES : [status];
  const needle = filter.q === undefined ? null : foldText(filter.q.trim());
  const now = rt.clock.now();
  const out: FactView[] = [];
  const limit = filter.limit ?? DEFAULT_LIST_LIMIT;
  for (const row of listFactRows(rt.database.db, { statuses: stored, ...(filter.domain ? { domain: filter.domain } : {}) })) {
    if (out.length >= limit) break;
    // An erased fact has no text left to search: its placeholder is no match for `q=erased`.
    if (needle && (row.fact === ERASED_FACT || !foldText(row.fact).includes(needle))) continue;
    const view = viewFact(recordOf(row), now);
    if (status === 'all' || view.status === status) out.push(view);
  }
  return out;
}

export function getFact(rt: FactsRuntime, id: string): FactView {
  return viewFact(recordOf(requireRow(rt, id)), rt.clock.now());
}

export interface NewFactInput {
  fact: string;
  domain: Domain;
  /** Default high: the assistant adds a fact because it was stated explicitly. */
  confidence?: FactConfidence;
}

/** What adding a fact did: inserted it (and replaced the facts of its subject), or re-confirmed the same fact already live. */
export interface AddedFact {
  fact: FactView;
  created: boolean;
  /** The live facts the new one replaced: superseded, pointing to it. */
  superseded: FactView[];
}

/**
 * Adds a fact, durable (fsynced) when this resolves, its whitespace runs collapsed. The
 * same statement (case, accents, spacing and closing . ! … aside) already live in the
 * domain is re-confirmed instead of added twice (spec §1.1: a fact mentioned again is
 * confirmed), so a resent request never doubles a fact in the prompts; live in another
 * domain, it is a conflict: both copies would be injected. A new fact replaces the live
 * facts of its subject by the message path's rule (`competingFacts`: "My shoe size is 44"
 * supersedes "…43"), unless one of them holds its value. A statement naming a credential
 * is refused, as in a message.
 */
export async function addFact(rt: FactsRuntime, input: NewFactInput): Promise<AddedFact> {
  const text = cleanStatement(input.fact);
  refuseCredential(text);
  const prepared = await prepareStatement(rt, text);
  const id = rt.ids.next('fact');
  return runInTransaction(rt.database, (scope) => {
    const ctx = writeContext(rt, scope, rt.clock.now());
    const twins = liveTwins(rt, prepared.text);
    const same = twins.find((row) => row.domain === input.domain) ?? twins[0];
    if (same !== undefined) {
      if (same.domain !== input.domain) throw sameFactAs('body.fact', prepared.text, same);
      reconfirmFact(ctx, same, input.confidence);
      return { fact: finishWrites(ctx, rt.onFactsChanged).reconfirmed[0] as FactView, created: false, superseded: [] };
    }
    const replaced = replacedBy(rt, ctx, prepared);
    insertFact(ctx, {
      id,
      domain: input.domain,
      fact: prepared.text,
      subject: prepared.subject,
      value: prepared.value,
      confidence: input.confidence ?? 'high',
      source: 'explicit',
      provenance: { sessionId: null, turns: [] },
      tokenCount: prepared.tokenCount,
      vector: prepared.vector,
      embedderId: rt.embedder.id,
    });
    for (const row of replaced) supersedeFact(ctx, row, id, null);
    const changes = finishWrites(ctx, rt.onFactsChanged);
    return { fact: changes.added[0] as FactView, created: true, superseded: changes.superseded };
  }, ACKNOWLEDGED);
}

// Credentials are never stored, wherever they are named (README): the message path's own
// guard, on the statement folded as extraction folds a message, so both paths refuse the same words.
function refuseCredential(text: string): void {
  if (!mentionsSecret(cleanMessage(text).folded) && !holdsSecret(text)) return;
  const message = 'names or holds a credential or payment detail (a password, PIN, key, token, code, card or account number, a URL with its password); those are never stored';
  throw new InvalidRequestError(`invalid request: body.fact: ${message}`, [{ path: 'body.fact', message }]);
}

// The live facts with the same statement, in any domain: a domain only says when a fact
// is selected, and two copies of one statement would both be injected. The in-memory index
// holds every live fact, each with its twin key: only the matches are read from the
// database. `except`: the fact being edited, which may keep its own statement in another form.
function liveTwins(rt: FactsRuntime, text: string, except?: string): FactRow[] {
  const key = twinKey(text);
  const twins: FactRow[] = [];
  for (const fact of rt.index.values()) {
    if (fact.id === except || fact.twinKey !== key) continue;
    const row = findFactRow(rt.database.db, fact.id);
    if (row) twins.push(row);
  }
  return twins;
}

// The live facts a statement supersedes (`competingFacts`); none when one of them holds
// its value: a restatement in other words is no contradiction, and is written as before.
function replacedBy(rt: FactsRuntime, ctx: WriteContext, statement: PreparedStatement, except?: string): FactRow[] {
  return competingFacts(ctx, statement, (row) => rowVector(row, rt.embedder.id, rt.embedder.dims), except).replaced;
}

// `path`: the request's field that made the statement another live fact's.
function sameFactAs(path: 'body.fact' | 'body.domain', text: string, same: FactRow, id?: string): ConflictError {
  return new ConflictError(`${path}: "${text}" is already fact ${same.id} in ${same.domain}; confirm or edit that one instead`, {
    path,
    ...(id === undefined ? {} : { id }),
    sameAs: same.id,
  });
}

export interface FactEdit {
  fact?: string;
  domain?: Domain;
  confidence?: FactConfidence;
  /** Re-confirm: last confirmed now, active again if it had decayed. */
  confirm?: boolean;
}

/** What editing a fact did: the fact as it is now, whether its text, domain or confidence changed, and the facts its new statement replaced. */
export interface EditedFact {
  fact: FactView;
  edited: boolean;
  /** The live facts of its new statement's subject (superseded, pointing to it), as adding it would replace them. */
  superseded: FactView[];
}

/**
 * Edits or re-confirms a fact that still holds; a superseded or deleted one is a conflict,
 * and so is an edit that would make it the same statement as another live fact, in any
 * domain (the one POST would re-confirm): two live copies of a fact would both be
 * injected. A new statement replaces the other live facts of its subject as a new fact
 * does (`addFact`); one naming a credential is refused.
 */
export async function editFact(rt: FactsRuntime, id: string, edit: FactEdit): Promise<EditedFact> {
  const text = edit.fact === undefined ? undefined : cleanStatement(edit.fact);
  if (text !== undefined) refuseCredential(text);
  const current = requireLive(requireRow(rt, id));
  const prepared = text !== undefined && text !== current.fact ? await prepareStatement(rt, text) : null;
  return runInTransaction(rt.database, (scope) => {
    // Read again: the fact may have changed while the statement was being embedded.
    const row = requireLive(requireRow(rt, id));
    const now = rt.clock.now();
    const ctx = writeContext(rt, scope, now);
    const next: FactRow = {
      ...row,
      ...(prepared ? statementColumns(rt, prepared) : {}),
      domain: edit.domain ?? row.domain,
      confidence: edit.confidence ?? row.confidence,
      lastConfirmedAt: edit.confirm ? Math.max(row.lastConfirmedAt, now) : row.lastConfirmedAt,
      updatedAt: now,
    };
    const replaced = prepared ? replacedByStatement(rt, ctx, prepared, next) : [];
    if (!prepared && next.domain !== row.domain) refuseTwinIn(rt, next);
    next.status = effectiveStatus({ ...next, status: 'active' }, now);
    // An edit that sets what the fact already says changes nothing, its update time included.
    const edited = next.fact !== row.fact || next.domain !== row.domain || next.confidence !== row.confidence;
    if (!edited && next.lastConfirmedAt === row.lastConfirmedAt && next.status === row.status) next.updatedAt = row.updatedAt;
    updateFactRow(rt.database.db, id, next);
    ctx.touched.add(id);
    const vector = prepared ? prepared.vector : rowVector(row, rt.embedder.id, rt.embedder.dims);
    const entry = indexedFact({ ...recordOf(next), vector, value: prepared ? prepared.value : rt.storedValues.of(next) });
    scope.afterCommit(() => rt.index.put(entry));
    for (const rival of replaced) supersedeFact(ctx, rival, id, null);
    // A confirmation that brings a decayed fact back into prompts changes answers as an edit does.
    const reactivated = injectionClass(row, now) !== injectionClass(next, now);
    if (edited || reactivated) ctx.factsChanged = true;
    const { superseded } = finishWrites(ctx, rt.onFactsChanged);
    return { fact: viewFact(recordOf(next), now), edited, superseded };
  }, ACKNOWLEDGED);
}

// The facts the edited fact's new statement replaces; throws when it is another live fact's statement.
function replacedByStatement(rt: FactsRuntime, ctx: WriteContext, prepared: PreparedStatement, next: FactRow): FactRow[] {
  const [twin] = liveTwins(rt, next.fact, next.id);
  if (twin !== undefined) throw sameFactAs('body.fact', next.fact, twin, next.id);
  return replacedBy(rt, ctx, prepared, next.id);
}

// A fact moved to another domain that already holds its statement (stored before twins
// were refused across domains) would be a second copy of it there.
function refuseTwinIn(rt: FactsRuntime, next: FactRow): void {
  const twin = liveTwins(rt, next.fact, next.id).find((row) => row.domain === next.domain);
  if (twin !== undefined) throw sameFactAs('body.domain', next.fact, twin, next.id);
}

function statementColumns(rt: FactsRuntime, prepared: PreparedStatement): Partial<FactRow> {
  return {
    fact: prepared.text,
    subject: prepared.subject,
    tokenCount: prepared.tokenCount,
    embedding: vectorToBuffer(prepared.vector),
    embedderId: rt.embedder.id,
  };
}

/** Re-confirms a fact that still holds (the API's `confirm: true` without other changes). */
export function confirmFact(rt: FactsRuntime, id: string): FactView {
  return runInTransaction(rt.database, (scope) => {
    const row = requireLive(requireRow(rt, id));
    const ctx = writeContext(rt, scope, rt.clock.now());
    reconfirmFact(ctx, row);
    return finishWrites(ctx, rt.onFactsChanged).reconfirmed[0] as FactView;
  }, ACKNOWLEDGED);
}

export const API_DELETE_REASON = 'deleted through the API';

/** A fact as a delete or an erase left it, and whether that call deleted it (it was live). */
export interface RemovedFact {
  fact: FactView;
  deleted: boolean;
}

/**
 * Soft-deletes a fact that still holds (status deleted, with the reason). A fact already
 * deleted (a DELETE resent after a timeout) is returned as it stands, unchanged; a
 * superseded one is a conflict.
 */
export function removeFact(rt: FactsRuntime, id: string, reason?: string): RemovedFact {
  return runInTransaction(rt.database, (scope) => {
    const found = requireRow(rt, id);
    if (found.status === 'deleted') return { fact: viewFact(recordOf(found), rt.clock.now()), deleted: false };
    const row = requireLive(found);
    const ctx = writeContext(rt, scope, rt.clock.now());
    deleteFact(ctx, row, reason?.trim() || API_DELETE_REASON);
    return { fact: finishWrites(ctx, rt.onFactsChanged).deleted[0] as FactView, deleted: true };
  }, ACKNOWLEDGED);
}

/** What an erased fact's text becomes: its row stays (the chain still reads), its words do not. */
export const ERASED_FACT = '[erased]';
export const ERASE_REASON = 'erased through the API';

/**
 * Erases a fact and every fact it replaced, the older values of the same thing ("erase my
 * address" erases each address stored before it too): each row keeps its id, domain,
 * dates, provenance and place in the supersede chain, loses its text (`ERASED_FACT`),
 * subject and vector, and is deleted if it was live (a superseded one stays superseded).
 * Every cached answer is dropped, as for any change of a fact. Erasing an erased fact
 * changes nothing. What the conversation said of it (a summary, the window) is not the
 * facts tier's, and stays (README).
 */
export function eraseFact(rt: FactsRuntime, id: string, reason?: string): RemovedFact {
  return runInTransaction(rt.database, (scope) => {
    const start = requireRow(rt, id);
    const ctx = writeContext(rt, scope, rt.clock.now());
    const why = reason?.trim() || ERASE_REASON;
    for (const row of [start, ...olderVersions(rt, start)]) {
      if (row.fact === ERASED_FACT && row.subject === null && row.embedding === null) continue;
      if (isLiveStatus(row.status)) deleteFact(ctx, row, why);
      updateFactRow(rt.database.db, row.id, { fact: ERASED_FACT, subject: null, embedding: null, embedderId: null, deletedReason: why, updatedAt: ctx.now });
      ctx.factsChanged = true;
    }
    const deleted = finishWrites(ctx, rt.onFactsChanged).deleted.some((fact) => fact.id === id);
    return { fact: viewFact(recordOf(requireRow(rt, id)), ctx.now), deleted };
  }, ACKNOWLEDGED);
}

// Every fact `row` replaced, transitively (the older part of its supersede chain).
function olderVersions(rt: FactsRuntime, row: FactRow): FactRow[] {
  const found = new Map<string, FactRow>();
  let frontier = [row.id];
  while (frontier.length > 0) {
    const older = factRowsSupersededBy(rt.database.db, frontier).filter((each) => each.id !== row.id && !found.has(each.id));
    for (const each of older) found.set(each.id, each);
    frontier = older.map((each) => each.id);
  }
  return [...found.values()];
}

/**
 * The supersede chain of a fact: every fact it replaced (transitively), the fact, and
 * every fact that replaced it, in order of replacement: a fact comes after the facts it
 * replaced (then by creation time and id).
 */
export function factChain(rt: FactsRuntime, id: string): FactView[] {
  const start = requireRow(rt, id);
  const found = new Map<string, FactRow>([[start.id, start], ...olderVersions(rt, start).map((row) => [row.id, row] as const)]);
  let newer = start.supersededBy;
  while (newer !== null && !found.has(newer)) {
    const row = findFactRow(rt.database.db, newer);
    if (!row) break;
    found.set(row.id, row);
    newer = row.supersededBy;
  }
  const hops = (row: FactRow): number => {
    let count = 0;
    for (let next = row.supersededBy; next !== null && count < found.size; count++) next = found.get(next)?.supersededBy ?? null;
    return count;
  };
  const now = rt.clock.now();
  return [...found.values()]
    .map((row) => ({ row, hops: hops(row) }))
    .sort((a, b) => b.hops - a.hops || a.row.createdAt - b.row.createdAt || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0))
    .map(({ row }) => viewFact(recordOf(row), now));
}

function requireRow(rt: FactsRuntime, id: string): FactRow {
  const row = findFactRow(rt.database.db, id);
  if (!row) throw new NotFoundError(`no fact ${id}`, { id });
  return row;
}

function requireLive(row: FactRow): FactRow {
  if (isLiveStatus(row.status)) return row;
  const detail = row.status === 'superseded' && row.supersededBy ? ` (replaced by ${row.supersededBy})` : '';
  throw new ConflictError(`fact ${row.id} is ${row.status}${detail}; only active, dormant or stale facts can be changed`, {
    id: row.id,
    status: row.status,
    supersededBy: row.supersededBy,
  });
}
