import { beforeAll, describe, expect, it } from 'vitest';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

function segment(...turns: [SummaryTurn['role'], string][]): SummaryTurn[] {
  return turns.map(([role, content], i) => ({ role, content, turnNumber: i + 1 }));
}

const topicOf = (turns: SummaryTurn[]): string => summarizeSegment(turns, tokenizer).summary.topic;

// A span of time says when something happens, not what it is about: like a date or a
// month, it never takes a topic's place from the thing the segment was about.
describe('the topic of a segment', () => {
  it('names the thing discussed, not the days it was discussed over', () => {
    const sourdough = segment(
      ['user', "I'm baking sourdough this weekend but my starter looks weak after a day on the counter."],
      ['assistant', 'A weak starter usually needs two feedings a day; keep it somewhere warm for a day or two.'],
      ['user', 'Should I still bake the sourdough on Saturday if the starter is weak?'],
    );
    expect(topicOf(sourdough)).toMatch(/sourdough/);
    expect(topicOf(sourdough)).not.toMatch(/\bday\b/);
  });

  it('leaves out weeks, nights and times, in Spanish too', () => {
    const garden = segment(
      ['user', 'The tomatoes in my garden keep splitting every day after it rains.'],
      ['assistant', 'Splitting tomatoes come from uneven watering; water the garden at the same time each day.'],
      ['user', 'Would mulch help the tomatoes?'],
    );
    expect(topicOf(garden)).not.toMatch(/\b(?:day|time)\b/);
    const puppy = segment(
      ['user', 'Our new puppy cries all night in the crate.'],
      ['assistant', 'Put the crate near your bed the first week and give the puppy a chew toy.'],
      ['user', 'Should the crate be covered at night?'],
    );
    expect(topicOf(puppy)).toMatch(/puppy/);
    expect(topicOf(puppy)).not.toMatch(/\bnight\b/);
    const huerto = segment(
      ['user', 'Las tomateras del huerto se rajan cada semana.'],
      ['assistant', 'Riega el huerto todas las semanas a la misma hora.'],
      ['user', '¿Sirve el acolchado para las tomateras?'],
    );
    expect(topicOf(huerto)).toMatch(/huerto|tomateras/);
    expect(topicOf(huerto)).not.toMatch(/semana|hora/);
  });

  it('never takes a word that only opens the sentence ("veamos", "let\'s see")', () => {
    const form = segment(['user', 'Veamos, el IBAN es ES9121000418450200051332, ¿lo pongo aquí?']);
    expect(topicOf(form)).not.toMatch(/veamos/u);
    expect(topicOf(form)).toMatch(/IBAN/u);
  });

  it('keeps a name that looks like one ("Tim")', () => {
    const turns = segment(['user', 'I had lunch with Tim at the office. Tim wants to join the climbing gym.'], ['assistant', 'Climbing with Tim sounds fun.']);
    expect(topicOf(turns)).toMatch(/\bTim\b/);
  });

  it('still shows a span of time inside what was discussed', () => {
    const { summary } = summarizeSegment(segment(['user', 'The risotto takes twenty-five minutes of stirring.'], ['assistant', 'Twenty-five minutes of stirring, then rest it for two minutes.']), tokenizer);
    expect(summary.topic).toMatch(/risotto|stirring/);
    expect(JSON.stringify(summary)).toMatch(/minutes/);
  });
});

// "Here's the retry helper that keeps failing" made the topic "retry helper, here's, failing".
describe('words that only point', () => {
  it.each(["Here's", "Where's", "How's"])('"%s" is no topic word', (opener) => {
    const turns = segment(['user', `${opener} the retry helper that keeps failing on the build server?`], ['assistant', 'The helper never rethrows after the last attempt.']);
    expect(topicOf(turns).toLowerCase()).not.toMatch(/here|where|how/);
    expect(topicOf(turns)).toMatch(/retry helper/);
  });
});
