import { DAY_MS, type Clock } from '../clock.js';
import { maskSecrets } from '../discardable/secret-mask.js';
import type { Embedder } from '../embeddings/embedder.js';
import { bufferToVector, cosine, vectorToBuffer } from '../embeddings/vector.js';
import { AppError } from '../errors.js';
import { sha256Hex } from '../sha256.js';
import type { Db } from '../storage/database.js';
import type { TxScope } from '../storage/transaction.js';
import {
  countResponses,
  deleteExpiredResponses,
  deleteAllResponses,
  liveResponseVectors,
  responseCacheReader,
  upsertResponse,
  type ResponseCacheReader,
  type ResponseCacheRow,
} from '../storage/response-cache-repo.js';
import { AskedQuestions } from './asked-questions.js';
import { cacheRefusal, isStatement, mayShareAnswer, type CacheRefusal } from './cache-policy.js';
import { DedupProfile } from './dedup-guards.js';
import { DedupIndex } from './dedup-index.js';
import { analyseHead, analyseQuery, detectLanguage, type Language, type QueryAnalysis, type QueryInput } from './query-text.js';
import { RecentStatements } from './recent-statements.js';
import { VISIBLE_CHARACTER } from '../visible-text.js';

/** Spec §4: answers to factual questions about the user are kept 24 h. */
export const RESPONSE_CACHE_TTL_MS = DAY_MS;

/**
 * Dedup compares a message with at most this many cached questions, the newest (0.2–0.6 µs
 * each with hashing vectors on a loaded 2-core machine, see `npm run bench -- cache`), so a
 * lookup stays well under a millisecond; older ones still answer exact repeats. One person
 * asks far fewer distinct cacheable questions in 24 h.
 */
export const MAX_DEDUP_QUESTIONS = 1000;

/** Questions remembered as asked, and user turns whose answer was offered (see AskedQuestions), each up to this many; each costs ~150 bytes. */
export const MAX_ASKED_QUESTIONS = 10_000;

/** Word stems of statements remembered to tell a cached answer the conversation may have changed (see RecentStatements). */
export const MAX_STATEMENT_STEMS = 20_000;

/** Written by memoryd, never by the LLM, in the language of the message being answered. */
export const DISCLAIMERS: Readonly<Record<Language, string>> = {
  en: '[Answer retrieved from an earlier conversation]',
  es: '[Respuesta recuperada de conversación anterior]',
};

export interface ResponseCacheOptions {
  db: Db;
  clock: Clock;
  embedder: Pick<Embedder, 'id' | 'dims' | 'embed'>;
  /** Cosine above which a rephrased question reuses an answer (config.dedupThreshold). */
  dedupThreshold: number;
  ttlMs?: number;
  /** Default MAX_DEDUP_QUESTIONS. */
  maxDedupQuestions?: number;
}

export interface StoreInput {
  sessionId: string;
  question: string;
  answer: string;
  /** The question's vector by this cache's embedder; without one only exact repeats hit. */
  embedding?: Float32Array | null;
  /** A side-effecting tool ran after the question: the answer is not cacheable. */
  sideEffectSinceQuestion?: boolean;
  /** When the answer was given (an imported turn's `at`); now when absent. Its 24 h count from then. */
  answeredAt?: number;
  /**
   * The user turn that asked the question: `id` names it among all sessions' turns, so a
   * later answer to it (a correction) is judged by when it was asked; `at` is its time.
   * Without it, the question's asking is the one held under its key.
   */
  questionTurn?: { id: string; at: number };
}

/**
 * `holds-secret`: the question or the answer holds a secret value (a password given, a key,
 * a card or identity number: `holdsSecretValue`): memoryd never keeps one, and a cached
 * answer is served to every session ("How do I reset my password?" names a credential and
 * holds none: it is cached); `facts-changed`: a fact changed after the question was
 * asked, so the answer may not hold any more; `asked-before-start`: the question's turn is
 * older than this process, which cannot tell whether a fact changed between it and the
 * start; `expired`: the answer was given longer ago than an answer is kept (an imported one).
 */
export type StoreRefusal = CacheRefusal | 'empty-answer' | 'holds-secret' | 'facts-changed' | 'asked-before-start' | 'expired';

export type StoreOutcome = { stored: true; key: string; expiresAt: number } | { stored: false; reason: StoreRefusal };

/** An answer the context call may return instead of calling the LLM. */
export interface CachedAnswer {
  response: string;
  disclaimer: string;
  /** `cache`: the same normalised question; `dedup`: a rephrasing above the threshold. */
  source: 'cache' | 'dedup';
  similarity: number;
  key: string;
  cachedAt: number;
  expiresAt: number;
}

/** The cache key of a question: sha256 of its normalised form (`normaliseQuery`), hex. */
export function responseCacheKey(question: QueryInput): string {
  return sha256Hex(analyseQuery(question).core.join(' '));
}

/**
 * The response cache and intent dedup of spec §4, over the `response_cache` table.
 *
 * Writes (`store`, `invalidateAll`, `expire`) are synchronous and may run inside the
 * caller's transaction. Given the transaction's `TxScope`, the in-memory vector index
 * follows them only after the commit. Without one it follows them at once and tolerates
 * a rollback: a rolled-back insert leaves an index entry whose row is missing, dropped at
 * its first lookup; a rolled-back delete hides a still-valid row from dedup (never from
 * exact hits, which read the table) until the next restart. Either way every answer is
 * confirmed against its row, so the index can cost a hit but never return a deleted answer.
 */
export class ResponseCache {
  private readonly index: DedupIndex;
  private readonly ttlMs: number;
  private readonly reader: ResponseCacheReader;
  private readonly asked = new AskedQuestions(MAX_ASKED_QUESTIONS);
  private readonly statements = new RecentStatements(MAX_STATEMENT_STEMS);
  /**
   * Whether the table may hold a live answer: statements are noted only then. One made
   * while it holds none can change no answer (an answer stored after it is newer), so a
   * daemon whose answers are never cached neither keeps nor reads them.
   */
  private holdsAnswers: boolean;
  /**
   * Fact changes committed (`invalidateAll` counts one once its transaction commits). A
   * question counts as asked once its own call commits, after the fact changes of that
   * call, so it sees them as before it.
   */
  private factsGeneration = 0;
  /** When this cache was built (the process started): no question it holds is older. */
  private readonly startedAt: number;

  constructor(private readonly options: ResponseCacheOptions) {
    this.startedAt = options.clock.now();
    this.ttlMs = options.ttlMs ?? RESPONSE_CACHE_TTL_MS;
    this.index = new DedupIndex(options.maxDedupQuestions ?? MAX_DEDUP_QUESTIONS);
    this.reader = responseCacheReader(options.db);
    this.holdsAnswers = countResponses(options.db) > 0;
    const now = options.clock.now();
    for (const row of liveResponseVectors(options.db, options.embedder.id, now)) {
      // A vector of another length cannot be compared (a corrupt row): it serves exact hits only.
      if (row.embedding.byteLength !== options.embedder.dims * 4) continue;
      this.index.set({ key: row.key, language: row.language, vector: this.vectorOf(row.embedding), expiresAt: row.expiresAt });
    }
  }

  /** Word stems of statements held to tell a cached answer the conversation may have changed (none while no answer is cached). */
  get statementsHeld(): number {
    return this.statements.size;
  }

  /** Unexpired questions in the dedup index (for metrics and benchmarks). */
  get indexedQuestions(): number {
    return this.index.size;
  }

  /** Embeds the question when the caller has no vector yet; run it before the transaction. */
  async prepare(input: StoreInput): Promise<StoreInput> {
    if (input.embedding || cacheRefusal(input.question, { sideEffectSinceQuestion: false }) !== null) return input;
    return { ...input, embedding: await this.options.embedder.embed(input.question) };
  }

  /**
   * Caches the answer unless the policy refuses it, the question or the answer holds a
   * secret, or a fact changed since its question was asked (`consult`); replaces an answer
   * under the same key. A second answer to the same question turn is judged by when that
   * turn was asked.
   */
  store(input: StoreInput, scope?: TxScope): StoreOutcome {
    const question = analyseQuery(input.question);
    const key = responseCacheKey(question);
    const askedAt = this.askedGeneration(key, input.questionTurn);
    // Its answer is being offered, once this commits (a rolled-back store leaves the asking as it was).
    afterCommit(scope, () => this.asked.offered(key, askedAt, input.questionTurn?.id));
    const refusal = cacheRefusal(question, { sideEffectSinceQuestion: input.sideEffectSinceQuestion ?? false });
    if (refusal !== null) return { stored: false, reason: refusal };
    if (!VISIBLE_CHARACTER.test(input.answer)) return { stored: false, reason: 'empty-answer' };
    if (holdsSecretValue(input.question) || holdsSecretValue(input.answer)) return { stored: false, reason: 'holds-secret' };
    if (askedAt === undefined) return { stored: false, reason: 'asked-before-start' };
    if (askedAt < this.factsGeneration) return { stored: false, reason: 'facts-changed' };
    const embedding = input.embedding ?? null;
    if (embedding !== null) this.checkDims(embedding);
    const now = this.options.clock.now();
    const createdAt = Math.min(input.answeredAt ?? now, now);
    if (createdAt + this.ttlMs <= now) return { stored: false, reason: 'expired' };
    const language = detectLanguage(question);
    const row: ResponseCacheRow = {
      key,
      query: input.question,
      language,
      response: input.answer,
      sessionId: input.sessionId,
      embedding: embedding === null ? null : vectorToBuffer(embedding),
      embedderId: embedding === null ? null : this.options.embedder.id,
      createdAt,
      expiresAt: createdAt + this.ttlMs,
    };
    upsertResponse(this.options.db, row);
    afterCommit(scope, () => {
      this.holdsAnswers = true;
      if (embedding === null) this.index.delete(key);
      else this.index.set({ key, language, vector: embedding, expiresAt: row.expiresAt, profile: new DedupProfile(question) });
    });
    return { stored: true, key, expiresAt: row.expiresAt };
  }

  /**
   * The fact generation the question was asked at. A question this process does not hold
   * (asked before it started, or forgotten to bound the memory) counts as asked when it
   * started, generation 0, unless its turn is older than that (undefined): what happened
   * to the facts between that turn and the start is not known.
   */
  private askedGeneration(key: string, questionTurn: StoreInput['questionTurn']): number | undefined {
    const held = this.asked.askedAt(key, questionTurn?.id);
    if (held !== undefined) return held;
    return questionTurn !== undefined && questionTurn.at <= this.startedAt ? undefined : 0;
  }

  /**
   * Used by the cache bench and tests only; the context call uses `consult`, which also
   * counts the question as asked.
   * The cached answer for a message: the same normalised question (`cache`), else the
   * most similar cached question of the same language, embedder, persons, negation and
   * names above the threshold (`dedup`). Null for time-dependent, emotional and other
   * uncacheable messages.
   * `embedding` is the message's vector by this cache's embedder (null: exact hits only).
   * `after`: answers cached at or before it are not served (the session's last side effect).
   */
  lookup(message: string, embedding: Float32Array | null, after: number | null = null): CachedAnswer | null {
    return this.consult(message, embedding, after).answer;
  }

  /**
   * `lookup`, and whether the message was one the cache may answer at all (for the miss
   * count). The context call consults with each user message: this is when its question
   * counts as asked, for the answer `store` may be offered later — once `scope` commits
   * (a dry run asks nothing), after the fact changes of the same transaction.
   */
  consult(
    message: string,
    embedding: Float32Array | null,
    after: number | null,
    scope?: TxScope,
  ): { answer: CachedAnswer | null; consulted: boolean } {
    // Split once here, for the policy, the key, the language and the guards of every candidate.
    const query = analyseQuery(message);
    if (cacheRefusal(query, { sideEffectSinceQuestion: false }) !== null) {
      // A statement may change what a cached answer said, though no fact changed: noted once this commits.
      const head = this.holdsAnswers ? analyseHead(query) : null;
      if (head !== null && isStatement(head)) {
        const at = this.options.clock.now();
        const words = head.words;
        // Unless this very call dropped every answer (a fact change, committed with it).
        afterCommit(scope, () => {
          if (this.holdsAnswers) this.statements.note(at, words);
        });
      }
      return { answer: null, consulted: false };
    }
    const key = responseCacheKey(query);
    afterCommit(scope, () => this.asked.note(key, this.factsGeneration));
    return { answer: this.find(query, key, embedding, after, scope), consulted: true };
  }

  private find(query: QueryAnalysis, key: string, embedding: Float32Array | null, after: number | null, scope?: TxScope): CachedAnswer | null {
    const language = detectLanguage(query);
    const now = this.options.clock.now();
    const fresh = (row: ResponseCacheRow): boolean => after === null || row.createdAt > after;
    // Profiled once per lookup, when the first cached question comes near: a lookup that finds none pays nothing.
    let message: DedupProfile | undefined;
    const exact = this.reader.findLive(key, now);
    if (exact && fresh(exact)) {
      message ??= new DedupProfile(query);
      // The same question: its content words are the message's.
      if (!this.statements.touchedSince(exact.createdAt, message.contentWords)) return this.answer(exact, 'cache', 1, language);
    }
    if (embedding === null) return null;
    this.checkDims(embedding);
    const threshold = this.options.dedupThreshold;
    for (const candidate of this.index.candidates(embedding, language, now, threshold)) {
      const row = this.reader.findLive(candidate.key, now);
      if (!row || row.embedding === null || row.embedderId !== this.options.embedder.id || row.language !== language) {
        // Once this commits: a row deleted by this very transaction comes back if it rolls back.
        afterCommit(scope, () => this.index.delete(candidate.key));
        continue;
      }
      if (!fresh(row)) continue;
      message ??= new DedupProfile(query);
      const cached = this.index.profileOf(candidate.key, row.query);
      if (!mayShareAnswer(message, cached) || this.statements.touchedSince(row.createdAt, cached.contentWords)) continue;
      const similarity = cosine(embedding, this.vectorOf(row.embedding));
      if (similarity > threshold) return this.answer(row, 'dedup', similarity, language);
    }
    return null;
  }

  /**
   * Call inside the transaction that adds, replaces, edits, deletes or re-activates a
   * fact: deletes every cached answer, and refuses to store an answer to a question asked
   * before it. Returns how many answers. Every answer, not those of the fact's domain: an
   * answer may rest on a fact of any domain, or on a fact's absence ("I do not know which
   * editor you use"), and fact writes are rare next to the 24 h an answer lives.
   */
  invalidateAll(scope?: TxScope): number {
    const keys = deleteAllResponses(this.options.db);
    // Only a committed change counts: a dry run or a refused request changed no fact.
    afterCommit(scope, () => {
      this.factsGeneration++;
      this.holdsAnswers = false;
      // No answer is left for them to judge (and an erased session's words go with them).
      this.statements.clear();
      for (const key of keys) this.index.delete(key);
    });
    return keys.length;
  }

  /** Deletes the answers expired at `now`; returns how many rows. */
  expire(now: number = this.options.clock.now()): number {
    this.index.prune(now);
    return deleteExpiredResponses(this.options.db, now);
  }

  private answer(row: ResponseCacheRow, source: CachedAnswer['source'], similarity: number, language: Language): CachedAnswer {
    return {
      response: row.response,
      disclaimer: DISCLAIMERS[language],
      source,
      similarity,
      key: row.key,
      cachedAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
  }

  private vectorOf(buffer: Uint8Array): Float32Array {
    return bufferToVector(buffer, this.options.embedder.dims);
  }

  private checkDims(vector: Float32Array): void {
    if (vector.length !== this.options.embedder.dims) {
      throw new AppError('EMBEDDER', `a ${vector.length}-dimension vector given to a cache of ${this.options.embedder.id}`, {
        details: { dims: vector.length, expected: this.options.embedder.dims },
      });
    }
  }
}

function afterCommit(scope: TxScope | undefined, apply: () => void): void {
  if (scope) scope.afterCommit(apply);
  else apply();
}

// A value the discardable tier would mask: one secret by its shape (a key, a card, a DNI, a
// URL's password) or given after a credential's name ("your wifi password is Tr0ub4dor&3").
function holdsSecretValue(text: string): boolean {
  return maskSecrets(text) !== text;
}
