import { beforeAll, describe, expect, it } from 'vitest';
import { SegmentSummarizer, type SummaryWork } from '../../src/conversation/segment-summarizer.js';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { TxScope } from '../../src/storage/transaction.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

const committed: TxScope = { afterCommit: (callback) => callback() };
// Sunday 15 March 2026, 10:00 UTC (the suite reads days in UTC).
const SUNDAY = Date.UTC(2026, 2, 15, 10);
const HOUR = 3_600_000;

const said = (content: string, at: number, role: SummaryTurn['role'] = 'user', turnNumber = 1): SummaryTurn => ({ role, content, turnNumber, at });
const summaryOf = (turns: SummaryTurn[]) => summarizeSegment(turns, tokenizer).summary;

describe('relative days in a summary', () => {
  it('are written as the dates they point to from the turn that says them', () => {
    expect(summaryOf([said('Yesterday we decided to move the launch to April.', SUNDAY)]).outcome).toBe('On 2026-03-14 we decided to move the launch to April');
    expect(summaryOf([said('Ayer decidimos mover el lanzamiento a abril.', SUNDAY)]).outcome).toBe('El 2026-03-14 decidimos mover el lanzamiento a abril');
    expect(summaryOf([said('The vendor call is today at noon with Globex.', SUNDAY)]).outcome).toBe('The vendor call is on 2026-03-15 at noon with Globex');
    expect(summaryOf([said('Hoy firmamos el contrato con Globex.', SUNDAY)]).outcome).toBe('El 2026-03-15 firmamos el contrato con Globex');
    expect(summaryOf([said('We shipped the billing export since yesterday.', SUNDAY)]).outcome).toBe('We shipped the billing export since 2026-03-14');
    // Weeks start on Monday: the week before the one of Sunday 15 March starts on 2 March.
    expect(summaryOf([said('Last week the Atlas team fixed the billing export.', SUNDAY)]).outcome).toBe('In the week of 2026-03-02 the Atlas team fixed the billing export');
    expect(summaryOf([said('La semana pasada el equipo arregló la exportación.', SUNDAY)]).outcome).toBe('La semana del 2026-03-02 el equipo arregló la exportación');
    expect(summaryOf([said('The Globex demo went well three days ago.', SUNDAY)]).outcome).toBe('The Globex demo went well on 2026-03-12');
  });

  it("count from each turn's own day, in UTC days here, not from when the segment closes", () => {
    const turns = [
      said('Yesterday the Atlas build broke on the release branch.', Date.UTC(2026, 2, 10, 0, 30), 'user', 1),
      said('Today the Atlas build is green again on the release branch.', SUNDAY, 'assistant', 2),
    ];
    const summary = summaryOf(turns);
    expect(summary.outcome).toBe('On 2026-03-15 the Atlas build is green again on the release branch');
    expect(JSON.stringify(summary)).not.toMatch(/yesterday|today/iu);
    // The user's "yesterday", half an hour into 10 March, is 9 March.
    expect(summaryOf([turns[0] as SummaryTurn]).outcome).toBe('On 2026-03-09 the Atlas build broke on the release branch');
  });

  it('never make a topic or a phrase of their own, and leave figures of speech and turns without a time alone', () => {
    const summary = summaryOf([said('Yesterday the pottery class was great. Yesterday I made a plate in the pottery class.', SUNDAY)]);
    expect(summary.topic).not.toMatch(/2026|yesterday/iu);
    for (const phrase of summary.discussed) expect(phrase).not.toMatch(/2026|yesterday/iu);
    expect(summaryOf([said('Time flies, it feels like yesterday we met in Lisbon.', SUNDAY)]).outcome).toContain('like yesterday');
    expect(summarizeSegment([{ role: 'user', content: 'Yesterday we decided to move the launch.', turnNumber: 1 }], tokenizer).summary.outcome).toBe('Yesterday we decided to move the launch');
  });

  it('make the time part of what a prepared summary is kept by', () => {
    const work: SummaryWork[] = [];
    const summarizer = new SegmentSummarizer(tokenizer, 50, 8, (each) => work.push(each));
    const segment = (at: number) => [said('Yesterday we decided to move the Atlas launch to April.', at)];
    summarizer.anticipate(segment(SUNDAY));
    // The same words said a day later point to another day: the prepared summary does not do.
    const later = summarizer.summarize(segment(SUNDAY + 24 * HOUR), null, committed);
    expect(JSON.parse(later.body)).toMatchObject({ outcome: 'On 2026-03-15 we decided to move the Atlas launch to April' });
    expect(later).toEqual(new SegmentSummarizer(tokenizer, 50, 0).summarize(segment(SUNDAY + 24 * HOUR), null, committed));
    expect(summarizer.summarize(segment(SUNDAY), null, committed)).toEqual(new SegmentSummarizer(tokenizer, 50, 0).summarize(segment(SUNDAY), null, committed));
    expect(work).toEqual(['prepared', 'computed', 'anticipated']);
  });
});
