import { foldText } from '../domains/fold-text.js';
import type { Embedder } from '../embeddings/embedder.js';
import { cosine } from '../embeddings/vector.js';
import { findFactRow, liveFactRowsBySubject, type FactRow } from '../storage/facts-repo.js';
import { toChunk } from '../tokens/chunks.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { looselyCorrectedSubject, mayCorrect, type LiveSubject } from './corrected-subject.js';
import { foldMessage } from './extraction/folded-text.js';
import { MAX_MESSAGE_CHARS, readUserMessage, type ExtractedFact, type ExtractionRole, type ForgetRequest } from './extraction/index.js';
import { ownParts } from './extraction/pasted-material.js';
import { instructionSense } from './extraction/rules-habit.js';
import { sameStemsAcross } from './bilingual-stems.js';
import { changedDecision } from './changed-decision.js';
import { statedClauses, type StatedClause } from './denials.js';
import { turnFactId } from './fact-ids.js';
import { addsNothingTo, hasValue, RESTATEMENT_SIMILARITY, rowVector, type StoredValues } from './fact-matching.js';
import { confirmingParts, contentStems, mentionedIn, mentions, type MentionPart } from './fact-words.js';
import { competingFacts, deleteFact, insertFact, reconfirmFact, supersedeFact, type Competition, type WriteContext } from './fact-writes.js';
import { isLiveStatus } from './fact-record.js';
import { forgetTargets } from './forget-targets.js';
import { polarityOf, samePolarity } from './polarity.js';
import { restoreSuperseded } from './taken-back.js';

/** One extracted fact with its vector and chunk size, ready to be written. */
export interface PreparedFact extends ExtractedFact {
  vector: Float32Array;
  tokenCount: number;
  /** The statement's content stems (`saysOther`), worked out before the transaction. */
  stems: ReadonlySet<string>;
}

/** The costly part of a turn's facts work, done before the transaction opens. */
export interface PreparedFacts {
  role: ExtractionRole;
  facts: PreparedFact[];
  forget: ForgetRequest | null;
  /**
   * The message's content stems when it may re-confirm the facts it mentions (none for a
   * forget request or a refused statement): a fact the whole message does not mention, no
   * part of it does.
   */
  stems: ReadonlySet<string>;
  /**
   * The parts of the message that re-confirm the facts they mention (`confirmingParts`),
   * worked out on the first call: only when the message mentions a fact at all, which
   * most do not (splitting it into clauses costs ~25 µs a message).
   */
  mentionParts: () => readonly MentionPart[];
  /**
   * The clauses of the message that state something (`statedClauses`), worked out on the
   * first call: a fact one of them says the opposite of is not asked about (`deniedIn`).
   */
  stated: () => readonly StatedClause[];
  /**
   * The content stems of the parts of the message the user said themselves, or null when
   * that is all of it (no pasted material: see extraction/pasted-material.ts).
   */
  ownStems: () => ReadonlySet<string> | null;
  /** The message stated something that is never stored (a credential, an attempt to steer the model). */
  refused: boolean;
  embedderId: string;
}

/** Where a user turn's facts come from; `at` is when the user said it (imports), default now. */
export interface TurnProvenance {
  sessionId: string;
  turnNumber: number;
  at?: number;
}

const NO_PARTS: readonly MentionPart[] = [];
const NO_STEMS: ReadonlySet<string> = new Set();
const noParts = (): readonly MentionPart[] => NO_PARTS;
const NO_CLAUSES: readonly StatedClause[] = [];
const noClauses = (): readonly StatedClause[] => NO_CLAUSES;

/**
 * `stemsOf` gives the content stems of a text (the facts service remembers them: fact
 * selection stems the same message again before the prompt is compiled).
 */
export async function prepareTurnFacts(
  deps: { embedder: Embedder; tokenizer: Tokenizer },
  text: string,
  role: ExtractionRole,
  stemsOf: (text: string) => ReadonlySet<string> = (text) => new Set(contentStems(text)),
): Promise<PreparedFacts> {
  if (role !== 'user') return { role, facts: [], forget: null, stems: NO_STEMS, mentionParts: noParts, stated: noClauses, ownStems: allOwn, refused: false, embedderId: deps.embedder.id };
  const { facts: extracted, forget, refused } = readUserMessage(text, { role });
  const vectors = extracted.length > 0 ? await deps.embedder.embedBatch(extracted.map((fact) => fact.statement)) : [];
  const facts = extracted.map((fact, i) => ({
    ...fact,
    vector: vectors[i] as Float32Array,
    tokenCount: deps.tokenizer.count(toChunk(fact.statement)),
    stems: stemsOf(fact.statement),
  }));
  // Naming a fact to forget it is no confirmation, even when the request matches nothing.
  // Nor is a refused statement: "my wifi password is hunter2" must not re-confirm "My
  // wifi name is hunter2" with the very words that were refused.
  let clauses: readonly StatedClause[] | undefined;
  const stated = (): readonly StatedClause[] => (clauses ??= statedClauses(text));
  let own: ReadonlySet<string> | null | undefined;
  const ownStems = (): ReadonlySet<string> | null => (own === undefined ? (own = ownPartsStems(text, stemsOf)) : own);
  if (forget !== null || refused) return { role, facts, forget, stems: NO_STEMS, mentionParts: noParts, stated, ownStems, refused, embedderId: deps.embedder.id };
  let parts: readonly MentionPart[] | undefined;
  const mentionParts = (): readonly MentionPart[] => (parts ??= confirmingParts(text, stemsOf));
  return { role, facts, forget, stems: stemsOf(text), mentionParts, stated, ownStems, refused, embedderId: deps.embedder.id };
}

const allOwn = (): null => null;

// The stems of what the user said themselves, when the message holds pasted material; else null.
function ownPartsStems(text: string, stemsOf: (text: string) => ReadonlySet<string>): ReadonlySet<string> | null {
  const folded = foldMessage(text.slice(0, MAX_MESSAGE_CHARS));
  const parts = ownParts(folded);
  if (parts.length === 1 && parts[0] === folded) return null;
  return stemsOf(parts.map((part) => part.original).join('\n'));
}

/**
 * Whether applying `prepared` may add, change, supersede or delete a fact, known before
 * the transaction opens (its commit must then be durable, spec §4). Re-confirmations by
 * mention alone do not count: the spec lets those wait for a batch, so losing one to a
 * power loss is allowed. False positives (a restatement that only re-confirms) cost one
 * fsync; there are no false negatives: `applyTurnFacts` writes nothing else. A correction
 * said in passing (`replacesOnly`) writes only over a live fact it may replace, read from
 * `live` (the index: committed facts, all there are when the transaction opens right
 * after, as nothing awaits in between); one another fact of the message writes first
 * counts already through that fact.
 */
export function mayChangeFacts(prepared: PreparedFacts, live: () => Iterable<LiveSubject>): boolean {
  if (prepared.role !== 'user') return false;
  return prepared.forget !== null || prepared.facts.some((fact) => !fact.replacesOnly || mayCorrect(fact, live()));
}

/**
 * Applies one user turn to the factual tier inside the caller's transaction: forget
 * requests first, then each extracted fact (retraction, restatement, contradiction or
 * new fact), then re-confirmation of the facts the message mentions. Only facts of the
 * same subject are ever replaced.
 */
export function applyTurnFacts(
  ctx: WriteContext,
  embedder: Pick<Embedder, 'id' | 'dims'>,
  prepared: PreparedFacts,
  provenance: TurnProvenance,
): void {
  if (prepared.role !== 'user') return;
  let facts = prepared.facts;
  if (prepared.forget) {
    // "…, don't remember that" in the message that states the facts: they are never written.
    // A correction that only replaces a stored fact states none: the request is then about
    // the turn before, as in a message that states nothing.
    if (prepared.forget.target !== null || facts.every((fact) => fact.replacesOnly)) forget(ctx, embedder, prepared.forget, provenance);
    if (prepared.forget.target === null) facts = [];
  }
  const usable = prepared.embedderId === embedder.id;
  facts.forEach((fact, index) => applyFact(ctx, embedder, fact, usable, turnFactId(provenance.sessionId, provenance.turnNumber, index), provenance));
  reconfirmMentioned(ctx, prepared);
}

// A bare "forget that" takes the last statement back: what it replaced holds again
// (taken-back.ts). Forgetting a fact by name forgets only that fact.
function forget(ctx: WriteContext, embedder: Pick<Embedder, 'id' | 'dims'>, request: ForgetRequest, provenance: TurnProvenance): void {
  const reason = `forgotten at the user's request (session ${provenance.sessionId}, turn ${provenance.turnNumber})`;
  const { rows: forgotten, notForgotten } = forgetTargets(ctx.db, ctx.storedValues, request, provenance, ctx.touched);
  ctx.changes.notForgotten.push(...notForgotten);
  for (const row of forgotten) deleteFact(ctx, row, reason);
  if (request.target === null && forgotten.length > 0) restoreSuperseded(ctx, forgotten, (row) => rowVector(row, embedder.id, embedder.dims));
}

function applyFact(
  ctx: WriteContext,
  embedder: Pick<Embedder, 'id' | 'dims'>,
  fact: PreparedFact,
  usable: boolean,
  id: string,
  provenance: TurnProvenance,
): void {
  if (fact.kind === 'retract') {
    // Read inside the transaction: facts written earlier in this turn are already there.
    const same = liveFactRowsBySubject(ctx.db, fact.subject);
    // Imported from the past (`at`): a fact confirmed since it was said stands.
    const current = same.filter((row) => row.lastConfirmedAt <= ctx.at);
    const byValue = fact.value === null ? current : current.filter((row) => retracts(row, fact.value as string, fact.subject, ctx.storedValues));
    // "I'm not vegetarian anymore" takes back "Soy vegetariano", a note keyed in its own words.
    const retracted = byValue.length > 0 || fact.value === null ? byValue : liveNotesSaying(ctx, fact.subject, fact.value).filter((row) => row.lastConfirmedAt <= ctx.at);
    // The statement is how the message was read, not the user's words: never shown as a quote.
    const reason = `retracted by the user (session ${provenance.sessionId}, turn ${provenance.turnNumber}), read as: ${fact.statement}`;
    for (const row of retracted) supersedeFact(ctx, row, null, reason);
    return;
  }
  const { restated: sameSubject, replaced, subject } = competition(ctx, embedder, fact, usable);
  // "I'm allergic to penicillin" says again "Soy alérgico a la penicilina", a note keyed in its own words.
  const restated = sameSubject ?? (replaced.length === 0 ? liveNotesSaying(ctx, fact.subject, fact.statement)[0] : undefined);
  if (restated) {
    if (!ctx.touched.has(restated.id)) reconfirmFact(ctx, restated, fact.confidence);
    return;
  }
  // "Actually, the standup moved to 10:00" is a fact only as the new value of a stored one.
  if (fact.replacesOnly && replaced.length === 0) return;
  // Imported from the past (`at`): a value of its subject confirmed since it was said stands.
  if (replaced.some((row) => row.lastConfirmedAt > ctx.at)) return;
  const similar = replaced.length === 0 && fact.value === null && usable ? mostSimilar(ctx, fact) : null;
  if (similar) {
    reconfirmFact(ctx, similar, fact.confidence);
    return;
  }
  const record = insertFact(ctx, {
    id,
    domain: fact.domain,
    fact: fact.statement,
    subject: subject ?? fact.subject,
    value: fact.value,
    confidence: fact.confidence,
    source: 'explicit',
    provenance: { sessionId: provenance.sessionId, turns: [provenance.turnNumber] },
    tokenCount: fact.tokenCount,
    vector: fact.vector,
    embedderId: embedder.id,
  });
  for (const row of replaced) supersedeFact(ctx, row, record.id, null);
}

// What the fact does to the live facts of its subject; a decision said with a sign of
// change that finds none there replaces the one it points to (changed-decision.ts), and a
// correction said in passing may name its thing with a word more or less (corrected-subject.ts).
function competition(ctx: WriteContext, embedder: Pick<Embedder, 'id' | 'dims'>, fact: PreparedFact, usable: boolean): Competition & { subject?: string } {
  const storedVector = usable ? (row: FactRow) => rowVector(row, embedder.id, embedder.dims) : () => null;
  const statement = { text: fact.statement, subject: fact.subject, value: fact.value, vector: fact.vector };
  const exact = competingFacts(ctx, statement, storedVector);
  if (exact.restated !== undefined || exact.replaced.length > 0) return exact;
  const changed = changedDecision(fact, ctx.index.values(), (id) => ctx.retired.has(id) || ctx.touched.has(id));
  const row = changed === null ? undefined : findFactRow(ctx.db, changed);
  // The new decision takes the old one's subject: "…in December" then replaces it as it would have the old one.
  if (row?.subject != null && isLiveStatus(row.status)) return { restated: undefined, replaced: [row], subject: row.subject };
  if (!fact.replacesOnly) return exact;
  const loose = looselyCorrectedSubject(fact, ctx.index.values(), ctx.retired);
  return loose === null ? exact : competingFacts(ctx, { ...statement, subject: loose }, storedVector);
}

// The live notes of another key that say `text` in the other language (`sameStemsAcross`,
// with the same polarity), for a note: a note's key is its own words ("note soy
// vegetariano", "note i am vegetarian"). The index holds the notes' stems already.
function liveNotesSaying(ctx: WriteContext, subject: string, text: string): FactRow[] {
  if (!subject.startsWith(NOTE)) return [];
  const stems = contentStems(text);
  const polarity = polarityOf(foldText(text));
  const rows: FactRow[] = [];
  for (const entry of ctx.index.values()) {
    if (entry.subject === null || entry.subject === subject || !entry.subject.startsWith(NOTE) || ctx.touched.has(entry.id)) continue;
    if (!sameStemsAcross(entry.stems, stems) || !samePolarity(entry.polarity, polarity)) continue;
    const row = findFactRow(ctx.db, entry.id);
    if (row && isLiveStatus(row.status)) rows.push(row);
  }
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const NOTE = 'note ';
const INSTRUCTION = 'instruction ';

// An instruction's retraction has, as its value, the sense it takes back ("Stop using em
// dashes": "always"), and a stored instruction's value opens with its own ("always before
// you commit anything", "never"): "Stop…" retires "Always use em dashes", never "Never use
// em dashes", which it repeats. Any other retraction names the value it takes back.
// An instruction stored before 2026-11-27 has no value: its statement says its sense.
function retracts(row: FactRow, value: string, subject: string, storedValues: StoredValues): boolean {
  if (!subject.startsWith(INSTRUCTION)) return hasValue(row, value, storedValues);
  const own = storedValues.of(row) ?? instructionSense(row.fact);
  return own.split(' ')[0] === value;
}

// A live fact of the same domain saying the same thing in other words (cosine > 0.85), if
// any: the new statement must add no content word to it (`addsNothingTo`).
function mostSimilar(ctx: WriteContext, fact: PreparedFact): FactRow | null {
  let best: { id: string; similarity: number } | null = null;
  for (const entry of ctx.index.values()) {
    if (entry.domain !== fact.domain || entry.vector === null || entry.vector.length !== fact.vector.length) continue;
    if (ctx.touched.has(entry.id)) continue;
    const similarity = cosine(entry.vector, fact.vector);
    if (similarity <= RESTATEMENT_SIMILARITY || !addsNothingTo(entry.stems, fact.statement)) continue;
    if (!best || similarity > best.similarity || (similarity === best.similarity && entry.id < best.id)) best = { id: entry.id, similarity };
  }
  const row = best ? findFactRow(ctx.db, best.id) : undefined;
  return row && isLiveStatus(row.status) ? row : null;
}

/**
 * Whether the message names a fact only in pasted material (`ownStems`): the whole message
 * mentions it, what the user said themselves does not. Such a fact is not asked about.
 */
export function namedOnlyInPaste(prepared: Pick<PreparedFacts, 'stems' | 'ownStems'>, stems: readonly string[]): boolean {
  const own = prepared.ownStems();
  return own !== null && mentions(prepared.stems, stems) && !mentions(own, stems);
}

/**
 * Whether a statement of the message holds the words of the fact with `stems` without being
 * it: it says something of its own ("my seed pet 2 is called Rex8" of "My seed pet 1 is
 * called Rex8"), so neither mentioning nor asking re-confirms that fact.
 */
export function saysOther(prepared: Pick<PreparedFacts, 'facts'>, stems: readonly string[]): boolean {
  return prepared.facts.some((fact) => mentions(fact.stems, stems));
}

// The user mentioning a fact again re-confirms it (spec §1.1), by the mention rule of
// fact-words, in the parts of the message that say it of the user (see `confirmingParts`).
// The whole message's stems find the candidates first: `mentionedIn` counts a fact's
// stems in some of its parts, never more than the whole holds. A fact the message shares
// no stem with it cannot mention: only the facts holding one of its stems are read.
// A statement the message makes says its own fact: it re-confirms a fact of its subject by
// restating it (`applyFact`), never another that merely shares its words, one it
// contradicts or qualifies otherwise ("I prefer aisle seats" and "…aisle seats on planes",
// "…on buses" and a dormant "…on trains").
function reconfirmMentioned(ctx: WriteContext, prepared: Pick<PreparedFacts, 'stems' | 'mentionParts' | 'facts'>): void {
  if (prepared.stems.size === 0) return;
  const candidates = ctx.index.sharingStems(prepared.stems).filter((entry) => !ctx.touched.has(entry.id) && mentions(prepared.stems, entry.stems));
  if (candidates.length === 0) return;
  const parts = prepared.mentionParts();
  const mentioned = candidates
    .filter((entry) => mentionedIn(parts, entry) && !saysOther(prepared, entry.stems))
    .map((entry) => entry.id)
    .sort();
  for (const id of mentioned) {
    const row = findFactRow(ctx.db, id);
    if (row && isLiveStatus(row.status)) reconfirmFact(ctx, row);
  }
}
