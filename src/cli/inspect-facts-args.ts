import { DOMAINS, type Domain } from '../domains/domain.js';
import type { DashboardStatusFilter } from '../facts/fact-dashboard.js';
import { FACT_STATUSES } from '../facts/fact-record.js';
import { parseOrRefuse, UsageError } from './command-line.js';

export interface InspectFactsOptions {
  domain?: Domain;
  status: DashboardStatusFilter;
  json: boolean;
  color: boolean | null;
}

export const INSPECT_FACTS_USAGE = `usage: npm run inspect-facts -- [--domain <domain>] [--status <status>] [--json] [--no-color]

The facts dashboard: counts per domain and status, then every listed fact with its
confidence, status, last confirmation, age and whether it is injected (and why not).
Each fact is shown whole: one longer than 48 columns goes on over more lines of its
row, broken at spaces (a word longer than a line is broken with a "↵" at the end).
Statuses are the decay rules' at this moment, whether or not the decay job has run.
Reads the database read-only, so it is safe while the daemon runs.

  --domain <d>     only this domain's facts and counts: ${DOMAINS.join(', ')}
  --status <s>     list ${FACT_STATUSES.join(', ')}, live (default: active, dormant
                   and stale) or all; counts always cover every status
  --json           machine-readable output
  --no-color       no colours (also off when stdout is not a terminal or NO_COLOR is set)
  -h, --help       this help

Each option is given at most once.
The database is MEMORYD_DB (default <MEMORYD_DATA_DIR>/memoryd.db).
`;

/**
 * Parses the command line with `parseOrRefuse`; `--flag value` and `--flag=value` both work.
 * Throws a UsageError saying what is wrong with it.
 */
export function parseInspectFactsArgs(argv: readonly string[]): InspectFactsOptions {
  const { values } = parseOrRefuse(argv, {
    options: {
      // Every option is taken as a list only to refuse a repeat: `--status active --status
      // deleted` would otherwise list the last alone, silently, and `--json --json` pass.
      domain: { type: 'string', multiple: true },
      status: { type: 'string', multiple: true },
      json: { type: 'boolean', multiple: true },
      // An option of its own rather than allowNegative's `--no-` of a `color`: that would also take an
      // undocumented `--color`, and the list of options in an error would name `--color`.
      'no-color': { type: 'boolean', multiple: true },
    },
  });
  // The domain is checked first: a line wrong in both is refused for its domain.
  const given = once('--domain', values.domain);
  const domain = given === undefined ? {} : { domain: domainOf(given) };
  const status = statusOf(once('--status', values.status));
  const json = once('--json', values.json) !== undefined;
  const noColor = once('--no-color', values['no-color']) !== undefined;
  return { ...domain, status, json, color: noColor ? false : null };
}

// The one value of an option given at most once (undefined when not given); a repeat is
// refused, naming the values a valued option got (a flag's are all `true`).
function once<T extends string | boolean>(flag: string, values: readonly T[] | undefined): T | undefined {
  if (values !== undefined && values.length > 1) {
    const shown = values.every((value) => typeof value === 'string') ? ` (${values.map((value) => JSON.stringify(value)).join(', ')})` : '';
    throw new UsageError(`${flag} is given ${values.length} times${shown}; give it once`);
  }
  return values?.[0];
}

function domainOf(value: string): Domain {
  if (!(DOMAINS as readonly string[]).includes(value)) throw new UsageError(`--domain must be one of ${DOMAINS.join(', ')} (got ${JSON.stringify(value)})`);
  return value as Domain;
}

function statusOf(value: string | undefined): DashboardStatusFilter {
  if (value === undefined) return 'live';
  const allowed: readonly string[] = [...FACT_STATUSES, 'live', 'all'];
  if (!allowed.includes(value)) throw new UsageError(`--status must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  return value as DashboardStatusFilter;
}
