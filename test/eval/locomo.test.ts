import { afterEach, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { startEvalDaemon, type EvalDaemon } from '../../src/eval/eval-daemon.js';
import { parseLocomo, type LocomoQuestion } from '../../src/eval/locomo-data.js';
import { askDryRun, memoryContents, replayLocomo } from '../../src/eval/locomo-replay.js';
import { scoreQuestion, TallyBook } from '../../src/eval/locomo-score.js';

// A LoCoMo-shaped conversation written for these tests (the data set stays in ../shared).
const SMALL_CONVERSATION = {
  speaker_a: 'Ana',
  speaker_b: 'Bo',
  session_1_date_time: '1:56 pm on 8 May, 2023',
  session_1: [
    { speaker: 'Ana', dia_id: 'D1:1', text: 'Remember that my sister lives in Porto.' },
    { speaker: 'Bo', dia_id: 'D1:2', text: 'Got it.' },
  ],
  session_2_date_time: '10:00 am on 15 May, 2023',
  session_2: [
    { speaker: 'Ana', dia_id: 'D2:1', text: 'I went hiking in the mountains today and the view was amazing.' },
    { speaker: 'Bo', dia_id: 'D2:2', text: 'That sounds wonderful, which trail did you take?' },
  ],
  qa: [{ question: 'Where does my sister live?', answer: 'Porto', evidence: ['D1:1'], category: 4 }],
};

describe('the LoCoMo replay', () => {
  let daemon: EvalDaemon | null = null;
  let client: MemorydClient | null = null;
  afterEach(async () => {
    client?.close();
    await daemon?.stop();
  });

  it("runs the daemon on the conversation's dates: a fact stated in May 2023 is confirmed then and is in the prompt a week later", async () => {
    const conversation = parseLocomo(SMALL_CONVERSATION, 'small');
    daemon = await startEvalDaemon({ MEMORYD_EMBEDDER: 'hashing' }, process.cwd(), conversation.turns[0]?.at ?? 0);
    client = new MemorydClient({ socketPath: daemon.socketPath });
    const replay = await replayLocomo(client, daemon.clock, 'small', conversation);
    expect(replay.factsAdded).toBe(1);
    expect(daemon.clock.now()).toBe(Date.UTC(2023, 4, 15, 10, 0) + 5_000);

    const { facts } = await client.json<{ facts: Array<{ fact: string; lastConfirmedAt: string; status: string }> }>('GET', '/v1/facts');
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ status: 'active', lastConfirmedAt: '2023-05-08T13:56:00.000Z' });
    expect(facts[0]?.fact).toMatch(/Porto/);

    // On the machine's clock (years later) the fact would be stale and never shown.
    const response = await askDryRun(client, 'small', 'Where does my sister live?');
    expect(response.layout.sections.find((section) => section.id === 'facts')?.final).toBeGreaterThan(0);
    expect(memoryContents(response).notes.join('\n')).toMatch(/Porto/);
  });
});

const response = (messages: ContextResponse['messages']): ContextResponse => ({ messages }) as ContextResponse;

describe('memoryContents', () => {
  it("keeps what memory put in the prompt: notes (system messages after the first) and turns, without the static prompt or the question", () => {
    const contents = memoryContents(
      response([
        { role: 'system', content: 'static system prompt' },
        { role: 'system', content: 'facts: sister lives in Porto' },
        { role: 'user', content: 'earlier question' },
        { role: 'assistant', content: 'earlier answer' },
        { role: 'system', content: 'summary: hiking' },
        { role: 'user', content: 'the question' },
      ]),
    );
    expect(contents).toEqual({ notes: ['facts: sister lives in Porto', 'summary: hiking'], turns: ['earlier question', 'earlier answer'] });
  });
});

describe('scoreQuestion', () => {
  const turnText = new Map([
    ['D1:1', 'Remember that my   sister lives in Porto.'],
    ['D1:2', 'We painted a sunset over the lake last summer with Caroline.'],
  ]);
  const question = (extra: Partial<LocomoQuestion> = {}): LocomoQuestion => ({ question: 'q', answer: 'Porto', evidence: ['D1:1'], category: 4, ...extra });

  it('finds evidence verbatim with whitespace collapsed, and fuzzily by 80 % of its content words', () => {
    const tally = scoreQuestion(question({ evidence: ['D1:1', 'D1:2'] }), ['Remember that my sister lives in Porto. Caroline painted the sunset over a lake last summer'], 42, turnText);
    expect(tally).toMatchObject({ questions: 1, evidence: 2, evidenceVerbatim: 1, evidenceFuzzy: 2, tokens: 42 });
    const fewWords = scoreQuestion(question({ evidence: ['D1:2'] }), ['a sunset over the lake'], 1, turnText);
    expect(fewWords).toMatchObject({ evidenceVerbatim: 0, evidenceFuzzy: 0 });
  });

  it('counts an evidence id the conversation lacks as missed', () => {
    expect(scoreQuestion(question({ evidence: ['D9:9'] }), ['anything'], 1, turnText)).toMatchObject({ evidence: 1, evidenceVerbatim: 0, evidenceFuzzy: 0 });
  });

  it('matches the gold answer SQuAD-normalised and as whole words; adversarial answers are not scored', () => {
    expect(scoreQuestion(question({ answer: 'The Porto!' }), ['She moved to porto in May'], 1, turnText)).toMatchObject({ answers: 1, answersFound: 1 });
    expect(scoreQuestion(question(), ['The port of Oporto'], 1, turnText)).toMatchObject({ answers: 1, answersFound: 0 });
    expect(scoreQuestion(question({ category: 5 }), ['Porto'], 1, turnText)).toMatchObject({ answers: 0, answersFound: 0 });
  });

  it('tallies by category and overall, and merges books', () => {
    const book = new TallyBook();
    book.add(4, scoreQuestion(question(), ['Porto'], 10, turnText));
    book.add(1, scoreQuestion(question({ category: 1 }), ['Lisbon'], 20, turnText));
    const other = new TallyBook();
    other.add(4, scoreQuestion(question(), ['Porto'], 30, turnText));
    book.merge(other);
    expect(book.get(4)).toMatchObject({ questions: 2, answersFound: 2, tokens: 40 });
    expect(book.get(1)).toMatchObject({ questions: 1, answersFound: 0 });
    expect(book.get(0)).toMatchObject({ questions: 3, answers: 3, answersFound: 2, tokens: 60 });
  });
});
