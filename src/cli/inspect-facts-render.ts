import { DAY_MS } from '../clock.js';
import { DOMAINS } from '../domains/domain.js';
import type { FactDashboard, StatusCounts } from '../facts/fact-dashboard.js';
import { FACT_STATUSES, type FactStatus, type FactView } from '../facts/fact-record.js';

const MAX_FACT_WIDTH = 48;

type Paint = (code: string, text: string) => string;

const STATUS_COLOUR: Record<FactStatus, string> = { active: '32', dormant: '33', stale: '35', superseded: '2', deleted: '2' };

/** The dashboard as text: ANSI colours only when `colour` is set (a terminal without NO_COLOR). */
export function renderDashboard(dashboard: FactDashboard, context: { database: string; now: number; colour: boolean }): string {
  const paint: Paint = context.colour ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const lines = [`facts in ${context.database} at ${new Date(context.now).toISOString()}`, '', ...countsTable(dashboard, paint), ''];
  if (dashboard.facts.length === 0) lines.push('no facts to list');
  else lines.push(...factsTable(dashboard.facts, context.now, paint));
  return `${lines.join('\n')}\n`;
}

function countsTable(dashboard: FactDashboard, paint: Paint): string[] {
  const header = ['domain', ...FACT_STATUSES, 'total'];
  const row = (name: string, counts: StatusCounts): string[] => [name, ...FACT_STATUSES.map((status) => String(counts[status])), String(counts.total)];
  const { byDomain, total } = dashboard.counts;
  const rows = [...DOMAINS.flatMap((domain) => (byDomain[domain] ? [row(domain, byDomain[domain])] : [])), row('total', total)];
  return table(header, rows, paint, { rightAligned: (column) => column > 0 });
}

function factsTable(facts: readonly FactView[], now: number, paint: Paint): string[] {
  const header = ['domain', 'fact', 'confidence', 'status', 'last confirmed', 'age', 'injectable'];
  const rows = facts.map((fact) => [
    fact.domain,
    clip(fact.fact),
    fact.confidence,
    fact.status,
    new Date(fact.lastConfirmedAt).toISOString().slice(0, 10),
    `${Math.max(0, Math.floor((now - fact.createdAt) / DAY_MS))}d`,
    fact.injectable ? 'yes' : `no: ${visible(fact.notInjectableBecause ?? '')}`,
  ]);
  const colours = (cells: readonly string[], column: number): string | null => {
    if (column === 3) return STATUS_COLOUR[cells[3] as FactStatus];
    if (column === 6) return cells[6] === 'yes' ? '32' : '2';
    return null;
  };
  return table(header, rows, paint, { rightAligned: (column) => column === 5, colours });
}

// At most MAX_FACT_WIDTH code points of `visible(text)`, never half a surrogate pair.
function clip(text: string): string {
  const points = Array.from(visible(text));
  return points.length > MAX_FACT_WIDTH ? `${points.slice(0, MAX_FACT_WIDTH - 1).join('')}…` : points.join('');
}

// C0 and C1 controls and the bidirectional overrides: printed raw, a fact's text could
// recolour the terminal, move the cursor or reorder what follows it.
const TERMINAL_CONTROLS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

// `text` on one line with every terminal control shown as an escape (`\x1b`, `\u202e`).
function visible(text: string): string {
  return text.replace(/\s+/gu, ' ').replace(TERMINAL_CONTROLS, (control) => {
    const code = control.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

function table(
  header: readonly string[],
  rows: readonly string[][],
  paint: Paint,
  options: { rightAligned: (column: number) => boolean; colours?: (cells: readonly string[], column: number) => string | null },
): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)));
  const line = (cells: readonly string[], style: (cell: string, column: number) => string): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        // The last column is not padded: no trailing spaces.
        const padded = column === cells.length - 1 && !options.rightAligned(column) ? cell : options.rightAligned(column) ? cell.padStart(width) : cell.padEnd(width);
        return style(padded, column);
      })
      .join('  ');
  return [
    line(header.map((title) => title.toUpperCase()), (cell) => paint('1', cell)),
    ...rows.map((cells) =>
      line(cells, (cell, column) => {
        const colour = options.colours?.(cells, column) ?? null;
        return colour === null ? cell : paint(colour, cell);
      }),
    ),
  ];
}
