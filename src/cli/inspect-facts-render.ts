import { DAY_MS } from '../clock.js';
import { DOMAINS } from '../domains/domain.js';
import type { FactDashboard, StatusCounts } from '../facts/fact-dashboard.js';
import { FACT_STATUSES, type FactStatus, type FactView } from '../facts/fact-record.js';
import { displayWidth, padToWidth, wrapToWidth } from './display-width.js';

// The fact column's widest, in terminal columns: a longer fact goes on over more lines of
// its row, whole, so no reader takes a cut "3.500" for "3.50".
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
  const texts = facts.map((fact) => visible(fact.fact));
  const factWidth = Math.max(...texts.map((text) => Math.min(MAX_FACT_WIDTH, displayWidth(text))));
  const rows = facts.map((fact, i) => [
    fact.domain,
    wrapToWidth(texts[i] ?? '', factWidth).join('\n'),
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

// Columns lined up by display width (graphemes: an emoji is two columns, an accent none).
// A cell may hold lines ("\n"): its row then takes as many lines, the other cells on the
// first one; the spaces a line would end in, under cells it leaves empty, are dropped.
function table(
  header: readonly string[],
  rows: readonly string[][],
  paint: Paint,
  options: { rightAligned: (column: number) => boolean; colours?: (cells: readonly string[], column: number) => string | null },
): string[] {
  const widths = header.map((title, column) =>
    Math.max(displayWidth(title), ...rows.flatMap((cells) => (cells[column] ?? '').split('\n').map(displayWidth))),
  );
  const line = (cells: readonly string[], style: (cell: string, column: number) => string): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        // The last column is not padded: no trailing spaces, not even inside a colour.
        const last = column === cells.length - 1 && !options.rightAligned(column);
        const padded = last ? cell : options.rightAligned(column) ? padToWidth(cell, width, 'start') : padToWidth(cell, width);
        return cell === '' ? padded : style(padded, column);
      })
      .join('  ')
      .trimEnd();
  const rowLines = (cells: readonly string[]): string[] => {
    const split = cells.map((cell) => cell.split('\n'));
    const height = Math.max(...split.map((lines) => lines.length));
    return Array.from({ length: height }, (_, at) =>
      line(
        split.map((lines) => lines[at] ?? ''),
        (cell, column) => {
          const colour = options.colours?.(cells, column) ?? null;
          return colour === null ? cell : paint(colour, cell);
        },
      ),
    );
  };
  return [line(header.map((title) => title.toUpperCase()), (cell) => paint('1', cell)), ...rows.flatMap(rowLines)];
}
