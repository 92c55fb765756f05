import { vectorToBuffer } from '../embeddings/vector.js';
import { factRowsNeedingEmbedding, findFactRow, liveFactRows, updateFactRow } from '../storage/facts-repo.js';
import { runInTransaction, type TxScope } from '../storage/transaction.js';
import type { ExtractionRole } from './extraction/index.js';
import { deniedIn } from './denials.js';
import { FactIndex, indexedFact } from './fact-index.js';
import { rowVector, StoredValues } from './fact-matching.js';
import { isLiveStatus, type FactChanges, type FactView } from './fact-record.js';
import { recordOf } from './fact-rows.js';
import { readStatement, type StatementKey } from './fact-statement.js';
import type { FactSelection, FactSelectionRequest } from './fact-selection.js';
import { DEFAULT_SELECTION, selectFacts, type SelectionOptions } from './fact-selector.js';
import { finishWrites, writeContext } from './fact-writes.js';
import { StemSets } from './fact-words.js';
import type { FactsRuntime, FactsServiceDeps } from './facts-deps.js';
import {
  addFact,
  confirmFact,
  editFact,
  factChain,
  getFact,
  listFacts,
  eraseFact,
  removeFact,
  type AddedFact,
  type RemovedFact,
  type EditedFact,
  type FactEdit,
  type FactListFilter,
  type NewFactInput,
} from './fact-operations.js';
import { ReconfirmQueue, reconfirmRevived, writeQueuedReconfirmations } from './reconfirm-queue.js';
import { currentSubjectKey, rekeySubjects, type Rekey } from './subject-rekey.js';
import { applyTurnFacts, mayChangeFacts, namedOnlyInPaste, prepareTurnFacts, saysOther, type PreparedFacts, type TurnProvenance } from './turn-facts.js';

const REEMBED_BATCH = 64;

/**
 * The factual tier: writes facts from user turns and the API, answers the prompt
 * compiler's selection from an in-memory index of the live facts, and lists them.
 * Build it, `await start()` once (re-embeds and loads the index), then use it.
 */
export class FactsService {
  private readonly rt: FactsRuntime;
  /** The stems of the message (prepared, then selected for) and of the turns before it, which come back on the next messages. */
  private readonly stems = new StemSets();
  /** Facts a prompt answered a question with, re-confirmed in batches (spec §4, §6). */
  private readonly reconfirmQueue = new ReconfirmQueue();

  constructor(deps: FactsServiceDeps) {
    this.rt = { ...deps, index: new FactIndex(), storedValues: new StoredValues() };
  }

  /**
   * Re-embeds facts stored by another embedder, then loads the index, re-keying the
   * preferences stored under an older key on the way (subject-rekey.ts): the statements the
   * index reads anyway say which, so a start with none to re-key does no more than load.
   */
  async start(): Promise<{ reembedded: number; rekeyed: number; indexed: number }> {
    const reembedded = await this.reembedStale();
    const rekeyed = this.loadIndex();
    return { reembedded, rekeyed, indexed: this.rt.index.size };
  }

  /** (Re)loads the index of live facts from the database; returns how many facts it re-keyed (`currentSubjectKey`). */
  loadIndex(): number {
    const { database, embedder } = this.rt;
    const rows = liveFactRows(database.db);
    const readings = rows.map((row) => readStatement(row.fact));
    const rekeys: Rekey[] = [];
    const current = rows.map((row, i) => {
      const subject = currentSubjectKey(row, readings[i] as StatementKey);
      if (subject === null) return row;
      rekeys.push({ id: row.id, subject });
      return { ...row, subject };
    });
    const rekeyed = rekeySubjects(database, this.rt.clock.now(), rekeys);
    const entries = current.map((row, i) => {
      const reading = readings[i] as StatementKey;
      const value = row.subject !== null && reading.subject === row.subject ? reading.value : null;
      return indexedFact({ ...recordOf(row), vector: rowVector(row, embedder.id, embedder.dims), value });
    });
    this.rt.index.replaceAll(entries);
    return rekeyed;
  }

  /** Gives every live fact a vector of the current embedder; returns how many were re-embedded. */
  async reembedStale(): Promise<number> {
    const { database, embedder } = this.rt;
    const rows = factRowsNeedingEmbedding(database.db, embedder.id);
    let done = 0;
    for (let start = 0; start < rows.length; start += REEMBED_BATCH) {
      const batch = rows.slice(start, start + REEMBED_BATCH);
      const vectors = await embedder.embedBatch(batch.map((row) => row.fact));
      done += runInTransaction(database, (scope) => {
        let written = 0;
        batch.forEach((row, i) => {
          const current = findFactRow(database.db, row.id);
          const vector = vectors[i];
          // A fact edited meanwhile already has a fresh vector; a retired one needs none.
          if (!vector || !current || current.fact !== row.fact || !isLiveStatus(current.status)) return;
          updateFactRow(database.db, row.id, { embedding: vectorToBuffer(vector), embedderId: embedder.id });
          scope.afterCommit(() => this.rt.index.patch(row.id, { vector }));
          written += 1;
        });
        return written;
      });
    }
    return done;
  }

  /** Extraction, embeddings and token counts of a message, outside any transaction. Only 'user' turns yield facts. */
  prepareFromMessage(text: string, role: ExtractionRole = 'user'): Promise<PreparedFacts> {
    return prepareTurnFacts(this.rt, text, role, (message) => this.stems.of(message));
  }

  /** Whether writing `prepared` may add, change or retire a fact: its transaction must then commit durably. */
  mayChangeFacts(prepared: PreparedFacts): boolean {
    return mayChangeFacts(prepared, () => this.rt.index.values());
  }

  /**
   * Of the facts a prompt answered the message with (`ids`), those it re-confirms as asked
   * about: none for a message that stated a credential, not one a statement of the
   * message holds the words of (`saysOther`: "Remember that my seed pet 2 is called Rex8"
   * asks nothing about pet 1; "I live in Porto now. Which editor do I use?" still asks),
   * nor one a clause of it says the opposite of (`deniedIn`: "I hate window seats", "I
   * stopped drinking coffee" name a fact without saying it again), nor one only pasted
   * material names ("Here is my teammate's message:\nI prefer window seats…").
   */
  askedToReconfirm(prepared: PreparedFacts, ids: readonly string[]): string[] {
    if (prepared.refused || ids.length === 0) return [];
    return ids.filter((id) => {
      const entry = this.rt.index.get(id);
      if (entry === undefined) return prepared.facts.length === 0;
      return !saysOther(prepared, entry.stems) && !deniedIn(prepared.stated(), entry) && !namedOnlyInPaste(prepared, entry.stems);
    });
  }

  /** Writes what a user turn says about facts, inside the caller's transaction (see turn-facts.ts). */
  applyFromUserTurn(prepared: PreparedFacts, provenance: TurnProvenance, scope: TxScope): FactChanges {
    const now = this.rt.clock.now();
    const ctx = writeContext(this.rt, scope, now, provenance.at ?? now);
    applyTurnFacts(ctx, this.rt.embedder, prepared, provenance);
    return finishWrites(ctx, this.rt.onFactsChanged);
  }

  /**
   * Queues facts a prompt held because the message asked about them, to be re-confirmed
   * at `at` by the next `flushReconfirmations` (spec §6). Writes nothing: the context
   * call that asks stays free of the extra write.
   */
  reconfirmLater(ids: readonly string[], at: number): void {
    this.reconfirmQueue.add(ids, at);
  }

  /**
   * Re-confirms the facts a prompt answered the message with (spec §6), asked at `at`,
   * inside the caller's transaction. A fact this brings back into prompts (dormant, say)
   * is written now, as a restatement is: active for the next message, every cached answer
   * dropped (`onFactsChanged`); those are returned. The others, active already, are queued
   * for the batch once the transaction commits (`reconfirmLater`): confirming them changes
   * no prompt, and the call that asks stays free of the write.
   */
  reconfirmAsked(ids: readonly string[], at: number, scope: TxScope): FactView[] {
    if (ids.length === 0) return [];
    const ctx = writeContext(this.rt, scope, this.rt.clock.now(), at);
    const later = reconfirmRevived(ctx, ids);
    if (later.length > 0) scope.afterCommit(() => this.reconfirmLater(later, at));
    return finishWrites(ctx, this.rt.onFactsChanged).reconfirmed;
  }

  /**
   * Writes the queued re-confirmations in one transaction, each with its queued time;
   * facts retired since are skipped. Returns the facts re-confirmed. On a failure the
   * queue keeps them for the next flush.
   */
  flushReconfirmations(): FactView[] {
    const due = this.reconfirmQueue.take();
    const { database, index, storedValues, clock, onFactsChanged } = this.rt;
    try {
      return writeQueuedReconfirmations({ database, index, storedValues, now: clock.now(), onFactsChanged }, due);
    } catch (error) {
      this.reconfirmQueue.restore(due);
      throw error;
    }
  }

  /**
   * Stems a turn that the next prompts' selection will read: a fact mentioned in the last
   * three turns before a message is left out of its prompt. Called once an answer or a
   * tool result is recorded, while the user reads it, so the context call finds the
   * stems ready.
   */
  noteRecentTurn(text: string): void {
    this.stems.of(text);
  }

  /** Stem sets built so far, not found remembered (tests check the work `noteRecentTurn` saves). */
  get stemSetsBuilt(): number {
    return this.stems.built;
  }

  /** The facts for one prompt; synchronous and in memory (it runs on every context call). */
  selectForPrompt(request: FactSelectionRequest, options: Partial<SelectionOptions> = {}): FactSelection {
    return selectFacts(this.rt.index.values(), request, { ...DEFAULT_SELECTION, ...options }, {
      stemsOf: (text) => this.stems.of(text),
      similarityOf: this.rt.index.similarities(request.embedding),
    });
  }

  list(filter: FactListFilter = {}): FactView[] {
    return listFacts(this.rt, filter);
  }

  get(id: string): FactView {
    return getFact(this.rt, id);
  }

  /** Adds a fact replacing the live facts of its subject, or re-confirms the same fact already live in its domain, saying which (see addFact). */
  add(input: NewFactInput): Promise<AddedFact> {
    return addFact(this.rt, input);
  }

  edit(id: string, edit: FactEdit): Promise<EditedFact> {
    return editFact(this.rt, id, edit);
  }

  confirm(id: string): FactView {
    return confirmFact(this.rt, id);
  }

  delete(id: string, reason?: string): RemovedFact {
    return removeFact(this.rt, id, reason);
  }

  /** Erases a fact and the older values it replaced: their text, subject and vector (see eraseFact). */
  erase(id: string, reason?: string): RemovedFact {
    return eraseFact(this.rt, id, reason);
  }

  chain(id: string): FactView[] {
    return factChain(this.rt, id);
  }

  /** How many live facts the index holds (for metrics and tests). */
  get indexedCount(): number {
    return this.rt.index.size;
  }
}

/** Builds the facts service; call `await service.start()` before serving. */
export function createFactsService(deps: FactsServiceDeps): FactsService {
  return new FactsService(deps);
}
