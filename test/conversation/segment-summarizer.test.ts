import { beforeAll, describe, expect, it } from 'vitest';
import { SegmentSummarizer, type SummaryWork } from '../../src/conversation/segment-summarizer.js';
import type { SummaryTurn } from '../../src/conversation/summarizer.js';
import { toChunk } from '../../src/tokens/chunks.js';
import { ConfigError } from '../../src/errors.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { TxScope } from '../../src/storage/transaction.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('o200k_base');
});

// A transaction that commits at once, and one that never does (a dry run, a rollback).
const committed: TxScope = { afterCommit: (callback) => callback() };
const rolledBack: TxScope = { afterCommit: () => {} };

const turn = (turnNumber: number, content: string, role: SummaryTurn['role'] = 'user'): SummaryTurn => ({ role, content, turnNumber });
const GARDEN = [turn(1, 'Should we plant tomatoes or peppers this spring?'), turn(2, 'Tomatoes need more sun.', 'assistant'), turn(3, 'We decided on peppers then.')];
const TRIP = [turn(4, 'Book the train to Lyon for Friday.'), turn(5, 'The 9:04 train has seats.', 'assistant'), turn(6, 'Great, take the 9:04.')];

// The content computed at closing, by a summarizer that never prepares ahead.
function atClosing(turns: readonly SummaryTurn[]) {
  return new SegmentSummarizer(tokenizer, 50, 0).summarize(turns, null, committed);
}

function summarizer(capacity: number): { summarizer: SegmentSummarizer; work: SummaryWork[] } {
  const work: SummaryWork[] = [];
  return { summarizer: new SegmentSummarizer(tokenizer, 50, capacity, (each) => work.push(each)), work };
}

describe('SegmentSummarizer', () => {
  it('writes the same summary whether it was prepared ahead or computed at closing', () => {
    const { summarizer: ahead, work } = summarizer(8);
    ahead.anticipate(GARDEN);
    expect(ahead.pending).toBe(1);
    const prepared = ahead.summarize(structuredClone(GARDEN), null, committed);
    expect(prepared).toEqual(atClosing(GARDEN));
    expect(work).toEqual(['prepared', 'anticipated']);
    expect(ahead.pending).toBe(0);
  });

  it('says when a segment left nothing to keep', () => {
    expect(atClosing([turn(8, 'Noted.', 'assistant')]).empty).toBe(true);
    expect(atClosing([turn(8, 'Ok, thanks!'), turn(9, 'Noted.', 'assistant')]).empty).toBe(true);
    expect(atClosing(GARDEN).empty).toBe(false);
    expect(atClosing([turn(8, 'Noted.', 'assistant'), turn(9, 'Remember that my manager is Laura.')]).empty).toBe(false);
  });

  it('keeps a summary of a segment written without spaces, and of one long identifier', () => {
    const japanese = atClosing([
      turn(8, '来週の金曜日に請求サービスをKubernetesクラスタにデプロイすることに決めました'),
      turn(9, 'はい', 'assistant'),
      turn(10, '了解'),
    ]);
    expect(japanese.empty).toBe(false);
    expect(japanese.body).toMatch(/請求|サービス|デプロイ/u);
    expect(tokenizer.count(toChunk(japanese.body))).toBeLessThanOrEqual(50);
    const identifier = atClosing([turn(8, 'ThisIsAnExtremelyLongIdentifierNameThatGoesOnAndOnAndOn'), turn(9, 'Ok.', 'assistant')]);
    expect(identifier.empty).toBe(false);
    expect(identifier.body).toContain('ThisIsAnExtremely');
  });

  it('keeps a trace of a segment that only pasted code: not the code, that it was pasted', () => {
    const pasted = atClosing([turn(8, '```python\ndef total(items):\n    return sum(item.price for item in items)\n```'), turn(9, 'Noted.', 'assistant')]);
    expect(pasted.empty).toBe(false);
    expect(JSON.parse(pasted.body)).toMatchObject({ discussed: ['python code block'] });
    expect(pasted.body).not.toMatch(/def|total|price/u);
    expect(pasted.searchText).toContain('code');
    const unnamed = atClosing([turn(8, '~~~\nSELECT 1;\n~~~'), turn(9, 'Ok.', 'assistant')]);
    expect(JSON.parse(unnamed.body)).toMatchObject({ discussed: ['code block'] });
    // Inline backticks are no block; and words around a block are summarised as before.
    expect(atClosing([turn(8, 'Ok ```'), turn(9, 'Noted.', 'assistant')]).empty).toBe(true);
    expect(JSON.parse(atClosing([turn(8, 'Why does the Atlas parser fail?\n```js\nparse(x)\n```')]).body)).not.toMatchObject({ discussed: ['js code block'] });
  });

  it('holds the summary as rendered, its compact form, their exact counts and its search words', () => {
    const content = atClosing(GARDEN);
    const body = JSON.parse(content.body) as Record<string, unknown>;
    expect(body).toMatchObject({ topic: expect.stringContaining('peppers'), outcome: expect.stringContaining('sun'), decisions: [expect.stringContaining('peppers')] });
    expect(content.topic).toBe(body.topic);
    // Sizes add up: the counts are those of the text the prompt will hold.
    expect(content.tokenCount).toBe(tokenizer.count(toChunk(content.body)));
    expect(content.tokenCount).toBeLessThanOrEqual(50);
    // The compact form keeps what was decided.
    const compact = JSON.parse(content.compactBody) as Record<string, unknown>;
    expect(Object.keys(compact)).toEqual(['topic', 'outcome', 'decisions']);
    expect(compact).toEqual({ topic: body.topic, outcome: body.outcome, decisions: body.decisions });
    expect(content.compactTokenCount).toBe(tokenizer.count(toChunk(content.compactBody)));
    expect(content.compactTokenCount).toBeLessThan(content.tokenCount);
    const words = content.searchText.split(' ');
    expect(words).toEqual(expect.arrayContaining(['peppers', 'tomatoes', 'spring', 'sun']));
    expect(words).not.toContain('we');
    expect(words).not.toContain('should');
    // The JSON's key names are in every summary: they would match any question that says "decisions".
    for (const key of ['topic', 'discussed', 'outcome', 'decisions', 'open', 'questions']) expect(words).not.toContain(key);
  });

  it('is found by its segment\'s top keywords, not only by the few its summary shows', () => {
    const content = atClosing([
      turn(1, 'El carpintero Ramón viene el martes 2 de diciembre a medir los muebles de la cocina.'),
      turn(2, 'Perfecto: Ramón, el martes 2 de diciembre, para medir los muebles.', 'assistant'),
      turn(3, 'Y el fontanero Julián cambia el grifo del baño el jueves.'),
    ]);
    expect(content.body).not.toContain('carpintero');
    expect(content.searchText.split(' ')).toEqual(expect.arrayContaining(['carpintero', 'ramon', 'fontanero']));
  });

  it('has a compact form of topic and outcome alone when nothing was decided, always smaller than the summary', () => {
    const content = atClosing([turn(1, 'How warm should the greenhouse be at night?'), turn(2, 'Keep it above ten degrees.', 'assistant')]);
    expect(JSON.parse(content.body)).toMatchObject({ decisions: [] });
    const compact = JSON.parse(content.compactBody) as Record<string, unknown>;
    expect(Object.keys(compact)).toEqual(['topic', 'outcome']);
    expect(content.compactTokenCount).toBe(tokenizer.count(toChunk(content.compactBody)));
    expect(content.compactTokenCount).toBeLessThan(content.tokenCount);
  });

  it('computes a segment that differs from the prepared one in text, role or turn number', () => {
    const { summarizer: ahead, work } = summarizer(8);
    ahead.anticipate(GARDEN);
    const variants = [
      GARDEN.map((each, i) => (i === 2 ? { ...each, content: 'We decided on tomatoes then.' } : each)),
      GARDEN.map((each, i) => (i === 1 ? { ...each, role: 'tool' as const } : each)),
      GARDEN.map((each) => ({ ...each, turnNumber: each.turnNumber + 10 })),
      GARDEN.slice(0, 2),
    ];
    for (const variant of variants) expect(ahead.summarize(variant, null, committed)).toEqual(atClosing(variant));
    expect(work).toEqual(['prepared', 'computed', 'computed', 'computed', 'computed']);
    expect(ahead.pending).toBe(1);
  });

  it('keys a prepared summary by the reply after the segment too', () => {
    const { summarizer: ahead, work } = summarizer(8);
    const question = [turn(7, 'Which train should I take?')];
    const reply = turn(8, 'The 9:04 has seats.', 'assistant');
    ahead.anticipate(question, reply);
    expect(ahead.summarize(question, null, committed)).toEqual(new SegmentSummarizer(tokenizer, 50, 0).summarize(question, null, committed));
    expect(ahead.summarize(question, reply, committed)).toEqual(new SegmentSummarizer(tokenizer, 50, 0).summarize(question, reply, committed));
    expect(work).toEqual(['prepared', 'computed', 'anticipated']);
    expect(ahead.summarize(question, null, committed).body).not.toEqual(ahead.summarize(question, reply, committed).body);
  });

  it('keeps at most `capacity` prepared summaries, dropping the oldest', () => {
    const { summarizer: ahead, work } = summarizer(1);
    ahead.anticipate(GARDEN);
    ahead.anticipate(GARDEN);
    ahead.anticipate(TRIP);
    expect(ahead.pending).toBe(1);
    ahead.summarize(GARDEN, null, committed);
    ahead.summarize(TRIP, null, committed);
    expect(work).toEqual(['prepared', 'prepared', 'computed', 'anticipated']);
  });

  it('a guess that fails is dropped; the error comes when the segment really closes', () => {
    // 5 tokens cannot hold even the summary's empty keys.
    const work: SummaryWork[] = [];
    const tooSmall = new SegmentSummarizer(tokenizer, 5, 8, (each) => work.push(each));
    expect(() => tooSmall.anticipate(GARDEN)).not.toThrow();
    expect(tooSmall.pending).toBe(0);
    expect(() => tooSmall.summarize(GARDEN, null, committed)).toThrow(ConfigError);
    expect(work).toEqual(['failed', 'computed']);
  });

  it('keeps a prepared summary and counts no work when the closing is rolled back (a dry run)', () => {
    const { summarizer: ahead, work } = summarizer(8);
    ahead.anticipate(GARDEN);
    expect(ahead.summarize(GARDEN, null, rolledBack)).toEqual(atClosing(GARDEN));
    ahead.summarize(TRIP, null, rolledBack);
    expect(work).toEqual(['prepared']);
    expect(ahead.pending).toBe(1);
    ahead.summarize(GARDEN, null, committed);
    expect(work).toEqual(['prepared', 'anticipated']);
    expect(ahead.pending).toBe(0);
  });

  it('prepares nothing with capacity 0', () => {
    const { summarizer: never, work } = summarizer(0);
    never.anticipate(GARDEN);
    expect(never.pending).toBe(0);
    never.summarize(GARDEN, null, committed);
    expect(work).toEqual(['computed']);
  });
});
