import { DAY_MS } from '../clock.js';
import type { FactConfidence } from './extraction/index.js';
import type { FactRecord, FactStatus, FactView } from './fact-record.js';

/** Not confirmed for longer than this and not high confidence → dormant (spec §1.1). */
export const DORMANT_AFTER_MS = 90 * DAY_MS;
/** Not confirmed for longer than this, whatever the confidence → stale. */
export const STALE_AFTER_MS = 180 * DAY_MS;
/** Low confidence and not confirmed for longer than this → never injected (status unchanged). */
export const LOW_CONFIDENCE_TTL_MS = 30 * DAY_MS;

/** The fields the decay rules read. */
export interface DecayInput {
  status: FactStatus;
  confidence: FactConfidence;
  lastConfirmedAt: number;
}

/**
 * The status a fact has at `now` by the decay rules. Superseded and deleted are final;
 * a live fact's status follows from its last confirmation alone, so the decay job and
 * every reader agree whether or not the job has run.
 */
export function effectiveStatus(fact: DecayInput, now: number): FactStatus {
  if (fact.status === 'superseded' || fact.status === 'deleted') return fact.status;
  const unconfirmedFor = now - fact.lastConfirmedAt;
  if (unconfirmedFor > STALE_AFTER_MS) return 'stale';
  if (unconfirmedFor > DORMANT_AFTER_MS && fact.confidence !== 'high') return 'dormant';
  return 'active';
}

/** How a fact may enter a prompt at `now`: automatically, only when asked about (dormant), or never. */
export type InjectionClass = 'auto' | 'on-request' | 'never';

/** The rules of `injectability` without the reason: allocation-free, for selection on every call. */
export function injectionClass(fact: DecayInput, now: number): InjectionClass {
  const status = effectiveStatus(fact, now);
  if (status === 'superseded' || status === 'deleted' || status === 'stale') return 'never';
  if (fact.confidence === 'low' && now - fact.lastConfirmedAt > LOW_CONFIDENCE_TTL_MS) return 'never';
  return status === 'dormant' ? 'on-request' : 'auto';
}

/**
 * Whether a fact may enter a prompt at `now`, and why not. `injectable` means automatically;
 * `onRequest` means only when the message explicitly asks about it (dormant facts).
 */
export interface Injectability {
  injectable: boolean;
  onRequest: boolean;
  reason: string | null;
}

export function injectability(fact: DecayInput & { supersededBy?: string | null; reason?: string | null }, now: number): Injectability {
  const verdict = injectionClass(fact, now);
  if (verdict === 'auto') return { injectable: true, onRequest: false, reason: null };
  const status = effectiveStatus(fact, now);
  const unconfirmed = (limitMs: number): string => unconfirmedFor(now - fact.lastConfirmedAt, limitMs);
  const no = (reason: string, onRequest = false): Injectability => ({ injectable: false, onRequest, reason });
  switch (status) {
    case 'superseded':
      return no(fact.supersededBy ? `superseded by ${fact.supersededBy}` : `retired${fact.reason ? `: ${fact.reason}` : ''}`);
    case 'deleted':
      return no(`deleted${fact.reason ? `: ${fact.reason}` : ''}`);
    case 'stale':
      return no(`stale: ${unconfirmed(STALE_AFTER_MS)}`);
    default:
      break;
  }
  if (fact.confidence === 'low' && now - fact.lastConfirmedAt > LOW_CONFIDENCE_TTL_MS) {
    return no(`low confidence, ${unconfirmed(LOW_CONFIDENCE_TTL_MS)}`);
  }
  return no(`dormant: ${unconfirmed(DORMANT_AFTER_MS)}; only when asked about`, true);
}

// "not confirmed for 95 days (over 90)"; within the day after the limit, where whole
// days would read "90 days (over 90)", "not confirmed for over 90 days".
function unconfirmedFor(elapsedMs: number, limitMs: number): string {
  const days = Math.floor(elapsedMs / DAY_MS);
  const limitDays = limitMs / DAY_MS;
  return days > limitDays ? `not confirmed for ${days} days (over ${limitDays})` : `not confirmed for over ${limitDays} days`;
}

/** The record as readers see it at `now`: effective status and injectability. */
export function viewFact(record: FactRecord, now: number): FactView {
  const verdict = injectability(record, now);
  return {
    ...record,
    status: effectiveStatus(record, now),
    storedStatus: record.status,
    injectable: verdict.injectable,
    notInjectableBecause: verdict.reason,
  };
}
