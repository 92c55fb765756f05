import { beforeAll, describe, expect, it } from 'vitest';
import { SegmentSummarizer } from '../../src/conversation/segment-summarizer.js';
import { fitSummary, type SummaryDraft } from '../../src/conversation/summary-budget.js';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import type { TxScope } from '../../src/storage/transaction.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

// A decision said with the day it was taken ("Ayer decidimos…") keeps that day as the date
// it points to, as the outcome does: a summary is read weeks later.

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

// Friday 20 November 2026, 10:00 UTC (the suite reads days in UTC).
const FRIDAY = Date.UTC(2026, 10, 20, 10);
const DAY = 24 * 3_600_000;
const committed: TxScope = { afterCommit: (callback) => callback() };

// A user turn and the assistant's answer, both said at `at`.
const exchange = (user: string, assistant: string, at: number = FRIDAY): SummaryTurn[] => [
  { role: 'user', content: user, turnNumber: 1, at },
  { role: 'assistant', content: assistant, turnNumber: 2, at },
];
const decisionsOf = (turns: SummaryTurn[], maxTokens = 50) => summarizeSegment(turns, tokenizer, { maxTokens }).summary.decisions;

describe('a decision opened by a relative day', () => {
  it.each([
    ['Ayer decidimos mover el lanzamiento al viernes.', 'Perfecto, aviso al equipo de marketing.', 'El 2026-11-19 decidimos mover el lanzamiento al viernes'],
    ['Yesterday we decided to move the launch to Friday.', 'Great, I will tell the marketing team.', 'On 2026-11-19 we decided to move the launch to Friday'],
    ['Yesterday, after a long call, we decided to move the launch to Friday.', 'Great, I will tell the marketing team.', 'On 2026-11-19 we decided to move the launch to Friday'],
    ['Ayer, tras una larga llamada, decidimos mover el lanzamiento al viernes.', 'Perfecto, aviso al equipo.', 'El 2026-11-19 decidimos mover el lanzamiento al viernes'],
    ['Last week we agreed to use Postgres for billing.', 'Ok, I will update the schema.', 'In the week of 2026-11-09 we agreed to use Postgres for billing'],
    ['Esta mañana hemos decidido usar Postgres.', 'Vale, actualizo el esquema.', 'La mañana del 2026-11-20 hemos decidido usar Postgres'],
  ])('%s → the date it points to', (user, assistant, decision) => {
    const result = summarizeSegment(exchange(user, assistant), tokenizer);
    expect(result.summary.decisions).toEqual([decision]);
    expect(result.tokenCount).toBeLessThanOrEqual(50);
    expect(result.text).not.toMatch(/\b(?:yesterday|ayer|last week|esta mañana)\b/iu);
  });

  it('counts from the day of the turn that says it', () => {
    const turns = exchange('Ayer decidimos mover el lanzamiento al viernes.', 'Perfecto, aviso al equipo de marketing.', FRIDAY + 3 * DAY);
    expect(decisionsOf(turns)).toEqual(['El 2026-11-22 decidimos mover el lanzamiento al viernes']);
  });

  it('is said once, with its day, when the segment also says it without one', () => {
    const turns: SummaryTurn[] = [
      { role: 'user', content: 'We decided to move the launch to Friday.', turnNumber: 1, at: FRIDAY },
      { role: 'assistant', content: 'Right.', turnNumber: 2, at: FRIDAY },
      ...exchange('Yesterday we decided to move the launch to Friday.', 'Ok, I will tell the marketing team.').map((turn, i) => ({ ...turn, turnNumber: 3 + i })),
    ];
    expect(decisionsOf(turns)).toEqual(['On 2026-11-19 we decided to move the launch to Friday']);
  });

  it('takes no day from another clause, nor from a turn without a time', () => {
    const other = exchange('Yesterday the build broke, so we decided to roll back the release.', 'Sure, I will write the incident report for the team tonight.');
    expect(decisionsOf(other)).toEqual(['decided to roll back the release']);
    const untimed = exchange('Yesterday we decided to move the launch to Friday.', 'Great, I will tell the marketing team.').map(({ at: _at, ...turn }) => turn);
    expect(decisionsOf(untimed)).toEqual(['decided to move the launch to Friday']);
  });

  it('without room for the date, is the decision from its verb and the rest as without any day', () => {
    const turns = exchange('Ayer el equipo de producto decidió mover el lanzamiento al viernes.', 'Perfecto, aviso al equipo de marketing.');
    const result = summarizeSegment(turns, tokenizer);
    expect(result.summary.decisions).toEqual(['decidió mover el lanzamiento al viernes']);
    expect(result.summary).toMatchObject({ topic: 'equipo, producto, mover', outcome: 'Perfecto aviso al equipo de marketing' });
    expect(result.tokenCount).toBeLessThanOrEqual(50);
    for (const maxTokens of [30, 40, 45, 60]) {
      const fitted = summarizeSegment(exchange('Yesterday we decided to move the launch to Friday.', 'Great, I will tell the marketing team.'), tokenizer, { maxTokens });
      expect(fitted.tokenCount).toBeLessThanOrEqual(maxTokens);
      for (const decision of fitted.summary.decisions) expect(decision).toMatch(/^(?:On 2026-11-19 we )?decided to move the launch/u);
    }
  });

  it('is the same summary prepared ahead as computed at closing, and a day later another one', () => {
    const segment = (at: number) => exchange('Ayer decidimos mover el lanzamiento al viernes.', 'Perfecto, aviso al equipo de marketing.', at);
    const summarizer = new SegmentSummarizer(tokenizer, 50, 8);
    summarizer.anticipate(segment(FRIDAY));
    const prepared = summarizer.summarize(segment(FRIDAY), null, committed);
    expect(prepared).toEqual(new SegmentSummarizer(tokenizer, 50, 0).summarize(segment(FRIDAY), null, committed));
    expect(JSON.parse(prepared.body)).toMatchObject({ decisions: ['El 2026-11-19 decidimos mover el lanzamiento al viernes'] });
    summarizer.anticipate(segment(FRIDAY));
    const later = summarizer.summarize(segment(FRIDAY + DAY), null, committed);
    expect(JSON.parse(later.body)).toMatchObject({ decisions: ['El 2026-11-20 decidimos mover el lanzamiento al viernes'] });
    expect(later).toEqual(new SegmentSummarizer(tokenizer, 50, 0).summarize(segment(FRIDAY + DAY), null, committed));
  });
});

describe('fitSummary: a decision\'s day', () => {
  const draft: SummaryDraft = {
    topic: ['Friday', 'launch'],
    discussed: [['marketing', 'team']],
    outcome: 'Great I will tell the marketing team'.split(' '),
    decisions: ['On 2026-11-19 we decided to move the launch to Friday'.split(' ')],
    decisionDates: [3],
    open_questions: [],
  };
  const undated: SummaryDraft = { ...draft, decisions: ['decided to move the launch to Friday'.split(' ')], decisionDates: [] };

  it('goes before any word of the decision, and then the summary is the one fitted without it', () => {
    const roomy = fitSummary(draft, tokenizer, 1000);
    expect(roomy.summary.decisions).toEqual(['On 2026-11-19 we decided to move the launch to Friday']);
    const kinds = new Set<string>();
    for (let maxTokens = roomy.tokenCount; maxTokens >= 25; maxTokens -= 1) {
      const fitted = fitSummary(draft, tokenizer, maxTokens);
      const [decision] = fitted.summary.decisions;
      expect(fitted.tokenCount).toBeLessThanOrEqual(maxTokens);
      if (decision === 'On 2026-11-19 we decided to move the launch to Friday') {
        kinds.add('dated');
      } else {
        kinds.add(decision === 'decided to move the launch to Friday' ? 'undated' : 'cut');
        // Never cut to keep its day: the decision is as it would be without one.
        expect(fitted).toEqual(fitSummary(undated, tokenizer, maxTokens));
      }
    }
    expect([...kinds]).toEqual(['dated', 'undated', 'cut']);
  });
});
