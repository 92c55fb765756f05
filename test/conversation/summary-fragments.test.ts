import { beforeAll, describe, expect, it } from 'vitest';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import { DEFAULT_TEXT_LIMITS } from '../../src/conversation/summary-text.js';
import { DEFAULT_ELISION_MARKER } from '../../src/layout/index.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

function segment(...turns: [SummaryTurn['role'], string][]): SummaryTurn[] {
  return turns.map(([role, content], i) => ({ role, content, turnNumber: i + 1 }));
}

const words = (summary: object): string[] => JSON.stringify(summary).split(/[^\p{L}\p{N}]+/u);

// A session keeps a long tool output as its head and tail around an elision marker, cut
// by tokens: "…The sum\n[…]\nmary of late fees…". The pieces of "summary" are no words.
describe('a word cut where a turn was clipped', () => {
  it('is no keyword or phrase when the session cut a tool output around it', () => {
    const report = (month: string): string => `Invoice report for ${month}: 42 invoices paid, 3 overdue. The sum${DEFAULT_ELISION_MARKER}mary of late fees is attached.`;
    const { summary } = summarizeSegment(segment(['assistant', 'Fetching the invoice reports.'], ['tool', report('March')], ['tool', report('April')]), tokenizer);
    expect(words(summary)).not.toContain('sum');
    expect(words(summary)).not.toContain('mary');
    expect(summary.topic).toMatch(/invoice/);
  });

  it('keeps whole words beside the marker', () => {
    const report = `Paid invoices from Globex ${DEFAULT_ELISION_MARKER} Globex totals follow.`;
    const { summary } = summarizeSegment(segment(['assistant', 'Fetching the reports.'], ['tool', report], ['tool', report]), tokenizer);
    expect(words(summary)).toContain('Globex');
  });

  it('is no keyword when the summarizer reads only the head of a long turn', () => {
    const opening = 'Quarterly review. ';
    // Words that say nothing up to the read limit, which falls inside "Budgetary".
    const room = DEFAULT_TEXT_LIMITS.maxTurnChars - opening.length - 'Bud'.length;
    const filler = 'ok so '.repeat(Math.floor(room / 6)).padEnd(room, ' ');
    const long = `${opening}${filler}Budgetary notes follow.`;
    const { summary } = summarizeSegment(segment(['user', long], ['user', long]), tokenizer);
    expect(words(summary)).not.toContain('Bud');
    expect(summary.topic).toMatch(/Quarterly review/i);
  });
});

// "Paso 0: …" — a step's number alone says nothing of what was discussed.
describe('a small number said alone', () => {
  it('is no discussed item, while a number with what it counts is', () => {
    const { summary } = summarizeSegment(
      segment(
        ['assistant', 'Unos 40 minutos a esa temperatura.'],
        ['user', 'Paso 1: ¿cuánto tiempo horneo el pan a 210 grados?'],
        ['assistant', 'Unos 39 minutos a esa temperatura.'],
      ),
      tokenizer,
    );
    expect(summary.discussed.some((item) => /^\p{N}{1,2}$/u.test(item))).toBe(false);
    expect(summary.discussed.join(' ')).toMatch(/grados/);
  });
});
