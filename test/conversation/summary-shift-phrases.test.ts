import { beforeAll, describe, expect, it } from 'vitest';
import { explicitShiftPhrases } from '../../src/conversation/shift-phrases.js';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import { foldText } from '../../src/conversation/text-normalise.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

function segment(...turns: [SummaryTurn['role'], string][]): SummaryTurn[] {
  return turns.map(([role, content], i) => ({ role, content, turnNumber: i + 1 }));
}

const PHRASES = [...new Set(Object.values(explicitShiftPhrases()).flat())];
const capitalised = (phrase: string): string => `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}`;
// Whether a topic item or a phrase says the shift phrase (folded, as whole words).
const says = (item: string, phrase: string): boolean => ` ${foldText(item).replace(/['’]/gu, '')} `.includes(` ${phrase} `);

// "Switching topics, …" announces a topic change; it is none, in any language the lists hold.
describe('a topic-change phrase in a segment', () => {
  it('is never its topic or a phrase it discussed', () => {
    const { summary } = summarizeSegment(
      segment(['user', 'Switching topics, what should I cook for dinner tonight?'], ['assistant', 'A mushroom risotto would be quick.'], ['user', 'Switching topics again, is risotto hard?']),
      tokenizer,
    );
    expect(summary.topic).not.toMatch(/switching|topics/i);
    expect(summary.topic).toMatch(/risotto/);
    expect(summary.open_questions).toEqual(['is risotto hard?']);
  });

  it.each(PHRASES)('"%s" is no topic nor phrase, opening the message or inside it', (phrase) => {
    const turns = segment(
      ['user', `${capitalised(phrase)}, the greenhouse tomatoes are splitting.`],
      ['assistant', 'Splitting tomatoes come from uneven watering in the greenhouse.'],
      ['user', `Oh and, ${phrase} the greenhouse tomatoes, should I mulch them? ${capitalised(phrase)}.`],
    );
    const { summary } = summarizeSegment(turns, tokenizer);
    for (const item of [...summary.topic.split(', '), ...summary.discussed]) expect(says(item, phrase), `${item} says "${phrase}"`).toBe(false);
    expect(summary.topic).toMatch(/tomato|greenhouse/);
  });
});
