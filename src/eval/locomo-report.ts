import { alignRows } from '../bench/text-table.js';
import { CATEGORY_NAMES, type ScoreTally, type TallyBook } from './locomo-score.js';

/** One row group of the report: a method's tallies by category. */
export interface MethodBook {
  method: string;
  book: TallyBook;
}

const HEADER = ['category', 'method', 'n', 'evidence verbatim', 'evidence ≥80% words', 'gold answer in prompt', 'mean tokens'];

/** The per-category table, methods grouped under each category, "all" last. */
export function renderTable(methods: readonly MethodBook[]): string {
  const rows: string[][] = [HEADER];
  for (const category of [1, 2, 3, 4, 5, 0]) {
    const label = category === 0 ? 'all' : `${category} ${CATEGORY_NAMES[category] ?? ''}`;
    methods.forEach(({ method, book }, i) => {
      const tally = book.get(category);
      if (tally.questions === 0) return;
      rows.push([i === 0 ? label : '', method, String(tally.questions), ...figures(tally)]);
    });
  }
  return alignRows(rows, 2);
}

function figures(tally: ScoreTally): string[] {
  return [
    share(tally.evidenceVerbatim, tally.evidence),
    share(tally.evidenceFuzzy, tally.evidence),
    tally.answers === 0 ? '—' : share(tally.answersFound, tally.answers),
    (tally.tokens / tally.questions).toFixed(0),
  ];
}

function share(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} % (${part}/${whole})`;
}

/** Mean final tokens per layout section over the questions asked. */
export function renderSections(totals: ReadonlyMap<string, number>, questions: number): string {
  if (questions === 0) return '';
  return [...totals].map(([id, sum]) => `${id} ${(sum / questions).toFixed(0)}`).join(', ');
}
