import { DOMAINS, type Domain } from '../domains/domain.js';
import type { Db } from '../storage/database.js';
import { listFactRows } from '../storage/facts-repo.js';
import { viewFact } from './decay-rules.js';
import { FACT_STATUSES, LIVE_STATUSES, type FactStatus, type FactView } from './fact-record.js';
import { recordOf } from './fact-rows.js';

/** Which facts the dashboard lists: one status, the live ones (active, dormant, stale) or all. */
export type DashboardStatusFilter = FactStatus | 'live' | 'all';

export interface DashboardFilter {
  domain?: Domain;
  status: DashboardStatusFilter;
}

export type StatusCounts = Record<FactStatus | 'total', number>;

export interface FactDashboard {
  /**
   * Effective statuses of every fact, whatever the status filter: per domain (only the
   * filtered domain when there is one: the others are not read, so no count of them is
   * given) and their totals.
   */
  counts: { byDomain: Partial<Record<Domain, StatusCounts>>; total: StatusCounts };
  /** The listed facts: by domain, status, most recently confirmed first, then id. */
  facts: FactView[];
}

function zeroCounts(): StatusCounts {
  return { active: 0, dormant: 0, stale: 0, superseded: 0, deleted: 0, total: 0 };
}

/**
 * What `npm run inspect-facts` shows, by the read-time decay rules at `now`: reads
 * only, so it is safe on a read-only connection beside the running daemon.
 */
export function readDashboard(db: Db, now: number, filter: DashboardFilter): FactDashboard {
  const counted = filter.domain === undefined ? DOMAINS : [filter.domain];
  const byDomain: Partial<Record<Domain, StatusCounts>> = Object.fromEntries(counted.map((domain) => [domain, zeroCounts()]));
  const total = zeroCounts();
  const listed: FactView[] = [];
  const wanted = (status: FactStatus): boolean =>
    filter.status === 'all' || (filter.status === 'live' ? (LIVE_STATUSES as readonly FactStatus[]).includes(status) : status === filter.status);
  // Every fact's words, whatever the domain shown: a replacement may be filed in another one.
  const statements = new Map<string, string>();
  for (const row of listFactRows(db, {})) {
    statements.set(row.id, row.fact);
    if (filter.domain !== undefined && row.domain !== filter.domain) continue;
    const view = viewFact(recordOf(row), now);
    for (const counts of [(byDomain[view.domain] ??= zeroCounts()), total]) {
      counts[view.status] += 1;
      counts.total += 1;
    }
    if (wanted(view.status)) listed.push(view);
  }
  // A person reads what replaced a fact, not its id ("superseded by fact_2899826d…").
  for (const view of listed) {
    const replacement = view.supersededBy === null ? undefined : statements.get(view.supersededBy);
    // A superseded fact with a replacement is not injectable for that reason alone (decay-rules.ts).
    if (replacement !== undefined && view.status === 'superseded') {
      view.notInjectableBecause = `superseded by "${replacement}"`;
    }
  }
  listed.sort(
    (a, b) =>
      DOMAINS.indexOf(a.domain) - DOMAINS.indexOf(b.domain) ||
      FACT_STATUSES.indexOf(a.status) - FACT_STATUSES.indexOf(b.status) ||
      b.lastConfirmedAt - a.lastConfirmedAt ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return { counts: { byDomain, total }, facts: listed };
}
