import { beforeAll, describe, expect, it } from 'vitest';
import { SegmentSummarizer } from '../../src/conversation/segment-summarizer.js';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import type { TxScope } from '../../src/storage/transaction.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('o200k_base');
});

const committed: TxScope = { afterCommit: (callback) => callback() };
const NOTHING = { topic: '', discussed: [], outcome: '', decisions: [], open_questions: [] };

function segment(...turns: [SummaryTurn['role'], string][]): SummaryTurn[] {
  return turns.map(([role, content], i) => ({ role, content, turnNumber: i + 1 }));
}

const atClosing = (turns: readonly SummaryTurn[]) => new SegmentSummarizer(tokenizer, 50, 0).summarize(turns, null, committed);

describe('segments of acknowledgements only', () => {
  it.each([
    ['De acuerdo.'],
    ['Vale, de acuerdo.'],
    ['Sounds good, thanks!'],
    ['Got it, perfect.'],
    ['Perfect, thanks a lot!'],
    ['Muchas gracias, perfecto.'],
    ['Claro, entendido. Listo, dale.'],
    ['Bueno, genial.'],
    ['Okay, sure, makes sense. Cool, great, alright.'],
  ])('"%s" makes no topic and is purged', (text) => {
    const turns = segment(['user', text]);
    expect(summarizeSegment(turns, tokenizer).summary).toEqual(NOTHING);
    expect(atClosing(turns).empty).toBe(true);
  });

  // A number alone was the topic: "hello again 3" gave {"topic": "3"}, 20 tokens in every prompt.
  it.each([
    [['hello there', 'hello again', 'hello again 3']],
    [['hola', 'paso 1', 'vale 15']],
  ])('greetings and bare numbers %j make no topic and are purged', (texts) => {
    const turns = segment(...texts.map((text): [SummaryTurn['role'], string] => ['user', text]));
    expect(summarizeSegment(turns, tokenizer).summary).toEqual(NOTHING);
    expect(atClosing(turns).empty).toBe(true);
  });

  it('an acknowledgement answered by another says nothing either', () => {
    expect(atClosing(segment(['user', 'Vale, de acuerdo.'], ['assistant', '¡Perfecto! De nada.'])).empty).toBe(true);
    expect(atClosing(segment(['user', 'Sounds good, thanks!'], ['assistant', 'Great, glad to help!'])).empty).toBe(true);
  });

  it('keeps what a segment said around its acknowledgements', () => {
    const deal = atClosing(segment(['user', 'Vale, de acuerdo. Firmamos el acuerdo comercial con Chile el martes.']));
    expect(deal.empty).toBe(false);
    expect(deal.topic).toContain('acuerdo');
    const trip = atClosing(segment(['user', 'Sounds good, thanks! Book the cheapest hotel in Lisbon.'], ['assistant', 'Perfect, I booked Hotel Avenida.']));
    expect(trip.empty).toBe(false);
    expect(trip.body).toMatch(/Lisbon|hotel/iu);
  });
});
