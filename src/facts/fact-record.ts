import type { Domain } from '../domains/domain.js';
import type { FactConfidence } from './extraction/index.js';

export const FACT_STATUSES = ['active', 'dormant', 'stale', 'superseded', 'deleted'] as const;
export type FactStatus = (typeof FACT_STATUSES)[number];

/** Statuses of a fact that still holds: decay moves it among these; nothing else may. */
export const LIVE_STATUSES = ['active', 'dormant', 'stale'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

export type FactSource = 'explicit' | 'inferred';

/** Where a fact came from: the session and turn of the user message, or null for the API. */
export interface FactProvenance {
  sessionId: string | null;
  turns: number[];
}

/** One stored fact as the domain sees it (times are UTC epoch ms; `status` as stored). */
export interface FactRecord {
  id: string;
  domain: Domain;
  fact: string;
  subject: string | null;
  confidence: FactConfidence;
  source: FactSource;
  status: FactStatus;
  supersededBy: string | null;
  /** Why it was deleted or retired without a replacement; null otherwise. */
  reason: string | null;
  provenance: FactProvenance;
  tokenCount: number;
  createdAt: number;
  lastConfirmedAt: number;
  updatedAt: number;
}

/**
 * A fact as the API, the CLI and the context call show it: `status` is the effective
 * status at read time (so a missed decay run changes nothing) and `injectable` says
 * whether it may enter a prompt automatically, with the reason when it may not.
 */
export interface FactView extends Omit<FactRecord, 'status'> {
  status: FactStatus;
  storedStatus: FactStatus;
  injectable: boolean;
  notInjectableBecause: string | null;
}

/** What one user turn (or one API call) changed in the factual tier. */
export interface FactChanges {
  added: FactView[];
  reconfirmed: FactView[];
  /** Replaced by a newer fact, or retired without a replacement ("I no longer work at X"). */
  superseded: FactView[];
  deleted: FactView[];
  /** What a forget request named and forgot nothing for, and why ("no live fact matches it"). */
  notForgotten: ForgetMiss[];
}

/** A target of a forget request that forgot nothing (`target` null: a bare "forget that"), and why, in words for the user. */
export interface ForgetMiss {
  target: string | null;
  reason: string;
}

export function isLiveStatus(status: FactStatus): status is LiveStatus {
  return (LIVE_STATUSES as readonly FactStatus[]).includes(status);
}

export function emptyChanges(): FactChanges {
  return { added: [], reconfirmed: [], superseded: [], deleted: [], notForgotten: [] };
}
