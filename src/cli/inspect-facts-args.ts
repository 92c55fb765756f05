import { DOMAINS, type Domain } from '../domains/domain.js';
import type { DashboardStatusFilter } from '../facts/fact-dashboard.js';
import { FACT_STATUSES } from '../facts/fact-record.js';
import { parseCommandLine } from './command-line.js';

export interface InspectFactsOptions {
  domain?: Domain;
  status: DashboardStatusFilter;
  json: boolean;
  color: boolean | null;
  help: boolean;
}

export const INSPECT_FACTS_USAGE = `usage: npm run inspect-facts -- [--domain <domain>] [--status <status>] [--json] [--no-color]

The facts dashboard: counts per domain and status, then every listed fact with its
confidence, status, last confirmation, age and whether it is injected (and why not).
Statuses are the decay rules' at this moment, whether or not the decay job has run.
Reads the database read-only, so it is safe while the daemon runs.

  --domain <d>     only ${DOMAINS.join(', ')}
  --status <s>     list ${FACT_STATUSES.join(', ')}, live (default: active, dormant
                   and stale) or all; counts always cover every status
  --json           machine-readable output
  --no-color       no colours (also off when stdout is not a terminal or NO_COLOR is set)
  -h, --help       this help

The database is MEMORYD_DB (default <MEMORYD_DATA_DIR>/memoryd.db).
`;

type Parsed = { ok: true; options: InspectFactsOptions } | { ok: false; error: string };

/** Parses the command line with `parseCommandLine`; `--flag value` and `--flag=value` both work. */
export function parseInspectFactsArgs(argv: readonly string[]): Parsed {
  const result = parseCommandLine(argv, {
    options: {
      domain: { type: 'string' },
      status: { type: 'string' },
      json: { type: 'boolean', default: false },
      // An option of its own rather than allowNegative's `--no-` of a `color`: that would also take an
      // undocumented `--color`, and the list of options in an error would name `--color`.
      'no-color': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (!result.ok) return result;
  const { values } = result.parsed;
  const options: InspectFactsOptions = { status: 'live', json: values.json, color: values['no-color'] ? false : null, help: values.help };
  const error = setDomain(options, values.domain) ?? setStatus(options, values.status);
  return error === null ? { ok: true, options } : { ok: false, error };
}

function setDomain(options: InspectFactsOptions, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!(DOMAINS as readonly string[]).includes(value)) return `--domain must be one of ${DOMAINS.join(', ')} (got ${JSON.stringify(value)})`;
  options.domain = value as Domain;
  return null;
}

function setStatus(options: InspectFactsOptions, value: string | undefined): string | null {
  if (value === undefined) return null;
  const allowed: readonly string[] = [...FACT_STATUSES, 'live', 'all'];
  if (!allowed.includes(value)) return `--status must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`;
  options.status = value as DashboardStatusFilter;
  return null;
}
