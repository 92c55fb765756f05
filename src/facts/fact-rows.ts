import type { FactRow } from '../storage/facts-repo.js';
import type { FactRecord } from './fact-record.js';

/** The domain record of a stored row. */
export function recordOf(row: FactRow): FactRecord {
  return {
    id: row.id,
    domain: row.domain,
    fact: row.fact,
    subject: row.subject,
    confidence: row.confidence,
    source: row.source,
    status: row.status,
    supersededBy: row.supersededBy,
    reason: row.deletedReason,
    provenance: { sessionId: row.provenanceSession, turns: parseTurns(row.provenanceTurns) },
    tokenCount: row.tokenCount,
    createdAt: row.createdAt,
    lastConfirmedAt: row.lastConfirmedAt,
    updatedAt: row.updatedAt,
  };
}

function parseTurns(json: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // Provenance is debugging data: a damaged value must not hide the fact itself.
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((turn): turn is number => Number.isInteger(turn)) : [];
}
