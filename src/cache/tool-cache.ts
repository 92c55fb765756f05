import { HOUR_MS, type Clock } from '../clock.js';
import { sha256Hex } from '../sha256.js';
import type { Database } from '../storage/database.js';
import { deleteExpiredToolResults, findLiveToolResult, upsertToolResult } from '../storage/tool-cache-repo.js';
import { runInTransaction } from '../storage/transaction.js';
import { InvalidRequestError } from '../errors.js';
import { canonicalJson, UNSAFE_INTEGER, unsafeIntegerPaths } from './canonical-json.js';

/** Spec §4: idempotent tool results are kept 1 h. */
export const TOOL_CACHE_TTL_MS = HOUR_MS;

export const SIDE_EFFECT_REFUSAL = 'side-effecting tools are never cached: only a tool declared idempotent may be';

export interface ToolCacheOptions {
  database: Database;
  clock: Clock;
  ttlMs?: number;
}

export interface ToolCacheHit {
  /** The JSON value stored (object keys come back sorted). */
  result: unknown;
  cachedAt: number;
  expiresAt: number;
}

export type ToolPutOutcome =
  | { stored: true; key: string; cachedAt: number; expiresAt: number }
  | { stored: false; key: string; reason: 'side-effecting'; message: string };

/**
 * `tool_name:sha256(canonical JSON of params)` (see `canonicalJson` for the canonical
 * form). Integers JSON.parse may have rounded are refused: two different ids would share a key.
 */
export function toolCacheKey(toolName: string, params: unknown): string {
  const unsafe = unsafeIntegerPaths(params).map((path) => ({ path: ['params', ...path].join('.'), message: UNSAFE_INTEGER }));
  if (unsafe.length > 0) {
    throw new InvalidRequestError(`invalid request: ${unsafe.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, unsafe);
  }
  return `${toolName}:${sha256Hex(canonicalJson(params, 'params'))}`;
}

/** Results of idempotent tools by name and parameters, over the `tool_cache` table. */
export class ToolCache {
  private readonly ttlMs: number;

  constructor(private readonly options: ToolCacheOptions) {
    this.ttlMs = options.ttlMs ?? TOOL_CACHE_TTL_MS;
  }

  /** The call's key, and the unexpired result of the same tool with equal parameters or null. */
  get(toolName: string, params: unknown): { key: string; hit: ToolCacheHit | null } {
    const key = toolCacheKey(toolName, params);
    const row = findLiveToolResult(this.options.database.db, key, this.options.clock.now());
    if (!row) return { key, hit: null };
    return { key, hit: { result: JSON.parse(row.result) as unknown, cachedAt: row.createdAt, expiresAt: row.expiresAt } };
  }

  /**
   * Caches the result for the TTL, replacing an earlier one. A tool not declared
   * idempotent may have side effects and is refused: repeating its call must run it.
   */
  put(toolName: string, params: unknown, result: unknown, declared: { idempotent: boolean }): ToolPutOutcome {
    const key = toolCacheKey(toolName, params);
    if (!declared.idempotent) return { stored: false, key, reason: 'side-effecting', message: SIDE_EFFECT_REFUSAL };
    const now = this.options.clock.now();
    const expiresAt = now + this.ttlMs;
    // Checked as JSON the canonical way, kept as given: a hit returns the result with its keys
    // in the order the tool wrote them (only the parameters are compared, so only they are canonical).
    canonicalJson(result, 'result');
    const row = { key, toolName, result: JSON.stringify(result), createdAt: now, expiresAt };
    // In a transaction, as every write: one the database cannot take then is refused as they are (503 while its file is gone).
    runInTransaction(this.options.database, () => upsertToolResult(this.options.database.db, row));
    return { stored: true, key, cachedAt: now, expiresAt };
  }

  /** Deletes the results expired at `now`; returns how many. */
  expire(now: number = this.options.clock.now()): number {
    return deleteExpiredToolResults(this.options.database.db, now);
  }
}
